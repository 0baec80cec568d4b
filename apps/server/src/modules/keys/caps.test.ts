import * as contract from '@app/contract'
import { formatCents, keySpendCents, priceBill, REFUSAL_STATUS, type ServiceType } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  mailsTo,
  signIn,
  type TestApp,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, keys } from '../../db/schema/index.ts'
import { jobDefinitions } from '../../jobs/definitions.ts'
import { effectivePrices } from '../pricing/prices.ts'
import { measureKeyCaps } from './caps.ts'

// Per-key monthly caps (issue 19, docs/gateway.md "Monthly caps"): set and kept through the key calls,
// measured from the usage counters, the month's e-mails at 80 % and 100 % sent once each, and the
// gateway refusing a key at its cap (KEY_CAP_REACHED, 429 through nginx) until the month ends or the
// cap is raised. The test clock stands at 2026-11-02 08:00 UTC.

/** Usage as the counters hold it once folded: `hits` calls of `service` by the key on `day`. */
async function usage(
  t: TestApp,
  key: { id: string; user_id: string },
  service: ServiceType,
  hits: number,
  day = '2026-11-01',
) {
  await t.ctx.db.execute(sql`
    insert into usage_daily (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    values (${key.id}, ${key.user_id}, ${service}, ${day}::date, ${hits}, ${hits}, 0, 0, 0, 0)
    on conflict (day, key_id, service) do update set hits = usage_daily.hits + excluded.hits`)
}

async function verify(t: TestApp, secret: string, service: ServiceType = 'GEOCODE') {
  const res = await call(
    t,
    contract.gatewayVerify,
    { body: { key: secret, service } },
    { token: t.config.gatewayToken },
  )
  expect(res.status).toBe(200)
  return res.body.data.reason
}

