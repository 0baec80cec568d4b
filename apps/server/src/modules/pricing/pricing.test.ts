import * as contract from '@app/contract'
import { checkRanges, type RateSetting, SERVICE_TYPES } from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  freshEmail,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, rangeRequests } from '../../db/schema/index.ts'
import { billingSettings, commonPrices, effectivePrices, freeMonthCents, privatePrices } from './prices.ts'
import { DEFAULT_RIVAL } from './rival.ts'
import * as rates from './service.ts'

// Rate settings, ranges, free and billing settings, the rival's prices and one user's price book
// (docs/requirements.md §8, docs/pricing.md).

const MISSING_SETTING = `rat_${'0'.repeat(26)}`
const MISSING_USER = `usr_${'0'.repeat(26)}`

describe('pricing', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = await userWithToken(t, ['customer'])

  const settingBody = (overrides: Record<string, unknown> = {}) => ({
    type: 'GEOCODE' as const,
    rate: '0.004',
    free: 1000,
    prefix: '/api/v1',
    paths: '/geocode',
    subpath: null,
    is_new: true,
    ...overrides,
  })

  async function privateSetting(userId: string, overrides: Record<string, unknown> = {}): Promise<RateSetting> {
    const res = await call(
      t,
      contract.createRateSetting,
      { body: settingBody({ user_id: userId, ...overrides }) },
      { token: admin.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  async function auditFor(targetId: string) {
    return t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id))
  }

  async function commonSetting(type: string, isNew = true): Promise<RateSetting> {
    const res = await call(
      t,
      contract.listRateSettings,
      { query: { is_new: isNew ? 'true' : 'false' } },
      { token: admin.token },
    )
    const found = res.body.data.find((s) => s.type === type)
    if (!found) throw new Error(`no common ${type} setting`)
    return found
  }

  describe('rate settings', () => {
    it('lists the seeded common settings of each book, in service order, for admins only', async () => {
      const current = await call(t, contract.listRateSettings, {}, { token: admin.token })
      expect(current.status).toBe(200)
      expect(current.body.data.map((s) => s.type)).toEqual([...SERVICE_TYPES])
      const geocode = current.body.data.find((s) => s.type === 'GEOCODE')
      // The launch book of migration 0025 (docs/pricing.md): geocoding at 2.50 USD per 1000.
      expect(geocode).toMatchObject({
        rate: '0.0025',
        rate_per_1000: '2.50',
        free: 40000,
        prefix: '/api/v1',
        paths: '/geocode',
        is_new: true,
        user_id: null,
        user_email: null,
      })
      expect(geocode?.ranges.map((r) => [r.request_from, r.request_to, r.rate, r.rate_per_1000])).toEqual([
        [0, 100000, '0.0025', '2.50'],
        [100000, 200000, '0.002', '2.00'],
        [200000, 500000, '0.002', '2.00'],
        [500000, -1, '0.0015', '1.50'],
      ])

      const legacy = await call(t, contract.listRateSettings, { query: { is_new: 'false' } }, { token: admin.token })
      expect(legacy.body.data).toHaveLength(SERVICE_TYPES.length)
      expect(legacy.body.data.find((s) => s.type === 'GEOCODE')).toMatchObject({
        rate: '0.003',
        is_new: false,
        ranges: [],
      })

      for (const token of [support.token, customer.token]) {
        const res = await call(t, contract.listRateSettings, {}, { token })
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      }
      expect((await call(t, contract.listRateSettings, {})).status).toBe(401)
    })

    it('creates a private setting for a user, lists it apart from the common ones, and audits it', async () => {
      const user = await createUser(t, { email: freshEmail('private') })
      const created = await privateSetting(user.id)
      expect(created).toMatchObject({
        type: 'GEOCODE',
        rate: '0.004',
        rate_per_1000: '4.00',
        free: 1000,
        user_id: user.id,
        user_email: user.email,
        is_new: true,
        ranges: [],
      })
      const mine = await call(t, contract.listRateSettings, { query: { user_id: user.id } }, { token: admin.token })
      expect(mine.body.data.map((s) => s.id)).toEqual([created.id])
      const common = await call(t, contract.listRateSettings, {}, { token: admin.token })
      expect(common.body.data.some((s) => s.id === created.id)).toBe(false)
      const audit = await auditFor(created.id)
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'rates.setting.create',
          actorId: admin.user.id,
          targetType: 'setting_weight',
          after: expect.objectContaining({ type: 'GEOCODE', rate: '0.004', user_id: user.id }),
        }),
      ])
    })

    it('refuses a second setting of a type for the same owner and book with 409', async () => {
      const user = await createUser(t, { email: freshEmail('twice') })
      await privateSetting(user.id)
      const again = await call(
        t,
        contract.createRateSetting,
        { body: settingBody({ user_id: user.id }) },
        { token: admin.token },
      )
      expect(again.status).toBe(409)
      expect(errorEnvelope(again.body)).toMatchObject({
        error_code: 'SETTING_EXISTS',
        message: 'A GEOCODE setting already exists in this price book',
      })
      // The other book is another setting.
      await privateSetting(user.id, { is_new: false })
      const common = await call(t, contract.createRateSetting, { body: settingBody() }, { token: admin.token })
      expect(common.status).toBe(409)
      expect(errorEnvelope(common.body).error_code).toBe('SETTING_EXISTS')
    })

    it('answers 404 for a private setting of a user who does not exist', async () => {
      const res = await call(
        t,
        contract.createRateSetting,
        { body: settingBody({ user_id: MISSING_USER }) },
        { token: admin.token },
      )
      expect(res.status).toBe(404)
      expect(errorEnvelope(res.body).message).toBe('User not found')
    })

    it('gets, updates (audited before and after) and deletes a private setting', async () => {
      const user = await createUser(t, { email: freshEmail('edit') })
      const created = await privateSetting(user.id, { type: 'DIRECTION', paths: '/direction' })
      const got = await call(t, contract.getRateSetting, { params: { id: created.id } }, { token: admin.token })
      expect(got.body.data).toEqual(created)

      const updated = await call(
        t,
        contract.updateRateSetting,
        {
          params: { id: created.id },
          body: settingBody({
            type: 'DIRECTION',
            rate: '0.0035',
            free: 5,
            paths: ' /direction , /route ',
            subpath: '',
          }),
        },
        { token: admin.token },
      )
      expect(updated.status, JSON.stringify(updated.body)).toBe(200)
      expect(updated.body.message).toBe('Setting updated')
      expect(updated.body.data).toMatchObject({
        rate: '0.0035',
        rate_per_1000: '3.50',
        free: 5,
        paths: '/direction,/route',
        subpath: null,
        user_id: user.id,
      })
      const audit = await auditFor(created.id)
      expect(audit.at(-1)).toMatchObject({
        action: 'rates.setting.update',
        before: expect.objectContaining({ rate: '0.004', free: 1000 }),
        after: expect.objectContaining({ rate: '0.0035', free: 5 }),
      })

      const deleted = await call(t, contract.deleteRateSetting, { params: { id: created.id } }, { token: admin.token })
      expect(deleted.status).toBe(200)
      expect(deleted.body).toMatchObject({ data: null, message: 'Setting deleted' })
      const gone = await call(t, contract.getRateSetting, { params: { id: created.id } }, { token: admin.token })
      expect(gone.status).toBe(404)
      expect(errorEnvelope(gone.body).message).toBe('Rate setting not found')
      expect((await auditFor(created.id)).at(-1)).toMatchObject({ action: 'rates.setting.delete', after: null })
    })

    it('refuses to give a setting a type its owner already has in that book', async () => {
      const user = await createUser(t, { email: freshEmail('clash') })
      await privateSetting(user.id, { type: 'GEOCODE' })
      const other = await privateSetting(user.id, { type: 'TRIP' })
      const res = await call(
        t,
        contract.updateRateSetting,
        { params: { id: other.id }, body: settingBody({ type: 'GEOCODE' }) },
        { token: admin.token },
      )
      expect(res.status).toBe(409)
      expect(errorEnvelope(res.body).message).toBe('A GEOCODE setting already exists in this price book')
    })

    it('refuses to delete a common setting while users are billed by its book', async () => {
      const geocode = await commonSetting('GEOCODE')
      const res = await call(t, contract.deleteRateSetting, { params: { id: geocode.id } }, { token: admin.token })
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'COMMON_IN_USE',
        message: 'The common GEOCODE setting cannot be deleted: every service needs a price',
      })
      expect(
        (await call(t, contract.getRateSetting, { params: { id: geocode.id } }, { token: admin.token })).status,
      ).toBe(200)
    })

    it('answers 404 for settings that do not exist, to admins; 403 to others', async () => {
      for (const endpoint of [contract.getRateSetting, contract.deleteRateSetting]) {
        const res = await call(t, endpoint, { params: { id: MISSING_SETTING } }, { token: admin.token })
        expect(res.status).toBe(404)
        const asCustomer = await call(t, endpoint, { params: { id: MISSING_SETTING } }, { token: customer.token })
        expect(asCustomer.status).toBe(403)
      }
    })

    it('makes usage classification see changed paths at once', async () => {
      const owner = await createUser(t, { email: freshEmail('paths'), phoneVerified: true })
      const ownerToken = await signIn(t, owner.email)
      const key = await call(
        t,
        contract.createKey,
        { body: { name: 'Paths', type: 'api_key', restriction_list: null } },
        { token: ownerToken },
      )
      const report = async () => {
        const res = await call(
          t,
          contract.gatewayUsage,
          {
            body: {
              batch_id: `paths-${Math.random().toString(36).slice(2)}`,
              events: [
                {
                  key_id: key.body.data.id,
                  path: '/api/v1/tours/plan?stops=3',
                  at: t.clock.now().getTime() - 1000,
                  count: 1,
                  status: 200,
                  latency_ms: 5,
                },
              ],
            },
          },
          { token: t.config.gatewayToken },
        )
        return res.body.data.unclassified
      }
      expect(await report()).toBe(1)
      const trip = await commonSetting('TRIP')
      const res = await call(
        t,
        contract.updateRateSetting,
        {
          params: { id: trip.id },
          body: {
            type: 'TRIP',
            rate: trip.rate,
            free: trip.free,
            prefix: trip.prefix,
            paths: `${trip.paths},/tours`,
            subpath: trip.subpath,
            is_new: true,
          },
        },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      expect(await report()).toBe(0)
    })
  })

  describe('ranges', () => {
    async function settingWithRanges(ranges: [number, number, string][] = []) {
      const user = await createUser(t, { email: freshEmail('ranges') })
      let setting = await privateSetting(user.id)
      for (const [from, to, rate] of ranges) {
        const res = await call(
          t,
          contract.createRange,
          { params: { id: setting.id }, body: { request_from: from, request_to: to, rate } },
          { token: admin.token },
        )
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        setting = res.body.data
      }
      return { user, setting }
    }

    const addRange = (settingId: string, request_from: number, request_to: number, rate = '0.003') =>
      call(
        t,
        contract.createRange,
        { params: { id: settingId }, body: { request_from, request_to, rate } },
        { token: admin.token },
      )

    it('adds ranges from 0 upwards, ending with -1, each copied with the setting’s user and audited', async () => {
      const { user, setting } = await settingWithRanges([
        [0, 1000, '0.004'],
        [1000, 5000, '0.0035'],
        [5000, -1, '0.003'],
      ])
      expect(setting.ranges.map((r) => [r.request_from, r.request_to, r.rate, r.rate_per_1000])).toEqual([
        [0, 1000, '0.004', '4.00'],
        [1000, 5000, '0.0035', '3.50'],
        [5000, -1, '0.003', '3.00'],
      ])
      for (const range of setting.ranges) {
        expect(range).toMatchObject({ setting_id: setting.id, user_id: user.id, create_by_id: admin.user.id })
        expect(await auditFor(range.id)).toEqual([
          expect.objectContaining({ action: 'rates.range.create', targetType: 'range_request' }),
        ])
      }
    })

    it.each([
      ['a start of -1', [], [-1, 100], 'pricing.rangeStartUnlimited', '-1 (unlimited) cannot be the start of a range'],
      [
        'request_to equal to request_from',
        [],
        [0, 0],
        'pricing.rangeToNotAfterFrom',
        'request_to must be greater than request_from',
      ],
      [
        'to before from',
        [[0, 1000]],
        [1000, 500],
        'pricing.rangeToNotAfterFrom',
        'request_to must be greater than request_from',
      ],
      ['a first range not from 0', [], [10, 100], 'pricing.rangeFirstStart', 'The first range must start at 0'],
      [
        'an overlap',
        [[0, 1000]],
        [500, 2000],
        'pricing.rangeOverlap',
        'Ranges must not overlap: this range must start at 1000',
      ],
      [
        'a gap',
        [[0, 1000]],
        [1500, 2000],
        'pricing.rangeGap',
        'Ranges must not leave a gap: this range must start at 1000',
      ],
      [
        'a range after -1',
        [
          [0, 1000],
          [1000, -1],
        ],
        [2000, 3000],
        'pricing.rangeAfterUnlimited',
        'No range can follow a range that ends at -1 (unlimited)',
      ],
    ] as const)('refuses %s with 422 RANGE_INVALID and its message', async (_, existing, [from, to], _key, message) => {
      const { setting } = await settingWithRanges(
        existing.map(([f, tt]) => [f, tt, '0.004'] as [number, number, string]),
      )
      const res = await addRange(setting.id, from, to)
      expect(res.status).toBe(422)
      // (Not errorEnvelope: "ends at -1 (unlimited)" looks like a stack frame to its leak check.)
      expect(res.body).toMatchObject({ status: 'error', data: null, error_code: 'RANGE_INVALID', message })
      const after = await call(t, contract.getRateSetting, { params: { id: setting.id } }, { token: admin.token })
      expect(after.body.data.ranges).toHaveLength(existing.length)
    })

    it('answers the rule in the caller’s language', async () => {
      const { setting } = await settingWithRanges([[0, 1000, '0.004']])
      const res = await call(
        t,
        contract.createRange,
        { params: { id: setting.id }, body: { request_from: 1500, request_to: 2000, rate: '0.003' } },
        { token: admin.token, lang: 'vi' },
      )
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body).message).toBe(contract.translate('vi', 'pricing.rangeGap', { from: 1000 }))
      expect(errorEnvelope(res.body).message).toContain('1000')
    })

    it('checks the whole set again on an update and a removal', async () => {
      const { setting } = await settingWithRanges([
        [0, 1000, '0.004'],
        [1000, 5000, '0.0035'],
        [5000, -1, '0.003'],
      ])
      const [first, middle, last] = setting.ranges
      if (!first || !middle || !last) throw new Error('three ranges expected')
      const params = { id: setting.id, rangeId: middle.id }
      const shrink = await call(
        t,
        contract.updateRange,
        { params, body: { request_from: 1000, request_to: 4000, rate: '0.0035' } },
        { token: admin.token },
      )
      expect(shrink.status).toBe(422)
      expect(errorEnvelope(shrink.body).message).toBe('Ranges must not leave a gap: this range must start at 4000')

      const reprice = await call(
        t,
        contract.updateRange,
        { params, body: { request_from: 1000, request_to: 5000, rate: '0.00325' } },
        { token: admin.token },
      )
      expect(reprice.status).toBe(200)
      expect(reprice.body.data.ranges[1]).toMatchObject({
        rate: '0.00325',
        rate_per_1000: '3.25',
        update_by_id: admin.user.id,
      })
      expect((await auditFor(middle.id)).at(-1)).toMatchObject({
        action: 'rates.range.update',
        before: expect.objectContaining({ rate: '0.0035' }),
        after: expect.objectContaining({ rate: '0.00325' }),
      })

      const removeMiddle = await call(t, contract.deleteRange, { params }, { token: admin.token })
      expect(removeMiddle.status).toBe(422)
      expect(errorEnvelope(removeMiddle.body).error_code).toBe('RANGE_INVALID')

      const removeLast = await call(
        t,
        contract.deleteRange,
        { params: { id: setting.id, rangeId: last.id } },
        { token: admin.token },
      )
      expect(removeLast.status).toBe(200)
      expect(removeLast.body.data.ranges.map((r) => r.request_to)).toEqual([1000, 5000])
      expect((await auditFor(last.id)).at(-1)).toMatchObject({ action: 'rates.range.delete' })
    })

    it('answers 404 for a range of another setting and for a missing setting', async () => {
      const a = await settingWithRanges([[0, 1000, '0.004']])
      const b = await settingWithRanges([[0, 1000, '0.004']])
      const rangeOfB = b.setting.ranges[0]?.id ?? ''
      const res = await call(
        t,
        contract.updateRange,
        { params: { id: a.setting.id, rangeId: rangeOfB }, body: { request_from: 0, request_to: 10, rate: '0.001' } },
        { token: admin.token },
      )
      expect(res.status).toBe(404)
      expect(errorEnvelope(res.body).message).toBe('Range not found')
      const missing = await addRange(MISSING_SETTING, 0, 10)
      expect(missing.status).toBe(404)
      expect(errorEnvelope(missing.body).message).toBe('Rate setting not found')
    })

    it('leaves a valid set when ranges are added concurrently', async () => {
      const { setting } = await settingWithRanges([[0, 1000, '0.004']])
      const attempts = [
        [1000, 2000],
        [1000, 3000],
        [1000, -1],
        [2000, 3000],
        [1500, 2500],
        [1000, 2500],
      ] as const
      const results = await Promise.all(attempts.map(([from, to]) => addRange(setting.id, from, to)))
      for (const res of results) expect([201, 422], JSON.stringify(res.body)).toContain(res.status)
      const rows = await t.ctx.db
        .select()
        .from(rangeRequests)
        .where(eq(rangeRequests.settingId, setting.id))
        .orderBy(asc(rangeRequests.requestFrom))
      expect(rows.length).toBe(1 + results.filter((r) => r.status === 201).length)
      expect(results.some((r) => r.status === 201)).toBe(true)
      expect(
        checkRanges(
          rows.map((r) => ({ request_from: r.requestFrom, request_to: r.requestTo, rate: r.rate.replace(/0+$/, '') })),
        ),
      ).toBeNull()
    })

    it('never lets a removal and an addition that are each valid alone commit together', async () => {
      // Alone, removing [1000, 2000] leaves a valid set and so does adding [2000, 3000]; together they
      // leave a gap. Only the lock on the setting's row keeps the second from checking a stale set.
      // Called below HTTP so that the two transactions overlap as closely as possible.
      const actor = {
        id: admin.user.id,
        sessionId: 'test',
        email: admin.user.email,
        roles: ['admin' as const],
        status: 'active' as const,
        row: admin.user,
      }
      // On PostgreSQL, open a few pooled connections first: a transaction waiting for a new connection
      // would start only after the other one has finished.
      await Promise.all(Array.from({ length: 4 }, () => t.ctx.db.execute(sql`select pg_sleep(0.05)`)))
      for (let round = 0; round < 10; round++) {
        const { setting } = await settingWithRanges([
          [0, 1000, '0.004'],
          [1000, 2000, '0.0035'],
        ])
        const top = setting.ranges[1]?.id ?? ''
        const outcomes = await Promise.allSettled([
          rates.deleteRange(t.ctx, null, actor, setting.id, top),
          rates.createRange(t.ctx, null, actor, setting.id, { request_from: 2000, request_to: 3000, rate: '0.003' }),
        ])
        const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))
        expect(refusals).toHaveLength(1)
        expect(refusals[0]).toMatchObject({ code: 'RANGE_INVALID', httpStatus: 422 })
        const rows = await t.ctx.db.select().from(rangeRequests).where(eq(rangeRequests.settingId, setting.id))
        expect(
          checkRanges(rows.map((r) => ({ request_from: r.requestFrom, request_to: r.requestTo, rate: '0.001' }))),
        ).toBeNull()
      }
    })

    it('is for admins only', async () => {
      const { setting } = await settingWithRanges()
      for (const token of [support.token, customer.token]) {
        const res = await call(
          t,
          contract.createRange,
          { params: { id: setting.id }, body: { request_from: 0, request_to: 10, rate: '0.001' } },
          { token },
        )
        expect(res.status).toBe(403)
      }
    })
  })

  describe('free and billing settings', () => {
    it('has defaults, takes new amounts, audits them, and refuses 0', async () => {
      expect((await call(t, contract.getFreeMonth, {}, { token: admin.token })).body.data).toEqual({ free: '5.00' })
      expect((await call(t, contract.getFreeFirstRegister, {}, { token: admin.token })).body.data).toEqual({
        free: '10.00',
      })
      const month = await call(t, contract.setFreeMonth, { body: { free: '7.5' } }, { token: admin.token })
      expect(month.status).toBe(200)
      expect(month.body).toMatchObject({ data: { free: '7.50' }, message: 'Free credit saved' })
      const first = await call(t, contract.setFreeFirstRegister, { body: { free: '12' } }, { token: admin.token })
      expect(first.body.data).toEqual({ free: '12.00' })
      expect((await call(t, contract.getFreeMonth, {}, { token: admin.token })).body.data).toEqual({ free: '7.50' })
      expect((await call(t, contract.getFreeFirstRegister, {}, { token: admin.token })).body.data).toEqual({
        free: '12.00',
      })
      expect(await freeMonthCents(t.ctx.db)).toBe(750n)
      const audit = await auditFor('pricing.free_month')
      expect(audit.at(-1)).toMatchObject({
        action: 'rates.free.month',
        actorId: admin.user.id,
        before: { free: '5.00' },
        after: { free: '7.50' },
      })

      const zero = await call(t, contract.setFreeMonth, { body: { free: '0' } }, { token: admin.token })
      expect(zero.status).toBe(400)
      expect(errorEnvelope(zero.body).message).toBe('Free credit must be above 0')
      for (const token of [support.token, customer.token]) {
        expect((await call(t, contract.getFreeMonth, {}, { token })).status).toBe(403)
        expect((await call(t, contract.setFreeMonth, { body: { free: '1' } }, { token })).status).toBe(403)
      }
    })

    it('keeps the discount percentage and exchange rate', async () => {
      expect((await call(t, contract.getBillingSettings, {}, { token: admin.token })).body.data).toEqual({
        discount_percent: '10',
        exchange_rate: '25400',
      })
      const res = await call(
        t,
        contract.setBillingSettings,
        { body: { discount_percent: '12.5', exchange_rate: '25950.5' } },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ discount_percent: '12.5', exchange_rate: '25950.5' })
      expect(await billingSettings(t.ctx.db)).toEqual({ discountPercent: '12.5', exchangeRate: '25950.5' })
      expect((await auditFor('pricing.billing')).at(-1)).toMatchObject({
        action: 'rates.billing',
        before: { discount_percent: '10', exchange_rate: '25400' },
      })
      const tooMuch = await call(
        t,
        contract.setBillingSettings,
        { body: { discount_percent: '101', exchange_rate: '25400' } },
        { token: admin.token },
      )
      expect(tooMuch.status).toBe(400)
      expect(errorEnvelope(tooMuch.body).message).toBe('The discount is a percentage from 0 to 100')
      // Restore the default for the price book tests below.
      await call(
        t,
        contract.setBillingSettings,
        { body: { discount_percent: '10', exchange_rate: '25400' } },
        { token: admin.token },
      )
    })
  })

  describe('the rival’s prices', () => {
    it('shows Google Maps Platform’s list prices to everyone signed in by default', async () => {
      const res = await call(t, contract.getRivalRates, {}, { token: customer.token })
      expect(res.status).toBe(200)
      expect(res.body.data.name).toBe('Google Maps Platform')
      expect(res.body.data.as_of).toBe('2025-02-28')
      expect(res.body.data.services.map((s) => s.service)).toEqual([...SERVICE_TYPES])
      const per = Object.fromEntries(res.body.data.services.map((s) => [s.service, s.per_1000]))
      expect(per.LOAD_MAP).toEqual(['7.00', '5.60', '5.60', '4.20'])
      expect(per.STATIC_MAP).toEqual(['2.00', '1.60', '1.60', '1.20'])
      expect(per.GEOCODE).toEqual(['5.00', '4.00', '4.00', '3.00'])
      expect(per.PLACE_DETAIL?.[0]).toBe('17.00')
      expect(per.AUTOCOMPLETE?.[0]).toBe('2.83')
      expect((await call(t, contract.getRivalRates, {})).status).toBe(401)
    })

    it('lets admins change them (audited), and no one else', async () => {
      const body = {
        name: 'Other Maps',
        as_of: '2026-01-15',
        services: [
          { service: 'GEOCODE' as const, per_1000: ['4.00', '3.00', null, null], free: 100 },
          { service: 'LOAD_MAP' as const, per_1000: ['6.00', '5.00', '4.00', '3.00'], free: 0 },
        ],
      }
      expect((await call(t, contract.setRivalRates, { body }, { token: support.token })).status).toBe(403)
      expect((await call(t, contract.setRivalRates, { body }, { token: customer.token })).status).toBe(403)
      const res = await call(t, contract.setRivalRates, { body }, { token: admin.token })
      expect(res.status).toBe(200)
      const expected = { name: 'Other Maps', as_of: '2026-01-15', services: [body.services[1], body.services[0]] }
      expect(res.body.data).toEqual(expected)
      expect((await call(t, contract.getRivalRates, {}, { token: customer.token })).body.data).toEqual(expected)
      expect((await auditFor('pricing.rival')).at(-1)).toMatchObject({
        action: 'rates.rival',
        before: expect.objectContaining({ name: 'Google Maps Platform' }),
        after: expected,
      })
    })

    it('needs the day the prices were checked: a real date, not in the future', async () => {
      const before = (await call(t, contract.getRivalRates, {}, { token: admin.token })).body.data
      const body = { name: 'Refused Maps', services: [] }
      const missing = await call(t, contract.setRivalRates, { body: body as never }, { token: admin.token })
      expect(missing.status).toBe(400)
      expect(missing.body.data).toEqual({ fields: { as_of: expect.any(String) } })
      for (const [as_of, message] of [
        ['2026-02-30', 'Enter the day the prices were checked'],
        ['15/01/2026', 'Enter the day the prices were checked'],
        ['2999-01-01', 'The day the prices were checked cannot be in the future'],
      ] as const) {
        const res = await call(t, contract.setRivalRates, { body: { ...body, as_of } as never }, { token: admin.token })
        expect(res.status, String(as_of)).toBe(400)
        expect(errorEnvelope(res.body).message, String(as_of)).toBe(message)
        expect(res.body.data, String(as_of)).toEqual({ fields: { as_of: message } })
      }
      expect((await call(t, contract.getRivalRates, {}, { token: admin.token })).body.data).toEqual(before)
    })
  })

  describe('one user’s price book', () => {
    it('shows a customer their own prices with the popup’s columns', async () => {
      const res = await call(t, contract.priceOfOneUser, {}, { token: customer.token })
      expect(res.status).toBe(200)
      const book = res.body.data
      expect(book).toMatchObject({
        user: { id: customer.user.id, email: customer.user.email },
        is_new: true,
        discount_percent: '10',
        enjoy_discount: false,
      })
      expect(book.free_month).toMatch(/^\d+\.\d{2}$/)
      expect(book.services.map((s) => s.service)).toEqual([...SERVICE_TYPES])
      expect(book.services.find((s) => s.service === 'GEOCODE')).toMatchObject({
        rate: '0.0025',
        rate_per_1000: '2.50',
        free: 40000,
        private: false,
        popup: ['2.50', '2.00', '2.00', '1.50'],
      })
      expect(book.services.find((s) => s.service === 'AUTOCOMPLETE')?.popup).toEqual(['1.50', '1.20', '1.20', '0.90'])
      // Under the seeded rival's list on every service and tier (the comparison the popup shows).
      for (const row of book.services) {
        const theirs = DEFAULT_RIVAL.services.find((r) => r.service === row.service)?.per_1000 ?? []
        for (const [tier, ours] of row.popup.entries())
          expect(Number(ours), `${row.service} ${tier}`).toBeLessThan(Number(theirs[tier]))
      }
    })

    it('shows a private setting in place of the common one, to the user and to staff by e-mail', async () => {
      const user = await createUser(t, { email: freshEmail('book') })
      const token = await signIn(t, user.email)
      const setting = await privateSetting(user.id, { rate: '0.0045', free: 10 })
      for (const [from, to, rate] of [
        [0, 200000, '0.0045'],
        [200000, -1, '0.002'],
      ] as const) {
        await call(
          t,
          contract.createRange,
          { params: { id: setting.id }, body: { request_from: from, request_to: to, rate } },
          { token: admin.token },
        )
      }
      await setUser(t, user.id, { enjoyDiscount: true })
      const own = await call(t, contract.priceOfOneUser, { query: { email: user.email.toUpperCase() } }, { token })
      expect(own.status).toBe(200)
      const geocode = own.body.data.services.find((s) => s.service === 'GEOCODE')
      expect(geocode).toEqual({
        service: 'GEOCODE',
        rate: '0.0045',
        rate_per_1000: '4.50',
        free: 10,
        private: true,
        ranges: [
          { request_from: 0, request_to: 200000, rate: '0.0045' },
          { request_from: 200000, request_to: -1, rate: '0.002' },
        ],
        popup: ['4.50', '4.50', '2.00', '2.00'],
      })
      expect(own.body.data.services.find((s) => s.service === 'DIRECTION')?.private).toBe(false)
      expect(own.body.data.enjoy_discount).toBe(true)

      const res = await call(t, contract.priceOfOneUser, { query: { email: user.email } }, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual(own.body.data)
      // Another user's book is the admin's settings page, not support's.
      const bySupport = await call(
        t,
        contract.priceOfOneUser,
        { query: { email: user.email } },
        { token: support.token },
      )
      expect(bySupport.status).toBe(403)
      const effective = await effectivePrices(t.ctx.db, user.id)
      expect(effective.prices.find((p) => p.service === 'GEOCODE')).toMatchObject({ rate: '0.0045', private: true })
      const many = await privatePrices(t.ctx.db, [user.id, customer.user.id])
      expect(many.get(user.id)?.map((p) => p.service)).toEqual(['GEOCODE'])
      expect(many.has(customer.user.id)).toBe(false)
    })

    it('never shows a customer someone else’s book, nor whether an address has an account', async () => {
      const other = await createUser(t, { email: freshEmail('other') })
      for (const email of [other.email, 'nobody@example.com']) {
        const res = await call(t, contract.priceOfOneUser, { query: { email } }, { token: customer.token })
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      }
    })

    it('shows staff the common book without an e-mail, and 404 for an unknown one', async () => {
      const res = await call(t, contract.priceOfOneUser, {}, { token: support.token })
      expect(res.body.data.user).toBeNull()
      expect(res.body.data.services.every((s) => !s.private)).toBe(true)
      expect(res.body.data.services).toHaveLength((await commonPrices(t.ctx.db, true)).length)
      const unknown = await call(
        t,
        contract.priceOfOneUser,
        { query: { email: 'nobody@example.com' } },
        { token: admin.token },
      )
      expect(unknown.status).toBe(404)
      expect((await call(t, contract.priceOfOneUser, {})).status).toBe(401)
    })

    it('moves a user to the legacy book (audited) and prices them by it', async () => {
      const user = await createUser(t, { email: freshEmail('legacy') })
      const token = await signIn(t, user.email)
      expect(
        (await call(t, contract.setUserPriceBook, { params: { id: user.id }, body: { is_new: false } }, { token }))
          .status,
      ).toBe(403)
      const res = await call(
        t,
        contract.setUserPriceBook,
        { params: { id: user.id }, body: { is_new: false } },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ data: { user_id: user.id, is_new: false }, message: 'Price book changed' })
      expect((await auditFor(user.id)).at(-1)).toMatchObject({
        action: 'rates.priceBook',
        before: { is_new: true },
        after: { is_new: false },
      })
      const book = await call(t, contract.priceOfOneUser, {}, { token })
      expect(book.body.data.is_new).toBe(false)
      expect(book.body.data.services.find((s) => s.service === 'GEOCODE')).toMatchObject({
        rate: '0.003',
        ranges: [],
        popup: ['3.00', '3.00', '3.00', '3.00'],
      })
      // A private setting in the current book does not apply to a user billed by the legacy one.
      await privateSetting(user.id, { rate: '0.001' })
      const still = await call(t, contract.priceOfOneUser, {}, { token })
      expect(still.body.data.services.find((s) => s.service === 'GEOCODE')).toMatchObject({
        rate: '0.003',
        private: false,
      })
      const missing = await call(
        t,
        contract.setUserPriceBook,
        { params: { id: MISSING_USER }, body: { is_new: true } },
        { token: admin.token },
      )
      expect(missing.status).toBe(404)
    })
  })

  it('audits every write it made in this file with the acting admin', async () => {
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id)))
    const actions = new Set(rows.map((r) => r.action))
    for (const action of [
      'rates.setting.create',
      'rates.setting.update',
      'rates.setting.delete',
      'rates.range.create',
      'rates.range.update',
      'rates.range.delete',
      'rates.free.month',
      'rates.free.firstRegister',
      'rates.billing',
      'rates.rival',
      'rates.priceBook',
    ]) {
      expect(actions.has(action), action).toBe(true)
    }
  })
})
