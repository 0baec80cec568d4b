import { existsSync } from 'node:fs'
import * as contract from '@app/contract'
import { type BillDetail, estimateMonth, priceBill, translate } from '@app/contract'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  mailsTo,
  setUser,
  signIn,
  type TestApp,
  useCommonRates,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { queryRows } from '../../db/client.ts'
import { auditLog, billingRuns, bills, rangeRequests, settingsWeight } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { effectivePrices, SETTING_KEYS } from '../pricing/prices.ts'
import { writeSetting } from '../settings/settings.ts'
import { pdfLines } from './files.ts'
import { accruedCents, generateBills } from './generate.ts'
import { emailNewBills } from './notices.ts'
import { listAllBills, walkBills } from './queries.ts'
import { billLastMonthIfDue } from './scheduler.ts'

// Bills end to end through app.inject on a real database: generation by hand-computed numbers, its
// exactly-once guarantees and bookkeeping, every endpoint with its roles, the files and their links.
// The test clock stands at 2026-11-02T08:00Z: October 2026 is closed, November is running.

const NOW = new Date('2026-11-02T08:00:00.000Z')
const MISSING_BILL = `bil_${'0'.repeat(26)}`
const INVOICE_CODE = /^INV-202610-\d{6}$/

async function usage(t: TestApp, userId: string, service: string, day: string, hits: number) {
  await t.ctx.db.execute(sql`
    insert into usage_daily (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    values (${`key_${userId.slice(4)}`}, ${userId}, ${service}, ${day}::date, ${hits}, ${hits}, 0, 0, 0, 0)
    on conflict (day, key_id, service) do update set hits = usage_daily.hits + excluded.hits`)
}

async function file(t: TestApp, path: string, options: { token?: string; lang?: string } = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: path,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
  })
  return response
}

async function workbook(buffer: Buffer) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(buffer as unknown as ArrayBuffer)
  const sheet = book.worksheets[0]
  if (!sheet) throw new Error('no worksheet')
  const rows: ExcelJS.CellValue[][] = []
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)))
  return { sheet, rows }
}

