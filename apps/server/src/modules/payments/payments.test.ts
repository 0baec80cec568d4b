import { createHmac } from 'node:crypto'
import * as contract from '@app/contract'
import { vnpayDate } from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import {
  call,
  createTestApp,
  createUser,
  errorEnvelope,
  fieldsOf,
  findUserRow,
  freshEmail,
  mailsTo,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { loadConfig } from '../../config.ts'
import { auditLog, balanceLogs, bills, paymentEvents, paymentIntents, sandboxPayments } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { notify, notifyDue, sandboxVnpayRecord } from '../sandbox/vnpay.ts'
import { reconcile } from './reconcile.ts'

// Top-ups and bill payments by VNPay, PayPal (both through the built-in sandbox) and bank transfer
// (docs/payments.md). Money moves only on signed or verified gateway signals and administrators'
// decisions, once per payment, whatever the order, repetition or concurrency of the signals.
// After every test: for every user, users.balance_cents = Σ balance_logs.amount_cents, and no payment
// was credited more than once.

describe('payments', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const vnp = t.config.payments.vnpay

  afterEach(async () => {
    const drift = (await t.ctx.db.execute(sql`
      select u.id from users u
      left join (select user_id, sum(amount_cents) as total from balance_logs group by user_id) l on l.user_id = u.id
      where u.balance_cents <> coalesce(l.total, 0) or u.balance_cents < 0`)) as unknown as { rows: unknown[] }
    expect(drift.rows).toEqual([])
    const twice = (await t.ctx.db.execute(sql`
      select reference from balance_logs where type like 'topup_%' group by type, reference having count(*) > 1`)) as unknown as {
      rows: unknown[]
    }
    expect(twice.rows).toEqual([])
    // Every succeeded payment has its one credit; nothing else has one.
    const mismatched = (await t.ctx.db.execute(sql`
      select p.id from payment_intents p
      left join balance_logs l on l.reference = p.id and l.type like 'topup_%'
      where (p.status = 'succeeded') <> (l.id is not null)`)) as unknown as { rows: unknown[] }
    expect(mismatched.rows).toEqual([])
  })

  async function customer() {
    const user = await createUser(t, { email: freshEmail('pay') })
    return { user, token: await signIn(t, user.email) }
  }

  const balanceOf = async (userId: string) => (await findUserRow(t, userId))?.balanceCents

  async function intentRow(id: string) {
    const [row] = await t.ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, id))
    if (!row) throw new Error(`no intent ${id}`)
    return row
  }

  async function ledgerOf(userId: string) {
    return t.ctx.db
      .select()
      .from(balanceLogs)
      .where(eq(balanceLogs.userId, userId))
      .orderBy(asc(balanceLogs.createdAt), asc(balanceLogs.id))
  }

  const start = (token: string, body: Partial<contract.RequestOf<typeof contract.createPayment>['body']>) =>
    call(
      t,
      contract.createPayment,
      {
        body: { provider: 'vnpay', purpose: 'topup', amount: '100.00', bill_id: null, paypal_domestic: false, ...body },
      },
      { token },
    )

  async function started(token: string, body: Parameters<typeof start>[1] = {}) {
    const res = await start(token, body)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  /** The query string of a path or URL as a plain object. */
  const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

  /** VNPay's signature, computed here the way the official Node demo does (sorted, form-encoded, HMAC-SHA512). */
  function sign(params: Record<string, string>, secret = vnp.hashSecret) {
    const data = Object.keys(params)
      .filter((k) => k.startsWith('vnp_') && k !== 'vnp_SecureHash' && params[k] !== '')
      .sort()
      .map((k) => `${k}=${encodeURIComponent(params[k] ?? '').replace(/%20/g, '+')}`)
      .join('&')
    return createHmac('sha512', secret).update(Buffer.from(data, 'utf8')).digest('hex')
  }

  /** A VNPay result for an intent, as VNPay's IPN sends it (signed unless told otherwise). */
  function result(
    payment: contract.Payment,
    overrides: Record<string, string> = {},
    options: { secret?: string } = {},
  ): Record<string, string> {
    const params: Record<string, string> = {
      vnp_Amount: (BigInt(payment.total) * 100n).toString(),
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: 'VNP14226112',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: 'Maps Portal top up',
      vnp_PayDate: vnpayDate(t.clock.now()),
      vnp_ResponseCode: '00',
      vnp_TmnCode: vnp.tmnCode,
      vnp_TransactionNo: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
      vnp_TransactionStatus: '00',
      vnp_TxnRef: payment.reference,
      ...overrides,
    }
    return { ...params, vnp_SecureHash: sign(params, options.secret) }
  }

  async function ipn(params: Record<string, string> | string) {
    const query = typeof params === 'string' ? params : new URLSearchParams(params).toString()
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/payments/vnpay/ipn?${query}`,
      remoteAddress: '113.160.92.202',
    })
    expect(res.statusCode).toBe(200)
    return res.json() as { RspCode: string; Message: string }
  }

  /** Goes through the sandbox's payment page with a choice, as a tester's browser does; answers the return URL. */
  async function payInSandbox(redirectUrl: string, choice: string) {
    const url = new URL(redirectUrl)
    const pageRes = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(pageRes.statusCode, pageRes.body).toBe(200)
    expect(pageRes.headers['content-type']).toMatch(/text\/html/)
    const txnRef = url.searchParams.get('vnp_TxnRef') ?? ''
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/vnpay/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ txnRef, choice }).toString(),
    })
    expect(res.statusCode, res.body).toBe(302)
    return String(res.headers.location)
  }

  describe('VNPay', () => {
    it('builds the payment URL as VNPay 2.1.0 asks, with the fee on top of the amount', async () => {
      const { token } = await customer()
      const { payment, redirect_url } = await started(token, { amount: '100.00' })
      // 100 USD at 25,400 VND = 2,540,000 VND; fee 1.1% + 1,650 = 29,590 VND; the customer pays 2,569,590.
      expect(payment).toMatchObject({
        provider: 'vnpay',
        status: 'pending',
        amount: '100.00',
        currency: 'VND',
        charge_amount: '2540000',
        fee: '29590',
        total: '2569590',
        exchange_rate: '25400',
      })
      expect(redirect_url).toMatch(new RegExp(`^${vnp.payUrl.replace(/[.?]/g, '\\$&')}\\?`))
      const p = paramsOf(redirect_url ?? '')
      expect(p).toMatchObject({
        vnp_Version: '2.1.0',
        vnp_Command: 'pay',
        vnp_TmnCode: vnp.tmnCode,
        vnp_Amount: '256959000',
        vnp_CurrCode: 'VND',
        vnp_IpAddr: '203.0.113.10',
        vnp_Locale: 'en',
        vnp_OrderType: 'other',
        vnp_TxnRef: payment.reference,
        vnp_ReturnUrl: `${t.config.publicUrl}/billing/vnpay_return`,
        // 08:00 UTC is 15:00 in GMT+7; the page is valid for 15 minutes.
        vnp_CreateDate: '20261102150000',
        vnp_ExpireDate: '20261102151500',
      })
      expect(p.vnp_OrderInfo).toMatch(/^[A-Za-z0-9 ]+$/)
      expect(p).not.toHaveProperty('vnp_SecureHashType')
      expect(p.vnp_SecureHash).toBe(sign(p))
      // The query string sent is the signed data itself: sorted keys, form encoding.
      const query = (redirect_url ?? '').split('?')[1] ?? ''
      const keys = query.split('&').map((kv) => kv.split('=')[0])
      expect(keys.slice(0, -1)).toEqual([...keys.slice(0, -1)].sort())
      expect(keys.at(-1)).toBe('vnp_SecureHash')
      expect(payment.reference).toMatch(/^[A-Z0-9]{26}$/)
    })

    it('without PUBLIC_URL, sends the customer back to the origin they came from when it is this host', async () => {
      const { token } = await customer()
      const body = {
        provider: 'vnpay' as const,
        purpose: 'topup' as const,
        amount: '10.00',
        bill_id: null,
        paypal_domestic: false,
      }
      const from = async (origin: string, host: string) => {
        const res = await call(t, contract.createPayment, { body }, { token, headers: { origin, host } })
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        return paramsOf(res.body.data.redirect_url ?? '').vnp_ReturnUrl
      }
      expect(t.config.publicUrlConfigured).toBe(false)
      expect(await from('http://127.0.0.1:3000', '127.0.0.1:3000')).toBe('http://127.0.0.1:3000/billing/vnpay_return')
      // Another host's page cannot choose where the customer lands.
      expect(await from('https://evil.example', '127.0.0.1:3000')).toBe(`${t.config.publicUrl}/billing/vnpay_return`)
    })

    it('a sandbox payment that succeeds credits the amount once, through the signed IPN, and the return page shows it', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await started(token, { amount: '100.00' })
      const back = await payInSandbox(redirect_url ?? '', 'success')
      expect(back.startsWith(`${t.config.publicUrl}/billing/vnpay_return?`)).toBe(true)

      expect(await balanceOf(user.id)).toBe(10_000n)
      const row = await intentRow(payment.id)
      expect(row).toMatchObject({ status: 'succeeded', bankCode: 'NCB', cardType: 'ATM', responseCode: '00' })
      expect(row.providerTxnId).toMatch(/^\d{8}$/)
      const log = await ledgerOf(user.id)
      expect(log.map((l) => [l.type, l.amountCents, l.reference])).toEqual([['topup_vnpay', 10_000n, payment.id]])

      const shown = await t.app.inject({
        method: 'GET',
        url: `/v1/payments/vnpay/return?${back.split('?')[1]}`,
        headers: { authorization: `Bearer ${token}` },
      })
      expect(shown.statusCode, shown.body).toBe(200)
      expect(shown.json().data).toMatchObject({
        gateway_response_code: '00',
        payment: {
          id: payment.id,
          status: 'succeeded',
          amount: '100.00',
          fee: '29590',
          total: '2569590',
          bank_code: 'NCB',
        },
      })
      // The return page is display only: showing it again changes nothing.
      await t.app.inject({
        method: 'GET',
        url: `/v1/payments/vnpay/return?${back.split('?')[1]}`,
        headers: { authorization: `Bearer ${token}` },
      })
      expect(await balanceOf(user.id)).toBe(10_000n)
    })

    it('a payment cancelled in the sandbox is recorded as cancelled and changes nothing', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await started(token, { amount: '100.00' })
      const back = await payInSandbox(redirect_url ?? '', 'cancel')
      expect(paramsOf(back).vnp_ResponseCode).toBe('24')
      expect(await intentRow(payment.id)).toMatchObject({
        status: 'cancelled',
        responseCode: '24',
        providerTxnId: null,
      })
      expect(await balanceOf(user.id)).toBe(0n)
      expect(await ledgerOf(user.id)).toEqual([])
    })

    it('twenty identical IPNs at once credit exactly once: one 00, the others 02', async () => {
      const { user, token } = await customer()
      const { payment } = await started(token, { amount: '250.00' })
      const signed = result(payment)
      const replies = await Promise.all(Array.from({ length: 20 }, () => ipn(signed)))
      expect(replies.filter((r) => r.RspCode === '00')).toHaveLength(1)
      expect(replies.filter((r) => r.RspCode === '02')).toHaveLength(19)
      expect(await balanceOf(user.id)).toBe(25_000n)
      expect((await ledgerOf(user.id)).filter((l) => l.type === 'topup_vnpay')).toHaveLength(1)
    })

    it('a failure after a success changes nothing (02); a replayed success credits nothing', async () => {
      const { user, token } = await customer()
      const { payment } = await started(token)
      expect((await ipn(result(payment))).RspCode).toBe('00')
      expect((await ipn(result(payment, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02' }))).RspCode).toBe('02')
      expect((await ipn(result(payment))).RspCode).toBe('02')
      expect((await intentRow(payment.id)).status).toBe('succeeded')
      expect(await balanceOf(user.id)).toBe(10_000n)
    })

    it('a success after a recorded failure credits nothing, goes to review and alerts the administrators', async () => {
      const { user, token } = await customer()
      const { payment } = await started(token)
      expect(
        (await ipn(result(payment, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02', vnp_TransactionNo: '0' })))
          .RspCode,
      ).toBe('00')
      expect((await intentRow(payment.id)).status).toBe('failed')
      expect((await ipn(result(payment))).RspCode).toBe('02')
      const row = await intentRow(payment.id)
      expect(row).toMatchObject({ status: 'review', alert: 'payments.alert.lateSuccess' })
      expect(await balanceOf(user.id)).toBe(0n)
      const mails = await mailsTo(t, admin.user.email)
      expect(mails.some((m) => m.subject.includes(payment.reference))).toBe(true)

      // An administrator who checked the bank statement confirms it: credited once.
      const confirmed = await call(
        t,
        contract.confirmPayment,
        { params: { id: payment.id }, body: { note: 'Seen at VNPay merchant admin' } },
        { token: admin.token },
      )
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
      expect(confirmed.body.data).toMatchObject({ status: 'succeeded', decided_by: admin.user.id })
      expect(await balanceOf(user.id)).toBe(10_000n)
      expect((await ipn(result(payment))).RspCode).toBe('02')
      expect(await balanceOf(user.id)).toBe(10_000n)
    })

    it('refuses forged and altered signatures (97) and never lets an unsigned call change the payment', async () => {
      const { user, token } = await customer()
      const { payment } = await started(token)
      // Signed with another secret: someone who does not know ours.
      expect((await ipn(result(payment, {}, { secret: 'not-our-secret' }))).RspCode).toBe('97')
      // A genuine failure message, altered to say success.
      const failure = result(payment, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02' })
      expect((await ipn({ ...failure, vnp_ResponseCode: '00', vnp_TransactionStatus: '00' })).RspCode).toBe('97')
      // A failure without a signature, and with a truncated one: an attacker trying to block the real IPN.
      const { vnp_SecureHash: _, ...unsigned } = failure
      expect((await ipn(unsigned)).RspCode).toBe('97')
      expect((await ipn({ ...failure, vnp_SecureHash: (failure.vnp_SecureHash ?? '').slice(0, 64) })).RspCode).toBe(
        '97',
      )
      // A key given twice (the second value could differ from the signed one).
      const genuine = result(payment)
      expect((await ipn(`${new URLSearchParams(genuine)}&vnp_ResponseCode=00`)).RspCode).toBe('97')
      // The upper-cased hash of the real message, and extra non-VNPay parameters, are fine.
      const row = await intentRow(payment.id)
      expect(row.status).toBe('pending')
      expect(await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.intentId, payment.id))).toEqual([])
      const upper = { ...genuine, vnp_SecureHash: (genuine.vnp_SecureHash ?? '').toUpperCase(), utm_source: 'x' }
      expect((await ipn(upper)).RspCode).toBe('00')
      expect(await balanceOf(user.id)).toBe(10_000n)
    })

    it('an amount that differs answers 04, credits nothing, and puts the payment in review with an alert', async () => {
      const { user, token } = await customer()
      const { payment } = await started(token)
      const reply = await ipn(result(payment, { vnp_Amount: '100000' }))
      expect(reply).toEqual({ RspCode: '04', Message: 'Invalid amount' })
      expect(await intentRow(payment.id)).toMatchObject({ status: 'review', alert: 'payments.alert.amountMismatch' })
      expect(await balanceOf(user.id)).toBe(0n)
      const mails = await mailsTo(t, admin.user.email)
      expect(mails.filter((m) => m.subject.includes(payment.reference))).toHaveLength(1)
      // VNPay retries a 04; the retries alert no one again.
      expect((await ipn(result(payment, { vnp_Amount: '100000' }))).RspCode).toBe('04')
      expect((await mailsTo(t, admin.user.email)).filter((m) => m.subject.includes(payment.reference))).toHaveLength(1)
      const shown = await call(
        t,
        contract.getPayment,
        { params: { id: payment.id } },
        { token: admin.token, lang: 'vi' },
      )
      expect(shown.body.data.alert).toContain('1000')
    })

    it('answers 01 for another merchant code or an unknown reference', async () => {
      const { token } = await customer()
      const { payment } = await started(token)
      expect((await ipn(result(payment, { vnp_TmnCode: 'OTHERTMN' }))).RspCode).toBe('01')
      expect((await ipn(result(payment, { vnp_TxnRef: 'NOSUCHREFERENCE' }))).RspCode).toBe('01')
      expect((await intentRow(payment.id)).status).toBe('pending')
    })

    it('puts 07 (suspicious) and a reversed transaction in review, without credit', async () => {
      const { user, token } = await customer()
      const first = (await started(token)).payment
      const second = (await started(token)).payment
      const third = (await started(token)).payment
      expect((await ipn(result(first, { vnp_ResponseCode: '07' }))).RspCode).toBe('00')
      // Success needs both codes 00 (the official PHP demo's `||` would credit this one).
      expect((await ipn(result(third, { vnp_ResponseCode: '00', vnp_TransactionStatus: '02' }))).RspCode).toBe('00')
      expect((await intentRow(third.id)).status).toBe('failed')
      expect((await ipn(result(second, { vnp_ResponseCode: '00', vnp_TransactionStatus: '04' }))).RspCode).toBe('00')
      expect((await intentRow(first.id)).status).toBe('review')
      expect((await intentRow(second.id)).status).toBe('review')
      expect(await balanceOf(user.id)).toBe(0n)
    })

    it('the return page checks the signature and shows another customer nothing', async () => {
      const { token } = await customer()
      const other = await customer()
      const { payment } = await started(token)
      const signed = new URLSearchParams(result(payment)).toString()
      const as = (tok: string, query: string) =>
        t.app.inject({
          method: 'GET',
          url: `/v1/payments/vnpay/return?${query}`,
          headers: { authorization: `Bearer ${tok}` },
        })
      const mine = await as(token, signed)
      expect(mine.statusCode).toBe(200)
      // Display only: the page shows the server's state (still waiting for the IPN), not the browser's claim.
      expect(mine.json().data.payment.status).toBe('pending')
      expect((await as(other.token, signed)).statusCode).toBe(404)
      const tampered = await as(token, signed.replace('vnp_ResponseCode=00', 'vnp_ResponseCode=24'))
      expect(tampered.statusCode).toBe(400)
      expect(errorEnvelope(tampered.json()).error_code).toBe('BAD_SIGNATURE')
    })

    it('a payment whose IPN was held back waits, then is settled by the console or by reconciliation', async () => {
      const { user, token } = await customer()
      const a = await started(token)
      await payInSandbox(a.redirect_url ?? '', 'pending')
      expect((await intentRow(a.payment.id)).status).toBe('pending')
      const sent = await t.app.inject({
        method: 'POST',
        url: '/sandbox/vnpay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: `txnRef=${a.payment.reference}`,
      })
      expect(sent.json()).toEqual({ RspCode: '00' })
      // A replay from the console is answered 02 and credits nothing.
      const replay = await t.app.inject({
        method: 'POST',
        url: '/sandbox/vnpay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: `txnRef=${a.payment.reference}`,
      })
      expect(replay.json()).toEqual({ RspCode: '02' })
      expect(await balanceOf(user.id)).toBe(10_000n)

      // The second one's IPN is lost: querydr finds it paid once its page has expired.
      const b = await started(token, { amount: '250.00' })
      await payInSandbox(b.redirect_url ?? '', 'pending')
      const abandoned = await started(token, { amount: '5.00' })
      expect((await reconcile(t.ctx)).checked).toBe(0)
      t.clock.advance(31 * 60_000)
      const run = await reconcile(t.ctx)
      expect(run.settled).toBeGreaterThanOrEqual(2)
      expect((await intentRow(b.payment.id)).status).toBe('succeeded')
      // Never paid on VNPay's page: closed as failed.
      expect(await intentRow(abandoned.payment.id)).toMatchObject({ status: 'failed', responseCode: 'EXPIRED' })
      expect(await balanceOf(user.id)).toBe(35_000n)
    })

    it('the sandbox retries an IPN that was not answered 00 or 02, 5 minutes apart, 10 calls at most', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await started(token)
      await payInSandbox(redirect_url ?? '', 'pending')
      // The gateway's record says another amount (signed): our IPN answers 04 every time.
      const [row] = await t.ctx.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, `vnp:${payment.reference}`))
      const data = row?.data as { result: Record<string, string> }
      const { vnp_SecureHash: _, ...unsigned }: Record<string, string> = { ...data.result, vnp_Amount: '100000' }
      data.result = { ...unsigned, vnp_SecureHash: sign(unsigned) }
      await t.ctx.db
        .update(sandboxPayments)
        .set({ data })
        .where(eq(sandboxPayments.id, `vnp:${payment.reference}`))

      expect(await notify(t.ctx, payment.reference)).toBe('04')
      for (let call = 2; call <= 12; call++) {
        expect(await notifyDue(t.ctx)).toBe(0)
        t.clock.advance(5 * 60_000)
        await notifyDue(t.ctx)
      }
      const record = await sandboxVnpayRecord(t.ctx, payment.reference)
      expect(record?.calls.map((c) => c.reply)).toEqual(Array(10).fill('04'))
      expect((await intentRow(payment.id)).status).toBe('review')
      expect(await balanceOf(user.id)).toBe(0n)
    })

    it('refuses to start more than ten payments waiting at once', async () => {
      const { token } = await customer()
      for (let i = 0; i < 10; i++) await started(token, { amount: '5.00' })
      const more = await start(token, { amount: '5.00' })
      expect(more.status).toBe(429)
      expect(errorEnvelope(more.body).error_code).toBe('TOO_MANY_PENDING')
    })

    it('pays a bill: the credit and the bill payment in one transaction', async () => {
      const { user, token } = await customer()
      const bill = await newBill(user.id, 4_210n)
      const { payment } = await started(token, { purpose: 'bill', bill_id: bill.id, amount: null })
      // The bill's own exchange rate (25,000) applies: 42.10 USD = 1,052,500 VND.
      expect(payment).toMatchObject({
        purpose: 'bill',
        bill_code: bill.code,
        amount: '42.10',
        charge_amount: '1052500',
      })
      expect((await ipn(result(payment))).RspCode).toBe('00')
      const [paid] = await t.ctx.db.select().from(bills).where(eq(bills.id, bill.id))
      expect(paid?.paidAt).not.toBeNull()
      expect((await ledgerOf(user.id)).map((l) => [l.type, l.amountCents, l.balanceAfterCents])).toEqual([
        ['topup_vnpay', 4_210n, 4_210n],
        ['bill_payment', -4_210n, 0n],
      ])
      expect(await balanceOf(user.id)).toBe(0n)
      // A paid bill cannot be started again.
      const again = await start(token, { purpose: 'bill', bill_id: bill.id, amount: null })
      expect(again.status).toBe(409)
    })

    it('refuses bad requests to start a payment with clear messages', async () => {
      const { token } = await customer()
      const other = await customer()
      const noAmount = await start(token, { amount: null })
      expect(noAmount.status).toBe(400)
      expect(fieldsOf(noAmount.body).amount).toBe('Enter the amount to top up')
      const zero = await start(token, { amount: '0.00' })
      expect(fieldsOf(zero.body).amount).toBe('The amount must be a number above 0')
      const huge = await start(token, { amount: '10000.01' })
      expect(fieldsOf(huge.body).amount).toBe('A single top-up is at most 10000.00 USD')
      const tiny = await start(token, { amount: '0.01' })
      expect(tiny.status).toBe(400)
      expect(fieldsOf(tiny.body).amount).toBe('VNPay takes at least 5,000 VND')
      const noBill = await start(token, { purpose: 'bill', amount: null, bill_id: null })
      expect(fieldsOf(noBill.body).bill_id).toBe('Choose the bill to pay')
      const othersBill = await newBill(other.user.id, 1_000n)
      expect((await start(token, { purpose: 'bill', bill_id: othersBill.id, amount: null })).status).toBe(404)
    })
  })

  describe('PayPal', () => {
    async function approve(redirectUrl: string, choice: string, webhooks = true) {
      const url = new URL(redirectUrl)
      const pageRes = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
      expect(pageRes.statusCode, pageRes.body).toBe(200)
      const token = url.searchParams.get('token') ?? ''
      const res = await t.app.inject({
        method: 'POST',
        url: '/sandbox/paypal/checkoutnow',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, choice, ...(webhooks ? { webhooks: '1' } : {}) }).toString(),
      })
      expect(res.statusCode, res.body).toBe(302)
      return { location: String(res.headers.location), orderId: token }
    }

    const capture = (token: string, orderId: string) =>
      call(t, contract.paypalCapture, { body: { order_id: orderId } }, { token })

    it('creates the order with the fee on top, and a capture without webhooks credits the amount once', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await started(token, { provider: 'paypal', amount: '100.00' })
      // 4.4% + 0.30 USD: the customer pays 104.70 for 100.00 on the balance.
      expect(payment).toMatchObject({ currency: 'USD', charge_amount: '100.00', fee: '4.70', total: '104.70' })
      expect(redirect_url).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/)
      const { location, orderId } = await approve(redirect_url ?? '', 'success', false)
      expect(location).toBe(
        `${t.config.publicUrl}/billing/paypal_return?payment=${payment.id}&token=${orderId}&PayerID=SANDBOXPAYER1`,
      )
      const res = await capture(token, orderId)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data).toMatchObject({
        status: 'succeeded',
        provider_order_id: orderId,
        response_code: 'COMPLETED',
      })
      expect(await balanceOf(user.id)).toBe(10_000n)
      // Capturing again (the return page reloaded) is the same answer and no second credit.
      expect((await capture(token, orderId)).body.data.status).toBe('succeeded')
      expect(await balanceOf(user.id)).toBe(10_000n)
    })

    it('the domestic rate is 3.9% + 0.30 USD', async () => {
      const { token } = await customer()
      const { payment } = await started(token, { provider: 'paypal', amount: '250.00', paypal_domestic: true })
      expect(payment).toMatchObject({ fee: '10.05', total: '260.05', paypal_domestic: true })
    })

    it('parallel captures and the webhook for one order credit exactly once', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await started(token, { provider: 'paypal', amount: '50.00' })
      const { orderId } = await approve(redirect_url ?? '', 'success', true)
      const answers = await Promise.all(Array.from({ length: 8 }, () => capture(token, orderId)))
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200)
      expect(await balanceOf(user.id)).toBe(5_000n)
      expect((await intentRow(payment.id)).status).toBe('succeeded')
    })

    it('a PENDING capture is not credited; the COMPLETED webhook credits once; a replayed event changes nothing', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await started(token, { provider: 'paypal', amount: '20.00' })
      const { orderId } = await approve(redirect_url ?? '', 'pending', true)
      const res = await capture(token, orderId)
      expect(res.body.data).toMatchObject({ status: 'pending', response_code: 'PENDING:PENDING_REVIEW' })
      expect(await balanceOf(user.id)).toBe(0n)

      const console = (action: string) =>
        t.app.inject({
          method: 'POST',
          url: `/sandbox/paypal/console/${action}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          payload: `order=${orderId}`,
        })
      expect((await console('complete')).statusCode).toBe(200)
      expect((await intentRow(payment.id)).status).toBe('succeeded')
      expect(await balanceOf(user.id)).toBe(2_000n)
      expect((await console('replay')).statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(2_000n)
      const events = await t.ctx.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.intentId, payment.id), eq(paymentEvents.kind, 'webhook')))
      // PENDING and COMPLETED once each: the replay was recognised by its event id.
      expect(events.map((e) => e.outcome).sort()).toEqual(['COMPLETED', 'PENDING'])
    })

    it('a declined card leaves the payment pending (422, retryable: refunds.test.ts); a cancelled approval is cancelled; nothing is credited', async () => {
      const { user, token } = await customer()
      const declined = await started(token, { provider: 'paypal', amount: '10.00' })
      const d = await approve(declined.redirect_url ?? '', 'decline', true)
      const refused = await capture(token, d.orderId)
      expect(refused.status).toBe(422)
      expect(errorEnvelope(refused.body).error_code).toBe('INSTRUMENT_DECLINED')
      expect(await intentRow(declined.payment.id)).toMatchObject({
        status: 'pending',
        responseCode: 'INSTRUMENT_DECLINED',
      })

      const cancelled = await started(token, { provider: 'paypal', amount: '10.00' })
      const c = await approve(cancelled.redirect_url ?? '', 'cancel', true)
      expect(c.location).toBe(
        `${t.config.publicUrl}/billing/paypal_return?payment=${cancelled.payment.id}&cancelled=1&token=${c.orderId}`,
      )
      const res = await call(t, contract.cancelPayment, { params: { id: cancelled.payment.id } }, { token })
      expect(res.body.data.status).toBe('cancelled')
      expect(await balanceOf(user.id)).toBe(0n)
    })

    it('an order not approved yet is refused at capture and stays pending', async () => {
      const { token } = await customer()
      const { payment } = await started(token, { provider: 'paypal', amount: '10.00' })
      const row = await intentRow(payment.id)
      const res = await capture(token, row.providerOrderId ?? '')
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body).error_code).toBe('ORDER_NOT_APPROVED')
      expect((await intentRow(payment.id)).status).toBe('pending')
    })

    it("another customer's order and payment answer 404", async () => {
      const { token } = await customer()
      const other = await customer()
      const { payment, redirect_url } = await started(token, { provider: 'paypal', amount: '10.00' })
      const { orderId } = await approve(redirect_url ?? '', 'success', false)
      expect((await capture(other.token, orderId)).status).toBe(404)
      expect((await call(t, contract.getPayment, { params: { id: payment.id } }, { token: other.token })).status).toBe(
        404,
      )
      expect(
        (await call(t, contract.cancelPayment, { params: { id: payment.id } }, { token: other.token })).status,
      ).toBe(404)
      expect((await intentRow(payment.id)).status).toBe('pending')
    })

    it('refuses webhooks whose signature PayPal does not confirm, and handles each event id once', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await started(token, { provider: 'paypal', amount: '30.00' })
      const { orderId } = await approve(redirect_url ?? '', 'pending', false)
      await capture(token, orderId)
      const row = await intentRow(payment.id)
      const event = (id: string) =>
        JSON.stringify({
          id,
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: {
            id: row.providerTxnId,
            status: 'COMPLETED',
            supplementary_data: { related_ids: { order_id: orderId } },
          },
        })
      const post = (body: string, headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/payments/paypal/webhook',
          headers: { 'content-type': 'application/json', ...headers },
          payload: body,
        })
      const forged = await post(event('WH-FORGED'), {
        'paypal-transmission-id': 'x',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl',
        'paypal-cert-url': `${t.config.publicUrl}/sandbox/paypal/certs/sandbox.pem`,
        'paypal-auth-algo': 'SHA256withRSA',
      })
      expect(forged.statusCode).toBe(400)
      expect((await post(event('WH-NOHEADERS'), {})).statusCode).toBe(400)
      expect((await intentRow(payment.id)).status).toBe('pending')

      // PayPal completes the capture and tells us (the console's action always sends its webhook).
      const completed = await t.app.inject({
        method: 'POST',
        url: '/sandbox/paypal/console/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: `order=${orderId}`,
      })
      expect(completed.statusCode).toBe(200)
      expect((await intentRow(payment.id)).status).toBe('succeeded')
      // The same event delivered again (PayPal retries): recognised by its id, credited once.
      for (let i = 0; i < 3; i++) {
        const replayed = await t.app.inject({
          method: 'POST',
          url: '/sandbox/paypal/console/replay',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          payload: `order=${orderId}`,
        })
        expect(replayed.statusCode).toBe(200)
      }
      expect(await balanceOf(user.id)).toBe(3_000n)
      const webhooks = await t.ctx.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.intentId, payment.id), eq(paymentEvents.kind, 'webhook')))
      expect(webhooks).toHaveLength(1)
    })
  })

  describe('bank transfer', () => {
    const bankBody = {
      bank_name: 'Vietcombank',
      account_name: 'MAPS PORTAL JSC',
      account_number: '0011004123456',
      branch: 'Hanoi',
      swift: 'BFTVVNVX',
      notes: 'Write the transfer content exactly as shown.',
    }

    it('is unavailable until an administrator sets the bank account, which is audit-logged', async () => {
      const { token } = await customer()
      const refused = await start(token, { provider: 'bank', amount: '50.00' })
      expect(refused.status).toBe(422)
      expect(refused.body.message).toMatch(/bank account has not been set/)
      const half = await call(
        t,
        contract.setBankSettings,
        { body: { ...bankBody, account_number: '' } },
        { token: admin.token },
      )
      expect(fieldsOf(half.body).account_number).toBe('Bank name, account name and account number go together')
      const saved = await call(t, contract.setBankSettings, { body: bankBody }, { token: admin.token })
      expect(saved.status).toBe(200)
      const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.bank'))
      expect(audits.length).toBeGreaterThan(0)
      const options = await call(t, contract.paymentOptions, {}, { token })
      expect(options.body.data).toMatchObject({
        vnpay: true,
        paypal: true,
        sandbox: true,
        exchange_rate: '25400',
        bank: bankBody,
      })
    })

    it('a declared top-up is credited once when administrators confirm it at the same moment', async () => {
      await call(t, contract.setBankSettings, { body: bankBody }, { token: admin.token })
      const second = await userWithToken(t, ['admin'])
      const { user, token } = await customer()
      const res = await start(token, { provider: 'bank', amount: '50.00' })
      expect(res.status).toBe(201)
      const { payment, redirect_url } = res.body.data
      expect(redirect_url).toBeNull()
      expect(payment).toMatchObject({ status: 'pending', currency: 'VND', fee: '0', total: '1270000' })
      expect(payment.transfer_content).toMatch(/^TU[0-9A-Z]{8}$/)
      expect(payment.transfer_content).toBe(payment.reference)

      const list = await call(
        t,
        contract.allPayments,
        { query: { provider: 'bank', status: 'pending' } },
        { token: admin.token },
      )
      expect(list.body.data.items.map((p) => p.id)).toContain(payment.id)
      expect(list.body.data.pending_bank).toBeGreaterThan(0)

      const decisions = await Promise.all(
        [admin.token, second.token, admin.token, second.token].map((tok) =>
          call(
            t,
            contract.confirmPayment,
            { params: { id: payment.id }, body: { note: 'On the statement' } },
            { token: tok },
          ),
        ),
      )
      expect(decisions.filter((d) => d.status === 200)).toHaveLength(1)
      expect(decisions.filter((d) => d.status === 409)).toHaveLength(3)
      expect(await balanceOf(user.id)).toBe(5_000n)
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, payment.id), eq(auditLog.action, 'payment.confirm')))
      expect(audits).toHaveLength(1)
      const log = await ledgerOf(user.id)
      expect(log.map((l) => [l.type, l.amountCents, l.createdBy])).toEqual([['topup_bank', 5_000n, expect.any(String)]])
    })

    it('a bill paid by transfer uses the bill code; rejecting needs a reason and credits nothing', async () => {
      await call(t, contract.setBankSettings, { body: bankBody }, { token: admin.token })
      const { user, token } = await customer()
      const bill = await newBill(user.id, 1_500n)
      const declared = await started(token, { provider: 'bank', purpose: 'bill', bill_id: bill.id, amount: null })
      expect(declared.payment.transfer_content).toBe(bill.code)
      const noReason = await call(
        t,
        contract.rejectPayment,
        { params: { id: declared.payment.id }, body: { note: '' } },
        { token: admin.token },
      )
      expect(fieldsOf(noReason.body).note).toBe('Say why the payment is rejected')
      const confirmed = await call(
        t,
        contract.confirmPayment,
        { params: { id: declared.payment.id }, body: { note: '' } },
        { token: admin.token },
      )
      expect(confirmed.status).toBe(200)
      const [paid] = await t.ctx.db.select().from(bills).where(eq(bills.id, bill.id))
      expect(paid?.paidAt).not.toBeNull()
      expect(await balanceOf(user.id)).toBe(0n)

      const topup = await started(token, { provider: 'bank', amount: '10.00' })
      const rejected = await call(
        t,
        contract.rejectPayment,
        { params: { id: topup.payment.id }, body: { note: 'Nothing arrived' } },
        { token: admin.token },
      )
      expect(rejected.body.data).toMatchObject({ status: 'failed', note: 'Nothing arrived' })
      const again = await call(
        t,
        contract.confirmPayment,
        { params: { id: topup.payment.id }, body: { note: '' } },
        { token: admin.token },
      )
      expect(again.status).toBe(409)
      // An online payment that is still pending is the gateway's to settle, not an administrator's.
      const online = await started(token)
      expect(
        (
          await call(
            t,
            contract.confirmPayment,
            { params: { id: online.payment.id }, body: { note: '' } },
            { token: admin.token },
          )
        ).status,
      ).toBe(409)
    })

    it('a customer may cancel their declaration while it waits', async () => {
      await call(t, contract.setBankSettings, { body: bankBody }, { token: admin.token })
      const { token } = await customer()
      const { payment } = await started(token, { provider: 'bank', amount: '10.00' })
      expect((await call(t, contract.cancelPayment, { params: { id: payment.id } }, { token })).body.data.status).toBe(
        'cancelled',
      )
      expect((await call(t, contract.cancelPayment, { params: { id: payment.id } }, { token })).status).toBe(409)
      const vnpay = await started(token)
      expect((await call(t, contract.cancelPayment, { params: { id: vnpay.payment.id } }, { token })).status).toBe(409)
    })
  })

  describe('the back office list', () => {
    it('filters by user, provider and status, and is for administrators only', async () => {
      const { user, token } = await customer()
      await started(token)
      await started(token, { provider: 'paypal', amount: '5.00' })
      const mine = await call(t, contract.allPayments, { query: { user_id: user.id } }, { token: admin.token })
      expect(mine.body.data.items).toHaveLength(2)
      const paypal = await call(
        t,
        contract.allPayments,
        { query: { user_id: user.id, provider: 'paypal' } },
        { token: admin.token },
      )
      expect(paypal.body.data.items.map((p) => p.provider)).toEqual(['paypal'])
      const byKeyword = await call(
        t,
        contract.allPayments,
        { query: { user_keyword: user.email } },
        { token: admin.token },
      )
      expect(byKeyword.body.data.total).toBe(2)
      expect((await call(t, contract.allPayments, {}, { token })).status).toBe(403)
      const own = await call(t, contract.myPayments, {}, { token })
      expect(own.body.data.items.every((p) => p.user_id === user.id)).toBe(true)
    })
  })

  describe('saved cards', () => {
    const card = {
      provider: 'paypal' as const,
      token: 'tok_8f2Kx91LmQ',
      brand: 'visa' as const,
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
    }
    const add = (token: string, body: unknown) =>
      call(t, contract.addCard, { body: { card: body } as never }, { token })

    it('stores a token and display data, never a card number', async () => {
      const { token } = await customer()
      for (const pan of ['4111111111111111', '4111 1111 1111 1111', 'tok-4111-1111-1111-1111', '5500005555555559']) {
        const res = await add(token, { ...card, token: pan })
        expect(res.status, pan).toBe(400)
        expect(Object.values(fieldsOf(res.body)).join(' ')).toMatch(/card number is never stored|letters, digits/)
      }
      const withNumber = await add(token, { ...card, number: '4111111111111111' })
      expect(withNumber.status).toBe(400)
      expect(JSON.stringify(withNumber.body)).not.toContain('4111111111111111')
      const expired = await add(token, { ...card, token: 'tok_expired001', exp_year: 2026, exp_month: 10 })
      expect(expired.body.message).toBe('This card has expired')

      const saved = await add(token, card)
      expect(saved.status, JSON.stringify(saved.body)).toBe(201)
      expect(saved.body.data).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 })
      expect(saved.body.data).not.toHaveProperty('token')
      expect((await add(token, card)).status).toBe(409)
      const rows = (await t.ctx.db.execute(sql`select * from saved_cards`)) as unknown as {
        rows: Record<string, unknown>[]
      }
      expect(JSON.stringify(rows.rows)).not.toMatch(/4111111111111111/)

      const other = await customer()
      expect(
        (await call(t, contract.removeCard, { params: { id: saved.body.data.id } }, { token: other.token })).status,
      ).toBe(404)
      expect((await call(t, contract.listCards, {}, { token })).body.data).toHaveLength(1)
      expect((await call(t, contract.removeCard, { params: { id: saved.body.data.id } }, { token })).status).toBe(200)
      expect((await call(t, contract.listCards, {}, { token })).body.data).toEqual([])
    })
  })

  it('the sandbox exists only where a gateway has no credentials, and never in production', async () => {
    expect(vnp.mode).toBe('sandbox')
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/vnpay/console' })
    expect(res.statusCode).toBe(200)
    const production = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      APP_SECRET: 'x'.repeat(40),
      GATEWAY_TOKEN: 'y'.repeat(30),
    })
    expect(production.payments.vnpay.mode).toBe('off')
    expect(production.payments.paypal.mode).toBe('off')
    // Production's gateways and flag, without its schedulers.
    const prod = await createTestApp({ isProduction: true, payments: production.payments })
    try {
      for (const url of ['/sandbox/vnpay/console', '/sandbox/paypal/console', '/sandbox/vnpay/paymentv2/vpcpay.html']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
      }
      const u = await createUser(prod)
      const tok = await signIn(prod, u.email)
      const res2 = await call(
        prod,
        contract.createPayment,
        { body: { provider: 'vnpay', purpose: 'topup', amount: '10.00', bill_id: null, paypal_domestic: false } },
        { token: tok },
      )
      expect(res2.status).toBe(422)
      expect(errorEnvelope(res2.body).error_code).toBe('PROVIDER_UNAVAILABLE')
    } finally {
      await prod.close()
    }
  })

  let billSerial = 0
  async function newBill(userId: string, totalCents: bigint) {
    billSerial += 1
    const id = newId('bil', t.clock.now().getTime())
    const code = `INV-P${String(billSerial).padStart(5, '0')}`
    await t.ctx.db.insert(bills).values({
      id,
      userId,
      year: 2000 + billSerial,
      month: 1,
      code,
      billDate: t.clock.now(),
      billedFrom: '2026-10-01',
      billedTo: '2026-10-31',
      isNew: true,
      lines: [],
      amountBeforeDiscountCents: totalCents,
      discountPercent: '0',
      discountCents: 0n,
      amountCents: totalCents,
      freeCreditCents: 0n,
      totalCents,
      exchangeRate: '25000',
      totalVnd: totalCents * 250n,
      transferContent: code,
    })
    return { id, code }
  }
})