describe('per-key monthly caps', async () => {
  const t = await useTestApp()

  async function customer(label: string) {
    const user = await createUser(t, { email: freshEmail(label), phoneVerified: true })
    return { user, token: await signIn(t, user.email) }
  }

  async function newKey(token: string, body: { request_cap?: number | null; spend_cap?: string | null } = {}) {
    const res = await call(
      t,
      contract.createKey,
      { body: { name: 'capped', type: 'api_key', restriction_list: null, ...body } },
      { token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  async function getKey(token: string, id: string) {
    const res = await call(t, contract.getKey, { params: { id } }, { token })
    expect(res.status).toBe(200)
    return res.body.data
  }

  async function edit(token: string, id: string, body: { request_cap?: number | null; spend_cap?: string | null }) {
    return call(
      t,
      contract.updateKey,
      { params: { id }, body: { name: 'capped', restriction_list: null, ...body } },
      { token },
    )
  }

  it('keeps the caps a key was given, shows where it stands, and refuses a cap that is not a whole number of calls or an amount above 0', async () => {
    const { token } = await customer('caps-set')
    const key = await newKey(token, { request_cap: 10_000, spend_cap: '50' })
    expect(key.request_cap).toBe(10_000)
    expect(key.spend_cap).toBe('50.00')
    expect(key.cap_use).toEqual({
      month: '2026-11',
      requests: 0,
      spend: '0.00',
      percent: 0,
      state: 'ok',
      measured_at: null,
    })
    // Without caps there is nothing to show.
    expect((await newKey(token)).cap_use).toBeNull()

    for (const [body, field] of [
      [{ request_cap: 0 }, 'request_cap'],
      [{ request_cap: 1.5 }, 'request_cap'],
      [{ request_cap: 2_000_000_000_000 }, 'request_cap'],
      [{ spend_cap: '0' }, 'spend_cap'],
      [{ spend_cap: '-3' }, 'spend_cap'],
      [{ spend_cap: '1.234' }, 'spend_cap'],
      [{ spend_cap: '1000000.01' }, 'spend_cap'],
    ] as const) {
      const res = await edit(token, key.id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(fieldsOf(errorEnvelope(res.body))), JSON.stringify(body)).toEqual([field])
    }
    // In the caller's language.
    const burmese = await call(
      t,
      contract.updateKey,
      { params: { id: key.id }, body: { name: 'capped', restriction_list: null, request_cap: 0 } },
      { token, headers: { 'accept-language': 'my' } },
    )
    expect(fieldsOf(errorEnvelope(burmese.body)).request_cap).toBe(
      contract.translate('my', 'keys.requestCapInvalid', { max: '1,000,000,000,000' }),
    )
    // Nothing was half-written by the refused edits.
    expect(await getKey(token, key.id)).toMatchObject({ request_cap: 10_000, spend_cap: '50.00' })

    // An edit that leaves the caps out keeps them; null removes one.
    expect((await edit(token, key.id, {})).body.data).toMatchObject({ request_cap: 10_000, spend_cap: '50.00' })
    const noSpend = await edit(token, key.id, { spend_cap: null })
    expect(noSpend.body.data).toMatchObject({ request_cap: 10_000, spend_cap: null })
    const none = await edit(token, key.id, { request_cap: null })
    expect(none.body.data).toMatchObject({ request_cap: null, spend_cap: null, cap_use: null })
  })

  it('warns the owner once at 80 %, refuses the key at its cap with KEY_CAP_REACHED (429) and says so once, and lets its other keys through', async () => {
    const { user, token } = await customer('caps-requests')
    const key = await newKey(token, { request_cap: 1_000 })
    const other = await newKey(token)
    expect(await verify(t, key.key)).toBe('OK')

    await usage(t, key, 'GEOCODE', 500)
    await usage(t, key, 'LOAD_MAP', 299)
    // Calls the gateway could not classify are not billed, nor counted against a cap.
    await usage(t, key, 'UNCLASSIFIED' as ServiceType, 400)
    expect(await measureKeyCaps(t.ctx)).toMatchObject({ warned: 0, reached: 0 })
    expect((await getKey(token, key.id)).cap_use).toMatchObject({ requests: 799, percent: 79.9, state: 'ok' })
    expect(await mailsTo(t, user.email)).toHaveLength(0)

    await usage(t, key, 'GEOCODE', 1)
    expect(await measureKeyCaps(t.ctx)).toMatchObject({ warned: 1, reached: 0 })
    const warned = await getKey(token, key.id)
    expect(warned.cap_use).toMatchObject({
      requests: 800,
      percent: 80,
      state: 'warn',
      measured_at: t.clock.now().toISOString(),
    })
    expect(await verify(t, key.key)).toBe('OK')
    // Measured again: no second warning this month.
    expect(await measureKeyCaps(t.ctx)).toMatchObject({ warned: 0 })
    let mails = await mailsTo(t, user.email)
    expect(mails.map((m) => m.subject)).toEqual([
      contract.translate('en', 'keys.mail.capWarnSubject', { key: 'capped', percent: 80 }),
    ])
    expect(mails[0]?.textBody).toContain('800 of 1,000 calls')
    expect(mails[0]?.textBody).toContain('Nov 30, 2026')

    await usage(t, other, 'GEOCODE', 5_000)
    await usage(t, key, 'GEOCODE', 200)
    // E-mails written at one clock instant have no order.
    t.clock.advance(60_000)
    expect(await measureKeyCaps(t.ctx)).toMatchObject({ reached: 1 })
    expect(await verify(t, key.key)).toBe('KEY_CAP_REACHED')
    expect(REFUSAL_STATUS.KEY_CAP_REACHED).toBe(429)
    expect(await verify(t, key.key, 'LOAD_MAP')).toBe('KEY_CAP_REACHED')
    expect(await verify(t, other.key)).toBe('OK')
    expect((await getKey(token, key.id)).cap_use).toMatchObject({ requests: 1_000, percent: 100, state: 'reached' })
    expect(await measureKeyCaps(t.ctx)).toMatchObject({ reached: 0, warned: 0 })
    mails = await mailsTo(t, user.email)
    expect(mails.map((m) => m.subject)).toEqual([
      contract.translate('en', 'keys.mail.capWarnSubject', { key: 'capped', percent: 80 }),
      contract.translate('en', 'keys.mail.capReachedSubject', { key: 'capped' }),
    ])
    // The refusal is the owner's to lift: raising the cap lets the key through at once.
    const raised = await edit(token, key.id, { request_cap: 2_000 })
    expect(raised.status).toBe(200)
    expect(raised.body.data.cap_use).toMatchObject({ requests: 1_000, percent: 50, state: 'ok' })
    expect(await verify(t, key.key)).toBe('OK')
    // Lowering it under the use refuses the key at once, without a second e-mail this month.
    const lowered = await edit(token, key.id, { request_cap: 900 })
    expect(lowered.body.data.cap_use).toMatchObject({ state: 'reached' })
    expect(await verify(t, key.key)).toBe('KEY_CAP_REACHED')
    expect(await mailsTo(t, user.email)).toHaveLength(3)
    // Removing the cap lets it through.
    await edit(token, key.id, { request_cap: null })
    expect(await verify(t, key.key)).toBe('OK')
  })

  it('lifts the refusal when the month ends, and counts the new month from zero', async () => {
    const { user: owner, token } = await customer('caps-month')
    const key = await newKey(token, { request_cap: 100 })
    await usage(t, key, 'GEOCODE', 150)
    await measureKeyCaps(t.ctx)
    expect(await verify(t, key.key)).toBe('KEY_CAP_REACHED')
    const [row] = await t.ctx.db.select().from(keys).where(eq(keys.id, key.id))
    expect(row?.capBlockedUntil?.toISOString()).toBe('2026-12-01T00:00:00.000Z')

    const start = t.clock.now()
    try {
      t.clock.set(new Date('2026-12-01T00:00:00.000Z'))
      // The cache may hold the key: the refusal ends by its own date, with nothing to announce.
      expect(await verify(t, key.key)).toBe('OK')
      // A month later the session has ended: sign in again.
      const token = await signIn(t, owner.email)
      expect((await getKey(token, key.id)).cap_use).toMatchObject({ month: '2026-12', requests: 0, state: 'ok' })
      await measureKeyCaps(t.ctx)
      expect((await getKey(token, key.id)).cap_use).toMatchObject({ month: '2026-12', requests: 0, state: 'ok' })
    } finally {
      t.clock.set(start)
    }
  })

  it('caps spend at the key’s share of the account’s charges at its rates, before the free credit', async () => {
    const { user, token } = await customer('caps-spend')
    const key = await newKey(token, { spend_cap: '100' })
    const sibling = await newKey(token)
    // GEOCODE's free allowance is the account's: the key's 60,000 calls and its sibling's 20,000 share it.
    await usage(t, key, 'GEOCODE', 60_000)
    await usage(t, sibling, 'GEOCODE', 20_000)
    await measureKeyCaps(t.ctx)

    const { prices } = await effectivePrices(t.ctx.db, user.id)
    const bill = priceBill({ hits: { GEOCODE: 80_000 }, prices, discountPercent: '0', freeCreditCents: 0n })
    const geocode = bill.lines.find((line) => line.service === 'GEOCODE')
    expect(geocode?.subtotalCents).toBeGreaterThan(0n)
    // Three quarters of the account's GEOCODE charge.
    const share = ((geocode?.nanos ?? 0n) * 3n) / 4n
    const expected = keySpendCents(bill.lines, { GEOCODE: 60_000 }, '0')
    expect(formatCents(expected)).toBe(formatCents((share + 500_000n) / 1_000_000n))
    const use = (await getKey(token, key.id)).cap_use
    expect(use?.spend).toBe(formatCents(expected))
    expect(use?.requests).toBe(60_000)

    // A spend cap under that refuses the key; a request cap alone would not.
    const refused = await edit(token, key.id, { spend_cap: formatCents(expected) })
    expect(refused.body.data.cap_use?.state).toBe('reached')
    expect(await verify(t, key.key)).toBe('KEY_CAP_REACHED')
    expect(await verify(t, sibling.key)).toBe('OK')
  })

  it('lets an administrator cap a customer’s key (audited) and keeps a customer away from another’s', async () => {
    const { token } = await customer('caps-owner')
    const key = await newKey(token)
    const admin = await userWithToken(t, ['admin'])
    const capped = await edit(admin.token, key.id, { request_cap: 5_000, spend_cap: '20.00' })
    expect(capped.status).toBe(200)
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, key.id))
    expect(entry?.after).toMatchObject({ request_cap: 5_000, spend_cap_cents: '2000' })
    expect(entry?.before).toMatchObject({ request_cap: null, spend_cap_cents: null })

    const stranger = await customer('caps-stranger')
    const res = await edit(stranger.token, key.id, { request_cap: null })
    expect(res.status).toBe(404)
    expect((await getKey(token, key.id)).request_cap).toBe(5_000)
  })

  it('is measured by the key-caps job, and a duplicate keeps the caps with a month of its own', async () => {
    const { token } = await customer('caps-job')
    const key = await newKey(token, { request_cap: 10 })
    await usage(t, key, 'GEOCODE', 10)
    const job = jobDefinitions(t.ctx, {
      notifications: { runOnce: async () => 0 } as never,
      trigger: () => {},
    }).find((definition) => definition.name === 'key-caps')
    expect(job?.cron).toBe('* * * * *')
    const result = await job?.run({ signal: new AbortController().signal } as never)
    expect(result).toMatchObject({ reached: 1 })
    expect(await verify(t, key.key)).toBe('KEY_CAP_REACHED')

    const copy = await call(t, contract.duplicateKey, { params: { id: key.id } }, { token })
    expect(copy.status).toBe(201)
    expect(copy.body.data).toMatchObject({ request_cap: 10, cap_use: { requests: 0, state: 'ok' } })
    expect(await verify(t, copy.body.data.key)).toBe('OK')
  })
})