describe('bills', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = async (label: string) => {
    const user = await createUser(t, { email: freshEmail(label) })
    return { user, token: await signIn(t, user.email) }
  }
  // Alice: the current book, no discount. Bob: a private GEOCODE rate with its own tiers and the
  // discount. Carol: the legacy book, with the discount. Dave: a little usage the free credit covers.
  // Erin: only usage no rate setting recognised (UNCLASSIFIED), which is not billed.
  const alice = await customer('alice')
  const bob = await customer('bob')
  const carol = await customer('carol')
  const dave = await customer('dave')
  const erin = await customer('erin')
  await setUser(t, alice.user.id, { firstName: '=HYPERLINK("http://evil.example")', lastName: 'Nguyen' })
  await setUser(t, bob.user.id, { enjoyDiscount: true })
  await setUser(t, carol.user.id, { enjoyDiscount: true, priceBookIsNew: false })

  await useCommonRates(t)
  await writeSetting(t.ctx.db, SETTING_KEYS.freeMonth, { free: '5.00' }, null, NOW)
  await writeSetting(t.ctx.db, SETTING_KEYS.billing, { discount_percent: '10', exchange_rate: '25000' }, null, NOW)
  const bobGeocode = newId('rat')
  await t.ctx.db.insert(settingsWeight).values({
    id: bobGeocode,
    type: 'GEOCODE',
    rate: '0.002',
    free: 1000,
    prefix: '/api/v1',
    paths: '/geocode',
    isNew: true,
    userId: bob.user.id,
  })
  await t.ctx.db.insert(rangeRequests).values([
    { id: newId('rng'), settingId: bobGeocode, requestFrom: 0, requestTo: 50_000, rate: '0.002', userId: bob.user.id },
    { id: newId('rng'), settingId: bobGeocode, requestFrom: 50_000, requestTo: -1, rate: '0.001', userId: bob.user.id },
  ])

  // October: the month billed below. September and November usage must not count in it.
  await usage(t, alice.user.id, 'GEOCODE', '2026-10-05', 100_000)
  await usage(t, alice.user.id, 'GEOCODE', '2026-10-31', 150_000)
  await usage(t, alice.user.id, 'LOAD_MAP', '2026-10-12', 30_000)
  await usage(t, alice.user.id, 'UNCLASSIFIED', '2026-10-12', 5_000)
  await usage(t, alice.user.id, 'GEOCODE', '2026-09-30', 7_000)
  await usage(t, alice.user.id, 'GEOCODE', '2026-11-01', 20_000)
  await usage(t, alice.user.id, 'GEOCODE', '2026-11-02', 40_000)
  await usage(t, bob.user.id, 'GEOCODE', '2026-10-01', 101_000)
  await usage(t, bob.user.id, 'DIRECTION', '2026-10-15', 40_003)
  await usage(t, bob.user.id, 'DIRECTION', '2026-09-15', 50_000)
  await usage(t, carol.user.id, 'GEOCODE', '2026-10-20', 140_000)
  await usage(t, dave.user.id, 'LOAD_MAP', '2026-10-03', 28_100)
  await usage(t, erin.user.id, 'UNCLASSIFIED', '2026-10-03', 900_000)

  const billOf = async (userId: string, year = 2026, month = 10): Promise<BillDetail> => {
    const [row] = await t.ctx.db
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.userId, userId), eq(bills.year, year), eq(bills.month, month)))
    if (!row) throw new Error(`no bill for ${userId} ${year}-${month}`)
    const res = await call(t, contract.getBill, { params: { id: row.id } }, { token: admin.token })
    return res.body.data
  }
  const auditRows = (action: string, targetId?: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(targetId ? and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)) : eq(auditLog.action, action))
      .orderBy(asc(auditLog.id))

  describe('generation', () => {
    it('refuses a month that has not ended', async () => {
      for (const month of [11, 12]) {
        const res = await call(t, contract.generateBills, { body: { year: 2026, month } }, { token: admin.token })
        expect(res.status).toBe(422)
        expect(errorEnvelope(res.body)).toMatchObject({
          error_code: 'MONTH_NOT_CLOSED',
          message: 'Bills can only be generated for a month that has ended',
        })
      }
      expect(await t.ctx.db.select().from(bills)).toEqual([])
    })

    it('bills every user with usage in October, once, and records the run', async () => {
      const res = await call(t, contract.generateBills, { body: { year: 2026, month: 10 } }, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('4 bills created, 0 already existed')
      expect(res.body.data).toMatchObject({
        year: 2026,
        month: 10,
        status: 'done',
        trigger: 'admin',
        users: 4,
        created: 4,
        skipped: 0,
        error: null,
        started_at: NOW.toISOString(),
      })
      const audit = await auditRows('billing.generate', '2026-10')
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({ actorId: admin.user.id, after: { created: 4, status: 'done' } })
      const all = await t.ctx.db.select().from(bills)
      expect(all.map((b) => b.userId).sort()).toEqual([alice.user.id, bob.user.id, carol.user.id, dave.user.id].sort())
      expect(new Set(all.map((b) => b.code)).size).toBe(4)
    })

    it('prices tiers across 100,000 after the free allowance, skipping unclassified usage (Alice)', async () => {
      const bill = await billOf(alice.user.id)
      expect(bill).toMatchObject({
        user_id: alice.user.id,
        user_email: alice.user.email,
        month: 10,
        year: 2026,
        billed_from: '2026-10-01',
        billed_to: '2026-10-31',
        bill_date: NOW.toISOString(),
        is_new: true,
        // GEOCODE: 250,000 − 40,000 free = 210,000 billable: 100,000 × 0.005 + 100,000 × 0.004 +
        // 10,000 × 0.004 = 940.00. LOAD_MAP: 30,000 − 28,000 = 2,000 × 0.007 = 14.00.
        amount_before_discount: '954.00',
        discount_percent: '0',
        discount: '0.00',
        amount: '954.00',
        free_credit: '5.00',
        total: '949.00',
        exchange_rate: '25000',
        total_vnd: '23725000',
        paid: false,
        paid_at: null,
        vat_requested: false,
        vat_request: null,
      })
      expect(bill.code).toMatch(INVOICE_CODE)
      expect(bill.transfer_content).toBe(bill.code)
      // In the order of the service types (docs/requirements.md §1.4).
      expect(bill.lines).toEqual([
        {
          service: 'LOAD_MAP',
          hits: 30_000,
          free: 28_000,
          billable: 2_000,
          private: false,
          tiers: [
            {
              request_from: 0,
              request_to: 100_000,
              rate: '0.007',
              rate_per_1000: '7.00',
              requests: 2_000,
              amount: '14.0',
            },
          ],
          subtotal: '14.00',
        },
        {
          service: 'GEOCODE',
          hits: 250_000,
          free: 40_000,
          billable: 210_000,
          private: false,
          tiers: [
            {
              request_from: 0,
              request_to: 100_000,
              rate: '0.005',
              rate_per_1000: '5.00',
              requests: 100_000,
              amount: '500.0',
            },
            {
              request_from: 100_000,
              request_to: 200_000,
              rate: '0.004',
              rate_per_1000: '4.00',
              requests: 100_000,
              amount: '400.0',
            },
            {
              request_from: 200_000,
              request_to: 500_000,
              rate: '0.004',
              rate_per_1000: '4.00',
              requests: 10_000,
              amount: '40.0',
            },
          ],
          subtotal: '940.00',
        },
      ])
    })

    it('prices a private rate over the common one, rounds each line once and applies the discount (Bob)', async () => {
      const bill = await billOf(bob.user.id)
      // GEOCODE (private, free 1,000): 100,000 billable = 50,000 × 0.002 + 50,000 × 0.001 = 150.00.
      // DIRECTION (common): 3 × 0.005 = 0.015 → 0.02. Discount 10 % of 150.02 = 15.002 → 15.00.
      expect(bill).toMatchObject({
        amount_before_discount: '150.02',
        discount_percent: '10',
        discount: '15.00',
        amount: '135.02',
        free_credit: '5.00',
        total: '130.02',
        total_vnd: '3250500',
        paid: false,
      })
      expect(bill.lines.map((l) => [l.service, l.private, l.billable, l.subtotal])).toEqual([
        ['GEOCODE', true, 100_000, '150.00'],
        ['DIRECTION', false, 3, '0.02'],
      ])
      expect(bill.lines.find((l) => l.service === 'DIRECTION')?.tiers).toEqual([
        { request_from: 0, request_to: 100_000, rate: '0.005', rate_per_1000: '5.00', requests: 3, amount: '0.015' },
      ])
      expect(bill.lines.find((l) => l.service === 'GEOCODE')?.tiers.map((x) => [x.rate, x.requests])).toEqual([
        ['0.002', 50_000],
        ['0.001', 50_000],
      ])
    })

    it('prices a legacy-book user by the legacy rates (Carol)', async () => {
      const bill = await billOf(carol.user.id)
      // Legacy GEOCODE: 120 % flat = 0.006, free 40,000: 100,000 × 0.006 = 600.00; 10 % off; 5.00 credit.
      expect(bill).toMatchObject({
        is_new: false,
        amount_before_discount: '600.00',
        discount: '60.00',
        amount: '540.00',
        free_credit: '5.00',
        total: '535.00',
      })
      expect(bill.lines[0]?.tiers).toEqual([
        { request_from: 0, request_to: -1, rate: '0.006', rate_per_1000: '6.00', requests: 100_000, amount: '600.0' },
      ])
    })

    it('stores a bill the free credit covers as paid, by nobody (Dave)', async () => {
      const bill = await billOf(dave.user.id)
      expect(bill).toMatchObject({
        amount_before_discount: '0.70',
        free_credit: '0.70',
        total: '0.00',
        total_vnd: '0',
        paid: true,
        paid_at: NOW.toISOString(),
      })
      const [row] = await t.ctx.db.select().from(bills).where(eq(bills.id, bill.id))
      expect(row?.paidBy).toBeNull()
    })

    it('creates nothing on a rerun', async () => {
      const res = await call(t, contract.generateBills, { body: { year: 2026, month: 10 } }, { token: admin.token })
      expect(res.body.data).toMatchObject({ status: 'done', users: 4, created: 0, skipped: 4 })
      expect(res.body.message).toBe('0 bills created, 4 already existed')
      expect(await t.ctx.db.select().from(bills)).toHaveLength(4)
    })

    it('makes exactly one bill per user when two runs start together', async () => {
      const runs = await Promise.allSettled([
        generateBills(t.ctx, { year: 2026, month: 9, trigger: 'admin', actor: admin.user.id, chunkSize: 1 }),
        generateBills(t.ctx, { year: 2026, month: 9, trigger: 'schedule', actor: null, chunkSize: 1 }),
      ])
      expect(runs.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1)
      for (const run of runs) {
        if (run.status === 'rejected') expect(run.reason).toMatchObject({ httpStatus: 409, code: 'BILLING_RUN_BUSY' })
      }
      const created = runs.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value.created : 0), 0)
      expect(created).toBe(2)
      const september = await queryRows<{ user_id: string; n: number }>(
        t.ctx.db,
        sql`select user_id, count(*)::int as n from bills where year = 2026 and month = 9 group by user_id order by user_id`,
      )
      expect(september).toEqual([alice.user.id, bob.user.id].sort().map((id) => ({ user_id: id, n: 1 })))
    })

    it('answers 409 while a run of the month is going, and takes over one whose heartbeat stopped', async () => {
      const stuck = newId('brn')
      await t.ctx.db.insert(billingRuns).values({
        id: stuck,
        year: 2026,
        month: 8,
        status: 'running',
        trigger: 'schedule',
        startedAt: new Date(NOW.getTime() - 60_000),
        heartbeatAt: new Date(NOW.getTime() - 60_000),
      })
      const busy = await call(t, contract.generateBills, { body: { year: 2026, month: 8 } }, { token: admin.token })
      expect(busy.status).toBe(409)
      expect(errorEnvelope(busy.body)).toMatchObject({
        error_code: 'BILLING_RUN_BUSY',
        message: 'Bills for 2026-08 are being generated already',
      })
      expect(
        (await call(t, contract.generateBills, { body: { year: 2026, month: 8 } }, { token: admin.token, lang: 'vi' }))
          .body.message,
      ).toBe(translate('vi', 'billing.runBusy', { month: '2026-08' }))

      await t.ctx.db
        .update(billingRuns)
        .set({ heartbeatAt: new Date(NOW.getTime() - 11 * 60_000) })
        .where(eq(billingRuns.id, stuck))
      const res = await call(t, contract.generateBills, { body: { year: 2026, month: 8 } }, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ status: 'done', users: 0, created: 0 })
      const [old] = await t.ctx.db.select().from(billingRuns).where(eq(billingRuns.id, stuck))
      expect(old).toMatchObject({ status: 'failed' })
      expect(old?.error).toContain('heartbeat')
    })

    it('lists the runs, newest first', async () => {
      const res = await call(t, contract.listBillingRuns, {}, { token: admin.token })
      expect(res.status).toBe(200)
      const runs = res.body.data
      expect(runs.length).toBeGreaterThanOrEqual(5)
      const started = runs.map((r) => r.started_at)
      expect(started).toEqual([...started].sort().reverse())
      // Both October runs started at the same instant of the test clock.
      expect(
        runs
          .filter((r) => r.month === 10)
          .map((r) => [r.status, r.created, r.skipped])
          .sort(),
      ).toEqual([
        ['done', 0, 4],
        ['done', 4, 0],
      ])
      expect(runs.filter((r) => r.month === 8).map((r) => r.status)).toEqual(['done', 'failed'])
    })
  })

  describe('reading bills', () => {
    it('lists a customer their own bills, newest month first', async () => {
      const res = await call(t, contract.listBills, { query: {} }, { token: alice.token })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ total: 2, page: 1 })
      expect(res.body.data.items.map((b) => [b.year, b.month, b.user_id])).toEqual([
        [2026, 10, alice.user.id],
        [2026, 9, alice.user.id],
      ])
      expect(res.body.data.items[0]).not.toHaveProperty('lines')
      const paged = await call(t, contract.listBills, { query: { page: 2, page_size: 1 } }, { token: alice.token })
      expect(paged.body.data).toMatchObject({ total: 2, page: 2, page_size: 1 })
      expect(paged.body.data.items.map((b) => b.month)).toEqual([9])
    })

    it("refuses someone else's bills to a customer and to support; admins see anyone's", async () => {
      for (const token of [alice.token, support.token]) {
        const other = await call(t, contract.listBills, { query: { user_id: bob.user.id } }, { token })
        expect(other.status).toBe(403)
        expect(errorEnvelope(other.body)).toMatchObject({ error_code: 'FORBIDDEN' })
      }
      const own = await call(t, contract.listBills, { query: { user_id: alice.user.id } }, { token: alice.token })
      expect(own.body.data.total).toBe(2)
      const asAdmin = await call(t, contract.listBills, { query: { user_id: bob.user.id } }, { token: admin.token })
      expect(asAdmin.body.data.items.map((b) => b.user_id)).toEqual([bob.user.id, bob.user.id])
    })

    it("gives one bill to its owner and admins, 403 to support and 404 for someone else's or none", async () => {
      const bill = await billOf(bob.user.id)
      expect((await call(t, contract.getBill, { params: { id: bill.id } }, { token: bob.token })).body.data).toEqual(
        bill,
      )
      expect((await call(t, contract.getBill, { params: { id: bill.id } }, { token: admin.token })).status).toBe(200)
      expect((await call(t, contract.getBill, { params: { id: bill.id } }, { token: support.token })).status).toBe(403)
      for (const id of [bill.id, MISSING_BILL]) {
        const res = await call(t, contract.getBill, { params: { id } }, { token: alice.token })
        expect(res.status).toBe(404)
        expect(errorEnvelope(res.body).error_code).toBe('NOT_FOUND')
      }
    })
  })

  describe('files', () => {
    it('issues a 5-minute download token for a bill its holder may see, not for others', async () => {
      const mine = await billOf(alice.user.id)
      const res = await call(t, contract.billDownloadToken, { params: { id: mine.id } }, { token: alice.token })
      expect(res.status).toBe(200)
      expect(res.body.data.expires_at).toBe(new Date(NOW.getTime() + 5 * 60_000).toISOString())
      const bobs = await billOf(bob.user.id)
      const refused = await call(t, contract.billDownloadToken, { params: { id: bobs.id } }, { token: alice.token })
      expect(refused.status).toBe(404)
    })

    it('serves the XLSX with the session header or a token of that bill, with the right figures', async () => {
      const bill = await billOf(alice.user.id)
      const byHeader = await file(t, `/v1/bills/${bill.id}/files`, { token: alice.token })
      expect(byHeader.statusCode).toBe(200)
      expect(byHeader.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      expect(byHeader.headers['content-disposition']).toBe(`attachment; filename="${bill.code}.xlsx"`)
      const { token } = (await call(t, contract.billDownloadToken, { params: { id: bill.id } }, { token: alice.token }))
        .body.data
      const byToken = await file(t, `/v1/bills/${bill.id}/files?token=${token}`)
      expect(byToken.statusCode).toBe(200)

      const { sheet, rows } = await workbook(byToken.rawPayload)
      const labelled = (label: string) => rows.find((r) => r[0] === label)
      expect(rows[0]?.[0]).toBe(`Invoice ${bill.code}`)
      // The customer's name starts with "=": an XLSX text cell, which never runs as a formula, as it is.
      expect(labelled('Customer')?.[1]).toBe(`=HYPERLINK("http://evil.example") Nguyen <${alice.user.email}>`)
      expect(labelled('Period')?.[1]).toBe('2026-10-01 – 2026-10-31')
      expect(labelled('Status')?.[1]).toBe('Unpaid')
      expect(labelled('Amount before discount')?.[4]).toBe(954)
      expect(labelled('Discount (0%)')?.[4]).toBe(0)
      expect(labelled('Free monthly credit')?.[4]).toBe(-5)
      expect(labelled('Total (USD)')?.[4]).toBe(949)
      expect(labelled('Total (VND) at 25,000 VND/USD')?.[4]).toBe(23_725_000)
      expect(labelled('Transfer content')?.[1]).toBe(bill.code)
      const totalRow = rows.findIndex((r) => r[0] === 'Total (USD)') + 1
      expect(sheet.getRow(totalRow).getCell(5).numFmt).toBe('#,##0.00')
      // The tiers, each with its rate per 1,000, its requests and its amount.
      expect(rows.filter((r) => r[0] === '' && typeof r[2] === 'number').map((r) => r.slice(1, 5))).toEqual([
        ['1 – 100,000', 7, 2_000, 14],
        ['1 – 100,000', 5, 100_000, 500],
        ['100,001 – 200,000', 4, 100_000, 400],
        ['200,001 – 500,000', 4, 10_000, 40],
      ])
      // Services by their names, not their codes (issue 20).
      expect(rows.find((r) => r[0] === 'Geocoding')?.[3]).toBe(250_000)
      expect(rows.some((r) => r[0] === 'GEOCODE')).toBe(false)
    })

    it('writes the headings in the language asked for', async () => {
      const bill = await billOf(alice.user.id)
      const vi = await file(t, `/v1/bills/${bill.id}/files?lang=vi`, { token: alice.token })
      expect((await workbook(vi.rawPayload)).rows.some((r) => r[0] === 'Khách hàng')).toBe(true)
      const my = await file(t, `/v1/bills/${bill.id}/files`, { token: alice.token, lang: 'my' })
      const rows = (await workbook(my.rawPayload)).rows
      expect(rows.some((r) => r[0] === translate('my', 'billing.file.customer'))).toBe(true)
    })

    it('serves the PDF the same way', async () => {
      const bill = await billOf(bob.user.id)
      const res = await file(t, `/v1/bills/${bill.id}/filesPDF`, { token: bob.token })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${bill.code}.pdf"`)
      const pdf = res.rawPayload
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF')
      expect(pdf.toString('latin1')).toContain(`(${bill.code} 130.02 USD)`)
      expect(pdf.length).toBeGreaterThan(5_000)
    })

    it('embeds a font with Burmese glyphs for a Burmese PDF, and one with Vietnamese for Vietnamese', async () => {
      const bill = await billOf(bob.user.id)
      const my = (await file(t, `/v1/bills/${bill.id}/filesPDF?lang=my`, { token: bob.token })).rawPayload
      const vi = (await file(t, `/v1/bills/${bill.id}/filesPDF?lang=vi`, { token: bob.token })).rawPayload
      // CI installs Debian's fonts-noto-core (see .ci/run): Noto Sans and Noto Sans Myanmar.
      expect(
        existsSync('/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf'),
        'apt-get install fonts-noto-core',
      ).toBe(true)
      expect(my.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansMyanmar/)
      expect(vi.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/)
      expect(vi.toString('latin1')).not.toContain('NotoSansMyanmar')
    })

    it('refuses a token of another bill, an expired token, a session token in ?token and no credentials', async () => {
      const aliceBill = await billOf(alice.user.id)
      const bobBill = await billOf(bob.user.id)
      const { token } = (
        await call(t, contract.billDownloadToken, { params: { id: aliceBill.id } }, { token: alice.token })
      ).body.data
      const refusals = [
        await file(t, `/v1/bills/${bobBill.id}/files?token=${token}`),
        await file(t, `/v1/bills/${aliceBill.id}/files?token=${alice.token}`),
        await file(t, `/v1/bills/${aliceBill.id}/filesPDF?token=not-a-token`),
        await file(t, `/v1/bills/${aliceBill.id}/filesPDF`),
      ]
      t.clock.advance(5 * 60_000 + 1000)
      try {
        refusals.push(await file(t, `/v1/bills/${aliceBill.id}/files?token=${token}`))
      } finally {
        t.clock.set(NOW)
      }
      for (const res of refusals) {
        expect(res.statusCode).toBe(401)
        expect(errorEnvelope(res.json())).toMatchObject({
          error_code: 'TOKEN_EXPIRED',
          message: 'This download link has expired. Open the bill again to download it.',
        })
      }
      // Someone else's bill through a session is "not found", and so is a bill that does not exist.
      expect((await file(t, `/v1/bills/${bobBill.id}/files`, { token: alice.token })).statusCode).toBe(404)
      expect((await file(t, `/v1/bills/${MISSING_BILL}/filesPDF`)).statusCode).toBe(404)
      // Admins may fetch anyone's, and a token an admin was given works for that bill; support may not.
      expect((await file(t, `/v1/bills/${bobBill.id}/files`, { token: admin.token })).statusCode).toBe(200)
      expect((await file(t, `/v1/bills/${bobBill.id}/files`, { token: support.token })).statusCode).toBe(403)
      const staffToken = (
        await call(t, contract.billDownloadToken, { params: { id: bobBill.id } }, { token: admin.token })
      ).body.data.token
      expect((await file(t, `/v1/bills/${bobBill.id}/filesPDF?token=${staffToken}`)).statusCode).toBe(200)
    })
  })

  describe('back office', () => {
    const all = async (query: Record<string, unknown>) => {
      const res = await call(t, contract.listAllBills, { query }, { token: admin.token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data
    }

    it('lists every bill with keyword, month, year, paid filter, sort and paging', async () => {
      const october = await all({ month: 10, year: 2026, sort_by: 'total', sort_mode: 'asc' })
      expect(october.total).toBe(4)
      expect(october.items.map((b) => b.total)).toEqual(['0.00', '130.02', '535.00', '949.00'])
      expect((await all({ sort_by: 'total', sort_mode: 'desc', page_size: 2 })).items.map((b) => b.total)).toEqual([
        '949.00',
        '535.00',
      ])
      expect((await all({ year: 2026, month: 9 })).total).toBe(2)
      expect((await all({ month: 10, filters: 'paid' })).items.map((b) => b.user_id)).toEqual([dave.user.id])
      expect((await all({ month: 10, filters: 'unpaid' })).total).toBe(3)
      const byEmail = await all({ keyword: carol.user.email.toUpperCase() })
      expect(byEmail.items.map((b) => b.user_id)).toEqual([carol.user.id])
      const carolBill = await billOf(carol.user.id)
      expect((await all({ keyword: carolBill.code })).items.map((b) => b.id)).toEqual([carolBill.id])
      expect((await all({ keyword: 'HYPERLINK' })).items.every((b) => b.user_id === alice.user.id)).toBe(true)
      expect((await all({ keyword: '%' })).total).toBe(0)
      expect((await all({ keyword: '_' })).total).toBe(0)
      const byCode = await all({ sort_by: 'code', sort_mode: 'asc' })
      expect(byCode.items.map((b) => b.code)).toEqual([...byCode.items.map((b) => b.code)].sort())
    })

    it('exports what the list selects, every page, as an audited XLSX', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/bills/export?month=10&year=2026&sort_by=total&sort_mode=desc',
        headers: { authorization: `Bearer ${admin.token}` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-disposition']).toBe('attachment; filename="bills-2026-11-02.xlsx"')
      const { sheet, rows } = await workbook(response.rawPayload)
      expect(rows[0]?.slice(0, 4)).toEqual(['Code', 'E-mail', 'Name', 'Month'])
      expect(rows.slice(1).map((r) => r[8])).toEqual([949, 535, 130.02, 0])
      expect(rows[1]?.[2]).toBe(`=HYPERLINK("http://evil.example") Nguyen`)
      expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String)
      expect(rows.slice(1).map((r) => r[10])).toEqual(['Unpaid', 'Unpaid', 'Unpaid', 'Paid'])
      expect(sheet.getRow(2).getCell(9).numFmt).toBe('#,##0.00')
      const audit = await auditRows('billing.export')
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({ actorId: admin.user.id, after: { month: 10, year: 2026, rows: 4 } })

      const vi = await t.app.inject({
        method: 'GET',
        url: '/v1/bills/export?lang=vi&filters=paid',
        headers: { authorization: `Bearer ${admin.token}` },
      })
      const viRows = (await workbook(vi.rawPayload)).rows
      expect(viRows[0]?.[0]).toBe(translate('vi', 'billing.file.code'))
      // Dave's October bill and Alice's September one, both 0.00 and so paid when made.
      expect(viRows.slice(1).map((r) => [r[8], r[10]])).toEqual([
        [0, 'Đã thanh toán'],
        [0, 'Đã thanh toán'],
      ])
    })

    it('walks every sort in keyset pages without losing or repeating a bill', async () => {
      for (const sortBy of contract.BILL_SORTS) {
        for (const sortMode of ['asc', 'desc'] as const) {
          const filter = { filters: 'all' as const, sortBy, sortMode }
          const walked: string[] = []
          for await (const page of walkBills(t.ctx.db, filter, 2)) walked.push(...page.map((row) => row.bill.id))
          const listed = await listAllBills(t.ctx.db, filter, { limit: 100, offset: 0 })
          expect(walked, `${sortBy} ${sortMode}`).toEqual(listed.rows.map((row) => row.bill.id))
          expect(new Set(walked).size).toBe(listed.total)
        }
      }
    })

    it('sets a bill paid and back, once each under concurrent calls, audited with before and after', async () => {
      const bill = await billOf(carol.user.id)
      const paid = await call(t, contract.setBillPaid, { params: { id: bill.id }, body: {} }, { token: admin.token })
      expect(paid.status).toBe(200)
      expect(paid.body.message).toBe('Bill set to paid')
      expect(paid.body.data).toMatchObject({ id: bill.id, paid: true, paid_at: NOW.toISOString() })
      const again = await call(
        t,
        contract.setBillPaid,
        { params: { id: bill.id }, body: { paid: true } },
        { token: admin.token },
      )
      expect(again.body.data.paid).toBe(true)
      expect(await auditRows('billing.setPaid', bill.id)).toHaveLength(1)
      const [row] = await t.ctx.db.select().from(bills).where(eq(bills.id, bill.id))
      expect(row?.paidBy).toBe(admin.user.id)

      const both = await Promise.all([
        call(t, contract.setBillPaid, { params: { id: bill.id }, body: { paid: false } }, { token: admin.token }),
        call(t, contract.setBillPaid, { params: { id: bill.id }, body: { paid: false } }, { token: admin.token }),
      ])
      expect(both.map((r) => [r.status, r.body.data.paid, r.body.message])).toEqual([
        [200, false, 'Bill set back to unpaid'],
        [200, false, 'Bill set back to unpaid'],
      ])
      const audit = await auditRows('billing.setUnpaid', bill.id)
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({
        actorId: admin.user.id,
        targetType: 'bill',
        before: { code: bill.code, paid: true },
        after: { code: bill.code, paid: false, paid_at: null },
      })
      const missing = await call(
        t,
        contract.setBillPaid,
        { params: { id: MISSING_BILL }, body: {} },
        { token: admin.token },
      )
      expect(missing.status).toBe(404)
      const bySupport = await call(
        t,
        contract.setBillPaid,
        { params: { id: bill.id }, body: {} },
        { token: support.token },
      )
      expect(bySupport.status).toBe(403)
    })

    it("counts a month's bills and their totals", async () => {
      const res = await call(
        t,
        contract.countBillsByMonth,
        { query: { month: 10, year: 2026 } },
        { token: admin.token },
      )
      expect(res.body.data).toEqual({
        month: 10,
        year: 2026,
        count: 4,
        paid: 1,
        unpaid: 3,
        total: '1614.02',
        paid_total: '0.00',
        unpaid_total: '1614.02',
      })
      const empty = await call(
        t,
        contract.countBillsByMonth,
        { query: { month: 1, year: 2020 } },
        { token: admin.token },
      )
      expect(empty.body.data).toMatchObject({ count: 0, total: '0.00' })
    })
  })

  describe('VAT requests', () => {
    const valid = {
      company_name: 'Acme Maps Co., Ltd',
      company_address: '1 Trang Tien, Hoan Kiem, Hanoi',
      tax_code: '0101234567-001',
      email: 'Accounts@Acme.example',
    }

    it('refuses invalid details with their messages', async () => {
      const bill = await billOf(alice.user.id)
      const res = await call(
        t,
        contract.requestVat,
        {
          params: { id: bill.id },
          body: { company_name: 'A', company_address: 'x', tax_code: '12345', email: 'nope' },
        },
        { token: alice.token },
      )
      expect(res.status).toBe(400)
      expect(fieldsOf(errorEnvelope(res.body))).toEqual({
        company_name: 'Invalid company name',
        company_address: 'Invalid company address',
        tax_code: 'Invalid tax code',
        email: 'Invalid email',
      })
      expect((await billOf(alice.user.id)).vat_request).toBeNull()
    })

    it('stores the request on the bill and e-mails every administrator', async () => {
      const bill = await billOf(alice.user.id)
      const second = await createUser(t, { roles: ['admin'], email: freshEmail('admin') })
      await setUser(t, second.id, { language: 'vi' })
      const res = await call(t, contract.requestVat, { params: { id: bill.id }, body: valid }, { token: alice.token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Your VAT invoice request was sent')
      expect(res.body.data).toMatchObject({
        id: bill.id,
        vat_requested: true,
        vat_request: { ...valid, email: 'accounts@acme.example', requested_at: NOW.toISOString() },
      })
      expect((await billOf(alice.user.id)).vat_request).toEqual(res.body.data.vat_request)

      const [mail] = await mailsTo(t, admin.user.email)
      expect(mail).toMatchObject({ subject: `VAT invoice requested for ${bill.code}`, template: 'vatRequested' })
      expect(mail?.textBody).toContain(
        `${alice.user.email} asks for a VAT invoice for bill ${bill.code} (949.00 USD). Company: Acme Maps Co., Ltd, tax code 0101234567-001`,
      )
      expect(mail?.textBody).toContain('send to accounts@acme.example')
      const [viMail] = await mailsTo(t, second.email)
      expect(viMail?.subject).toBe(`Yêu cầu hóa đơn VAT cho ${bill.code}`)
      expect(await mailsTo(t, support.user.email)).toEqual([])
      expect(await mailsTo(t, alice.user.email)).toEqual([])
    })

    it("answers 404 for someone else's bill to a customer, 403 to staff (no page asks for another's)", async () => {
      const bill = await billOf(bob.user.id)
      for (const [token, status] of [
        [alice.token, 404],
        [admin.token, 403],
      ] as const) {
        const res = await call(t, contract.requestVat, { params: { id: bill.id }, body: valid }, { token })
        expect(res.status).toBe(status)
      }
      expect((await billOf(bob.user.id)).vat_request).toBeNull()
    })
  })

  describe('statistics', () => {
    const billing = async (token: string, query: { start_date: string; end_date: string; user_id?: string }) => {
      const res = await call(t, contract.billingUsage, { query }, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data.bills
    }

    it("counts the bills of the months a range touches: the user's, or everyone's for staff", async () => {
      await call(
        t,
        contract.setBillPaid,
        { params: { id: (await billOf(alice.user.id, 2026, 9)).id } },
        {
          token: admin.token,
        },
      )
      const september = await billOf(alice.user.id, 2026, 9)
      expect(september.paid).toBe(true)
      expect(await billing(alice.token, { start_date: '2026-10-01', end_date: '2026-10-31' })).toEqual({
        count: 1,
        billed: '949.00',
        paid: '0.00',
        unpaid: '949.00',
      })
      // 2026-09-30 .. 2026-10-01 touches September and October.
      expect(await billing(alice.token, { start_date: '2026-09-30', end_date: '2026-10-01' })).toEqual({
        count: 2,
        billed: formatSum(['949.00', september.total]),
        paid: september.total,
        unpaid: '949.00',
      })
      expect(await billing(admin.token, { start_date: '2026-10-15', end_date: '2026-10-16' })).toEqual({
        count: 4,
        billed: '1614.02',
        paid: '0.00',
        unpaid: '1614.02',
      })
      expect(
        await billing(admin.token, { start_date: '2026-10-15', end_date: '2026-10-16', user_id: bob.user.id }),
      ).toEqual({
        count: 1,
        billed: '130.02',
        paid: '0.00',
        unpaid: '130.02',
      })
      expect(await billing(alice.token, { start_date: '2026-11-01', end_date: '2026-11-02' })).toEqual({
        count: 0,
        billed: '0.00',
        paid: '0.00',
        unpaid: '0.00',
      })
    })

    it('gives the overview the billed total of the months in its range', async () => {
      const september = (
        await call(t, contract.countBillsByMonth, { query: { month: 9, year: 2026 } }, { token: admin.token })
      ).body.data.total
      const res = await call(
        t,
        contract.overview,
        { query: { start_at: '2026-10-01', end_at: '2026-11-02' } },
        { token: admin.token },
      )
      expect(res.body.data.revenue).toBe('1614.02')
      const wider = await call(
        t,
        contract.overview,
        { query: { start_at: '2026-09-15', end_at: '2026-10-01' } },
        { token: admin.token },
      )
      expect(wider.body.data.revenue).toBe(formatSum(['1614.02', september]))
    })
  })

  describe('estimate', () => {
    it("prices this month's hits so far and at this pace, with the bill's own function", async () => {
      const res = await call(t, contract.billEstimate, { query: {} }, { token: alice.token })
      expect(res.status).toBe(200)
      // 60,000 GEOCODE hits by Nov 2, 08:00: 20,000 billable × 0.005 = 100.00, less the 5.00 credit.
      // 32 of 720 hours have passed: 1,350,000 hits by month end = 100,000 × 0.005 + 400,000 × 0.004 +
      // 810,000 × 0.003 = 4,530.00, less 5.00.
      expect(res.body.data).toEqual({
        year: 2026,
        month: 11,
        so_far: '95.00',
        projected: '4525.00',
        lines: [{ service: 'GEOCODE', hits: 60_000, so_far: '100.00', projected: '4530.00' }],
      })
      const { prices } = await effectivePrices(t.ctx.db, alice.user.id)
      const input = { hits: { GEOCODE: 60_000 }, prices, discountPercent: '0', freeCreditCents: 500n }
      expect(res.body.data.so_far).toBe(contract.formatCents(priceBill(input).totalCents))
      expect(res.body.data.projected).toBe(contract.formatCents(estimateMonth(input, 32 / 720).projected.totalCents))
    })

    it("lets admins ask for anyone's estimate and refuses another's to a customer and to support", async () => {
      await usage(t, bob.user.id, 'GEOCODE', '2026-11-01', 11_000)
      const bob1 = await call(t, contract.billEstimate, { query: { user_id: bob.user.id } }, { token: admin.token })
      // Bob's private GEOCODE: 10,000 billable × 0.002 = 20.00; 10 % off = 18.00; less 5.00.
      expect(bob1.body.data).toMatchObject({ so_far: '13.00', lines: [{ service: 'GEOCODE', so_far: '20.00' }] })
      for (const token of [alice.token, support.token]) {
        const refused = await call(t, contract.billEstimate, { query: { user_id: bob.user.id } }, { token })
        expect(refused.status).toBe(403)
      }
    })

    it("gives the overview this month's accrued revenue, the sum of every account's estimate, and each closed month's bills as the database holds them (issue 21)", async () => {
      const res = await call(
        t,
        contract.overview,
        { query: { start_at: '2026-11-01', end_at: '2026-11-02' } },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      const everyone = [alice, bob, carol, dave, erin]
      const estimates = await Promise.all(
        everyone.map(async (c) => {
          const one = await call(t, contract.billEstimate, { query: { user_id: c.user.id } }, { token: admin.token })
          return one.body.data.so_far
        }),
      )
      // Alice's 95.00 and Bob's private rate at least: the month is not $0.00 while it runs.
      expect(Number(res.body.data.revenue_accrued.amount)).toBeGreaterThanOrEqual(95)
      expect(res.body.data.revenue_accrued).toEqual({ month: '2026-11', amount: formatSum(estimates) })
      // Walked two accounts at a time, a chunk of accounts without usage included, the sum is the same.
      const chunked = await accruedCents(t.ctx.db, 2026, 11, 2)
      expect(contract.formatCents(chunked)).toBe(formatSum(estimates))
      const trend = res.body.data.revenue_by_month
      expect(trend.map((m) => m.month)).toEqual([
        '2025-11',
        '2025-12',
        ...Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
      ])
      const stored = await queryRows<{ month: string; billed: string; paid: string }>(
        t.ctx.db,
        sql`select year || '-' || lpad(month::text, 2, '0') as month, sum(total_cents)::text as billed,
                   coalesce(sum(total_cents) filter (where paid_at is not null), 0)::text as paid
            from bills where year * 100 + month < 202611 group by year, month`,
      )
      expect(stored.length).toBeGreaterThan(0)
      for (const month of trend) {
        const row = stored.find((r) => r.month === month.month)
        expect(month, month.month).toEqual({
          month: month.month,
          billed: contract.formatCents(BigInt(row?.billed ?? 0)),
          paid: contract.formatCents(BigInt(row?.paid ?? 0)),
        })
      }
      expect(trend.find((m) => m.month === '2026-10')?.billed).not.toBe('0.00')
    })
  })

  describe('schedule', () => {
    it('bills last month once it has been closed for an hour, once across checks and instances', async () => {
      const deps = { db: t.ctx.db, clock: t.clock }
      try {
        // Still November: October is billed already (by the admin above).
        expect(await billLastMonthIfDue(deps)).toBeNull()
        t.clock.set(new Date('2026-12-01T00:59:00Z'))
        expect(await billLastMonthIfDue(deps)).toBeNull()
        expect(await t.ctx.db.select().from(bills).where(eq(bills.month, 11))).toEqual([])
        t.clock.set(new Date('2026-12-01T01:00:00Z'))
        // Two instances' runs of the billing-run job at once.
        const [a, b] = await Promise.all([billLastMonthIfDue(deps), billLastMonthIfDue(deps)])
        const runs = [a, b].filter((r) => r !== null)
        expect(runs).toHaveLength(1)
        expect(runs[0]).toMatchObject({ year: 2026, month: 11, status: 'done', trigger: 'schedule', created: 2 })
        expect(await billLastMonthIfDue(deps)).toBeNull()
        const november = await t.ctx.db.select().from(bills).where(eq(bills.month, 11))
        expect(november.map((x) => x.userId).sort()).toEqual([alice.user.id, bob.user.id].sort())
      } finally {
        t.clock.set(NOW)
      }
    })
  })

  describe('the seller on bills', () => {
    const seller = { name: 'Maps Asia JSC', address: '1 Trang Tien, Hoan Kiem, Hanoi', tax_code: '0101234567' }

    it('is an administrator’s setting, checked, audited, refused to support', async () => {
      const bad = await call(
        t,
        contract.setSeller,
        { body: { ...seller, tax_code: 'tax <script>' } },
        { token: admin.token },
      )
      expect(bad.status).toBe(400)
      expect(fieldsOf(errorEnvelope(bad.body))).toEqual({
        tax_code: 'A tax number is up to 30 letters, digits, dots, dashes, slashes and spaces',
      })
      expect((await call(t, contract.setSeller, { body: seller }, { token: support.token })).status).toBe(403)
      const saved = await call(
        t,
        contract.setSeller,
        { body: { ...seller, name: ` ${seller.name} ` } },
        { token: admin.token },
      )
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      expect(saved.body.message).toBe('Seller details saved')
      expect((await call(t, contract.getSeller, {}, { token: admin.token })).body.data).toEqual(seller)
      const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.seller'))
      expect(audit).toMatchObject({ actorId: admin.user.id, after: seller })
    })

    it('heads the bill files; a bill made before the setting shows the current one, a later one keeps its own', async () => {
      const bill = await billOf(alice.user.id)
      const head = async () =>
        (await workbook((await file(t, `/v1/bills/${bill.id}/files`, { token: alice.token })).rawPayload)).rows.slice(
          1,
          5,
        )
      // October's bills were made before any seller was set.
      expect((await t.ctx.db.select().from(bills).where(eq(bills.id, bill.id)))[0]?.seller).toBeNull()
      expect(await head()).toEqual([
        ['Seller', seller.name],
        ['', seller.address],
        ['Tax number', seller.tax_code],
        ['Customer', expect.stringContaining(alice.user.email)],
      ])

      // A bill run copies the setting into each bill, so a later change does not rewrite it.
      // (December's run, once December has closed, for Alice's December usage.)
      await usage(t, alice.user.id, 'GEOCODE', '2026-12-05', 1_000)
      t.clock.set(new Date('2027-01-01T02:00:00Z'))
      const december = await generateBills(t.ctx, { year: 2026, month: 12, trigger: 'admin', actor: admin.user.id })
      t.clock.set(NOW)
      expect(december.created).toBeGreaterThan(0)
      const made = await t.ctx.db.select().from(bills).where(eq(bills.month, 12))
      expect(made.every((b) => JSON.stringify(b.seller) === JSON.stringify(seller))).toBe(true)
      await call(t, contract.setSeller, { body: { ...seller, name: 'Renamed Ltd' } }, { token: admin.token })
      const decemberBill = made.find((b) => b.userId === alice.user.id)
      expect(decemberBill).toBeDefined()
      const decemberFile = await file(t, `/v1/bills/${decemberBill?.id}/files`, { token: alice.token })
      expect((await workbook(decemberFile.rawPayload)).rows[1]).toEqual(['Seller', seller.name])
      expect((await head())[0]).toEqual(['Seller', 'Renamed Ltd'])
    })

    it('draws the PDF’s lines with service names and the language’s separators', () => {
      const line = {
        service: 'LOAD_MAP',
        hits: 1_250_000,
        free: 1000,
        billable: 1_249_000,
        subtotal: '2498.5',
        tiers: [
          { request_from: 0, request_to: 1_000_000, rate_per_1000: '2.5', requests: 1_249_000, amount: '3122.5' },
        ],
      }
      const bill = { lines: [line] } as unknown as BillDetail
      const [en] = pdfLines(bill, 'en')
      expect(en?.rows.map((r) => r.cells)).toEqual([
        ['Map loads', '', '1,250,000', ''],
        ['Free', '', '1,000', ''],
        ['1 – 1,000,000', '2.50', '1,249,000', '3,122.50'],
        ['Subtotal', '', '1,249,000', '2,498.50'],
      ])
      const [vi] = pdfLines(bill, 'vi')
      expect(vi?.rows[0]?.cells).toEqual(['Tải bản đồ', '', '1.250.000', ''])
      expect(vi?.rows[3]?.cells[3]).toBe('2.498,50')
    })
  })

  describe('bills by e-mail', () => {
    const octoberBills = () =>
      t.ctx.db
        .select({ id: bills.id, userId: bills.userId, code: bills.code, emailedAt: bills.emailedAt })
        .from(bills)
        .where(and(eq(bills.year, 2026), eq(bills.month, 10)))
    const noticesOf = async (email: string, code: string) =>
      (await mailsTo(t, email)).filter((mail) => mail.template === 'billIssued' && mail.subject.includes(code))

    it('e-mails each new bill with something to pay once, in its customer’s language, from any number of runs', async () => {
      await setUser(t, carol.user.id, { language: 'vi' })
      expect(await emailNewBills(t.ctx)).toBeGreaterThanOrEqual(3)
      expect(await emailNewBills(t.ctx)).toBe(0)

      const alices = await billOf(alice.user.id)
      const toAlice = await noticesOf(alice.user.email, alices.code)
      expect(toAlice.map((mail) => mail.subject)).toEqual([`Your bill ${alices.code} for October 2026: $949.00`])
      expect(toAlice[0]?.textBody).toContain(`/billing/${alices.id}`)
      expect(toAlice[0]?.textBody).toContain(`bank transfer with the content ${alices.code}`)
      const carols = await billOf(carol.user.id)
      const toCarol = await noticesOf(carol.user.email, carols.code)
      expect(toCarol).toHaveLength(1)
      expect(toCarol[0]?.subject).toContain(`Hóa đơn ${carols.code} cho`)
      expect(toCarol[0]?.subject).toContain(carols.total.replace('.', ','))
      // Dave's bill is 0 (the free credit covered it): nothing to pay, nothing to announce.
      expect(await noticesOf(dave.user.email, (await billOf(dave.user.id)).code)).toEqual([])
      const october = await octoberBills()
      expect(october.filter((b) => b.emailedAt === null).map((b) => b.userId)).toEqual([dave.user.id])

      // Two instances running the job at once announce every bill once between them.
      const again = october.filter((b) => b.userId === alice.user.id || b.userId === bob.user.id).map((b) => b.id)
      await t.ctx.db.update(bills).set({ emailedAt: null }).where(inArray(bills.id, again))
      const both = await Promise.all([emailNewBills(t.ctx), emailNewBills(t.ctx)])
      expect(both[0] + both[1]).toBe(2)
      expect(await noticesOf(alice.user.email, alices.code)).toHaveLength(2)
      expect((await billOf(alice.user.id)).emailed_at).toBe(t.clock.now().toISOString())
    })

    it('does not announce a bill made more than two weeks ago', async () => {
      const carols = await billOf(carol.user.id)
      await t.ctx.db
        .update(bills)
        .set({ emailedAt: null, createdAt: new Date(t.clock.now().getTime() - 15 * 24 * 3600_000) })
        .where(eq(bills.id, carols.id))
      expect(await emailNewBills(t.ctx)).toBe(0)
      expect(await noticesOf(carol.user.email, carols.code)).toHaveLength(1)
      expect((await billOf(carol.user.id)).emailed_at).toBeNull()
    })

    it('lets an administrator send a bill again, at most once a minute, audited; nobody else', async () => {
      const alices = await billOf(alice.user.id)
      const send = (token: string, id = alices.id) => call(t, contract.emailBill, { params: { id } }, { token })
      for (const token of [support.token, alice.token]) {
        const refused = await send(token)
        expect(refused.status).toBe(403)
        expect(errorEnvelope(refused.body).error_code).toBe('FORBIDDEN')
      }
      const tooSoon = await send(admin.token)
      expect(tooSoon.status).toBe(429)
      expect(errorEnvelope(tooSoon.body)).toMatchObject({
        error_code: 'BILL_EMAILED_RECENTLY',
        message: 'This bill was e-mailed less than a minute ago',
      })
      expect((await send(admin.token, MISSING_BILL)).status).toBe(404)

      t.clock.advance(61_000)
      const sent = await send(admin.token)
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
      expect(sent.body.message).toBe(`The bill was e-mailed to ${alice.user.email}`)
      expect(sent.body.data.emailed_at).toBe(t.clock.now().toISOString())
      expect(await noticesOf(alice.user.email, alices.code)).toHaveLength(3)
      const [audit] = await auditRows('billing.email', alices.id)
      expect(audit?.actorId).toBe(admin.user.id)
      expect(audit?.after).toMatchObject({ code: alices.code, to: alice.user.email })

      // Carol's bill was never announced (too old): it can be sent for the first time.
      const carols = await billOf(carol.user.id)
      expect((await send(admin.token, carols.id)).status).toBe(200)
      expect(await noticesOf(carol.user.email, carols.code)).toHaveLength(2)
    })
  })
})

function formatSum(amounts: string[]): string {
  return contract.formatCents(amounts.reduce((sum, a) => sum + (contract.parseMoney(a) ?? 0n), 0n))
}
