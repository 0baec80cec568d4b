import { createHash } from 'node:crypto'
import * as contract from '@app/contract'
import { KEY_NAME_MAX, type KeyType, type RestrictionRow, type ServiceType, translate } from '@app/contract'
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  setUser,
  signIn,
  stepUp,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, keySecrets, keys } from '../../db/schema/index.ts'

const MISSING_KEY = `key_${'0'.repeat(26)}`
const HOUR = 3_600_000
const SECRET = { api_key: /^mk_[A-Za-z0-9_-]{40}$/, maptiles_key: /^mt_[A-Za-z0-9_-]{40}$/ }
const RESTRICTIONS: RestrictionRow[] = [
  { type: 'domain', value: 'http*://*.example.com/*' },
  { type: 'ip', value: '203.0.113.0/24' },
]

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('keys', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])

  /** A customer who may create keys: verified e-mail and a verified phone number. */
  async function customer(options: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, { email: freshEmail('customer'), phoneVerified: true, ...options })
    return { user, token: await signIn(t, user.email) }
  }

  function createBody(
    body: Partial<{
      user_id: string
      name: string
      type: KeyType
      description: string | null
      restriction_list: RestrictionRow[] | null
    }> = {},
  ) {
    return { name: 'Web app', type: 'api_key' as KeyType, restriction_list: null, ...body }
  }

  async function newKey(token: string, body: Parameters<typeof createBody>[0] = {}) {
    const res = await call(t, contract.createKey, { body: createBody(body) }, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  async function keyRow(id: string) {
    const [row] = await t.ctx.db.select().from(keys).where(eq(keys.id, id)).limit(1)
    return row ?? null
  }

  async function secretRows(keyId: string) {
    return t.ctx.db.select().from(keySecrets).where(eq(keySecrets.keyId, keyId)).orderBy(asc(keySecrets.createdAt))
  }

  async function keyCount(userId: string) {
    const [row] = await t.ctx.db.select({ value: count() }).from(keys).where(eq(keys.userId, userId))
    return row?.value ?? 0
  }

  async function auditRowsFor(targetId: string) {
    return t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id))
  }

  async function verify(key: string, service: ServiceType = 'GEOCODE', extra: { referer?: string; ip?: string } = {}) {
    const res = await call(
      t,
      contract.gatewayVerify,
      { body: { key, service, ...extra } },
      { token: t.config.gatewayToken },
    )
    expect(res.status).toBe(200)
    return res.body.data
  }

  describe('creating', () => {
    it('creates an API key and shows its secret once, with only a preview afterwards', async () => {
      const { user, token } = await customer()
      const res = await call(
        t,
        contract.createKey,
        { body: createBody({ name: '  Web app  ', description: 'Shop front', restriction_list: RESTRICTIONS }) },
        { token },
      )
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Create key success')
      const created = contract.KeyWithSecret.parse(res.body.data)
      expect(created.key).toMatch(SECRET.api_key)
      expect(created).toMatchObject({
        user_id: user.id,
        user_email: user.email,
        name: 'Web app',
        type: 'api_key',
        description: 'Shop front',
        key_preview: `mk_…${created.key.slice(-4)}`,
        status: 'active',
        restriction_list: RESTRICTIONS,
        created_at: t.clock.now().toISOString(),
        last_modified: t.clock.now().toISOString(),
        deleted_at: null,
        previous_key_expires_at: null,
        services: null,
      })
      expect(created.id).toMatch(/^key_[0-9a-z]{26}$/)

      // Stored as a hash (for the gateway) and a ciphertext (for the owner), never in clear.
      const row = await keyRow(created.id)
      expect(row?.secretCiphertext).not.toContain(created.key.slice(3))
      expect(await secretRows(created.id)).toEqual([
        expect.objectContaining({ hash: sha256(created.key), keyId: created.id, expiresAt: null }),
      ])

      const one = await call(t, contract.getKey, { params: { id: created.id } }, { token })
      expect(one.status).toBe(200)
      expect(one.body.data).not.toHaveProperty('key')
      expect(one.body.data.key_preview).toBe(created.key_preview)

      const list = await call(t, contract.listUserKeys, { query: {} }, { token })
      expect(list.status).toBe(200)
      expect(list.body.data.total).toBe(1)
      expect(list.body.data.items.map((k) => k.id)).toEqual([created.id])
      expect(list.body.data.items[0]).not.toHaveProperty('key')
      expect(JSON.stringify(list.body)).not.toContain(created.key.slice(3))
    })

    it('creates a map-tiles key behind the mt_ prefix', async () => {
      const { token } = await customer()
      const created = await newKey(token, { type: 'maptiles_key' })
      expect(created.key).toMatch(SECRET.maptiles_key)
      expect(created.key_preview).toBe(`mt_…${created.key.slice(-4)}`)
      expect(created.type).toBe('maptiles_key')
      expect((await keyRow(created.id))?.type).toBe('maptiles_key')
    })

    it('gives every key its own secret, and the new secret verifies at the gateway', async () => {
      const { token } = await customer()
      const a = await newKey(token)
      const b = await newKey(token)
      expect(a.key).not.toBe(b.key)
      expect(await verify(a.key)).toMatchObject({ allowed: true, reason: 'OK', key_id: a.id })
      expect(await verify(b.key)).toMatchObject({ allowed: true, reason: 'OK', key_id: b.id })
    })

    it('lets staff create a key for a customer (without the customer’s phone) and audits it', async () => {
      const { user } = await customer({ phone: null })
      const res = await call(t, contract.createKey, { body: createBody({ user_id: user.id }) }, { token: admin.token })
      expect(res.status).toBe(201)
      expect(res.body.data.user_id).toBe(user.id)
      expect((await keyRow(res.body.data.id))?.createdBy).toBe(admin.user.id)
      const audit = await auditRowsFor(res.body.data.id)
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({
        action: 'key.create',
        actorId: admin.user.id,
        targetType: 'key',
        before: null,
        after: expect.objectContaining({ user_id: user.id, name: 'Web app', status: 'active' }),
      })
    })

    it('writes no audit row when customers create their own keys', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      expect(await auditRowsFor(created.id)).toEqual([])
    })

    it('refuses a customer creating a key for someone else', async () => {
      const { token } = await customer()
      const other = await customer()
      const res = await call(t, contract.createKey, { body: createBody({ user_id: other.user.id }) }, { token })
      expect(res.status).toBe(403)
      expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      expect(await keyCount(other.user.id)).toBe(0)
    })
  })

  describe('validation', () => {
    async function refused(body: Record<string, unknown>, lang: contract.Lang = 'en') {
      const { user, token } = await customer()
      const res = await call(t, contract.createKey, { body: body as never }, { token, lang })
      expect(res.status).toBe(400)
      const envelope = errorEnvelope(res.body)
      expect(envelope.error_code).toBe('VALIDATION')
      expect(await keyCount(user.id)).toBe(0)
      return fieldsOf(envelope)
    }

    it.each([
      ['an empty name', ''],
      ['a blank name', '    '],
    ])('asks for a name when given %s', async (_, name) => {
      expect(await refused(createBody({ name }))).toEqual({ name: translate('en', 'keys.nameRequired') })
    })

    it('gives a too-long name its own message, in the caller’s language', async () => {
      const fields = await refused(createBody({ name: 'n'.repeat(181) }), 'vi')
      expect(fields).toEqual({ name: translate('vi', 'keys.nameTooLong', { max: 180 }) })
      expect(fields.name).not.toBe(translate('vi', 'keys.nameRequired'))
    })

    it('accepts a name of exactly 180 characters and a description of 250', async () => {
      const { token } = await customer()
      const created = await newKey(token, { name: 'n'.repeat(180), description: 'd'.repeat(250) })
      expect(created.name).toHaveLength(180)
      expect(created.description).toHaveLength(250)
    })

    it('refuses a description over 250 characters', async () => {
      expect(await refused(createBody({ description: 'd'.repeat(251) }))).toEqual({
        description: translate('en', 'keys.descriptionTooLong', { max: 250 }),
      })
    })

    it.each([
      ['domain', 'not a domain', 'Invalid Domain'],
      ['domain', 'https://*/*', 'Invalid Domain'],
      ['ip', '256.1.1.1', 'Invalid IP Address'],
      ['ip', '10.0.0.0/33', 'Invalid IP Address'],
      ['ip', 'example.com', 'Invalid IP Address'],
    ] as const)('refuses the %s row %j with “%s”', async (type, value, message) => {
      const rows: RestrictionRow[] = [
        { type: 'domain', value: 'https://example.com/*' },
        { type, value },
      ]
      expect(await refused(createBody({ restriction_list: rows }))).toEqual({ 'restriction_list.1.value': message })
    })

    it('asks to fill in an empty row or an empty list', async () => {
      expect(await refused(createBody({ restriction_list: [{ type: 'ip', value: ' ' }] }))).toEqual({
        'restriction_list.0.value': translate('en', 'keys.fillTheField'),
      })
      expect(await refused(createBody({ restriction_list: [] }))).toEqual({
        restriction_list: translate('en', 'keys.fillTheField'),
      })
    })

    it('takes 500 restriction rows and refuses 501', async () => {
      const rows = (n: number): RestrictionRow[] =>
        Array.from({ length: n }, (_, i) => ({ type: 'ip', value: `10.0.${Math.floor(i / 250)}.${i % 250}` }))
      expect(await refused(createBody({ restriction_list: rows(501) }))).toEqual({
        restriction_list: translate('en', 'keys.tooManyRows', { max: 500 }),
      })
      const { token } = await customer()
      const created = await newKey(token, { restriction_list: rows(500) })
      expect(created.restriction_list).toHaveLength(500)
    })

    it('refuses an unknown key type', async () => {
      expect(Object.keys(await refused({ ...createBody(), type: 'master_key' }))).toEqual(['type'])
    })

    it('validates edits with the same rules and changes nothing', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      const before = await keyRow(created.id)
      const res = await call(
        t,
        contract.updateKey,
        {
          params: { id: created.id },
          body: { name: '', restriction_list: [{ type: 'ip', value: '1.2.3' }] },
        },
        { token },
      )
      expect(res.status).toBe(400)
      expect(fieldsOf(errorEnvelope(res.body))).toEqual({
        name: translate('en', 'keys.nameRequired'),
        'restriction_list.0.value': translate('en', 'keys.invalidIp'),
      })
      expect(await keyRow(created.id)).toEqual(before)
    })
  })

  describe('who may create and edit keys', () => {
    it.each([
      ['no phone number', { phone: null, phoneVerified: false }],
      ['an unverified phone number', { phoneVerified: false }],
    ])('refuses a customer with %s with E401 and writes nothing', async (_, options) => {
      const { user, token } = await customer(options)
      const res = await call(t, contract.createKey, { body: createBody() }, { token })
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'E401',
        message: translate('en', 'keys.noPhone'),
      })
      expect(await keyCount(user.id)).toBe(0)
    })

    it('refuses edits and rolls once the phone number must be verified again', async () => {
      const { user, token } = await customer()
      const created = await newKey(token)
      const before = await keyRow(created.id)
      // A new phone number in the profile resets its verification.
      const changed = await call(t, contract.updateOwnProfile, { body: { phone_number: '0987654321' } }, { token })
      expect(changed.status).toBe(200)
      const edit = await call(
        t,
        contract.updateKey,
        { params: { id: created.id }, body: { name: 'Renamed', restriction_list: null } },
        { token },
      )
      expect(edit.status).toBe(422)
      expect(errorEnvelope(edit.body).error_code).toBe('E401')
      const roll = await call(t, contract.rollKey, { params: { id: created.id }, body: { grace_hours: 0 } }, { token })
      expect(roll.status).toBe(422)
      expect(errorEnvelope(roll.body).error_code).toBe('E401')
      expect(await keyRow(created.id)).toEqual(before)
      expect(await keyCount(user.id)).toBe(1)
    })

    it('refuses an account whose e-mail is not verified', async () => {
      const { user, token } = await customer({ verified: false })
      const res = await call(t, contract.createKey, { body: createBody() }, { token })
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'UNVERIFIED',
        message: translate('en', 'keys.unverified'),
      })
      expect(await keyCount(user.id)).toBe(0)
    })

    it('refuses a suspended account: no new keys, edits, rolls or copies', async () => {
      const { user, token } = await customer()
      const created = await newKey(token)
      await setUser(t, user.id, { status: 'suspended' })
      const before = await keyRow(created.id)

      const attempts = [
        await call(t, contract.createKey, { body: createBody() }, { token }),
        await call(
          t,
          contract.updateKey,
          { params: { id: created.id }, body: { name: 'Renamed', restriction_list: null } },
          { token },
        ),
        await call(t, contract.rollKey, { params: { id: created.id }, body: { grace_hours: 1 } }, { token }),
        await call(t, contract.duplicateKey, { params: { id: created.id } }, { token }),
      ]
      for (const res of attempts) {
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body)).toMatchObject({
          error_code: 'SUSPENDED',
          message: translate('en', 'error.suspended'),
        })
      }
      expect(await keyCount(user.id)).toBe(1)
      expect(await keyRow(created.id)).toEqual(before)
      expect(await secretRows(created.id)).toHaveLength(1)
    })
  })

  describe('someone else’s keys', () => {
    it('are “not found” for another customer, for every call, and nothing changes', async () => {
      const owner = await customer()
      const created = await newKey(owner.token, { restriction_list: RESTRICTIONS })
      const intruder = await customer()
      const before = await keyRow(created.id)
      const secretsBefore = await secretRows(created.id)
      const params = { id: created.id }

      const answers = {
        get: await call(t, contract.getKey, { params }, { token: intruder.token }),
        update: await call(
          t,
          contract.updateKey,
          { params, body: { name: 'Mine now', restriction_list: null } },
          { token: intruder.token },
        ),
        delete: await call(t, contract.deleteKey, { params, body: {} }, { token: intruder.token }),
        reveal: await call(t, contract.revealKey, { params }, { token: intruder.token }),
        duplicate: await call(t, contract.duplicateKey, { params }, { token: intruder.token }),
        roll: await call(t, contract.rollKey, { params, body: { grace_hours: 0 } }, { token: intruder.token }),
      }
      for (const [name, res] of Object.entries(answers)) {
        expect(res.status, name).toBe(404)
        expect(errorEnvelope(res.body), name).toMatchObject({
          error_code: 'NOT_FOUND',
          message: translate('en', 'keys.notFound'),
        })
        expect(JSON.stringify(res.body), name).not.toContain(created.key.slice(3))
      }
      expect(await keyRow(created.id)).toEqual(before)
      expect(await secretRows(created.id)).toEqual(secretsBefore)
      expect(await keyCount(intruder.user.id)).toBe(0)
      expect(await verify(created.key, 'GEOCODE', { ip: '203.0.113.5' })).toMatchObject({ reason: 'OK' })
    })

    it('cannot be listed by another customer', async () => {
      const owner = await customer()
      await newKey(owner.token)
      const intruder = await customer()
      for (const endpoint of [contract.listUserKeys, contract.listDeletedKeys]) {
        const res = await call(t, endpoint, { query: { user_id: owner.user.id } }, { token: intruder.token })
        expect(res.status, endpoint.path).toBe(403)
        expect(errorEnvelope(res.body).error_code, endpoint.path).toBe('FORBIDDEN')
      }
    })

    it('answers 404 for a key id that does not exist', async () => {
      const { token } = await customer()
      const res = await call(t, contract.getKey, { params: { id: MISSING_KEY } }, { token })
      expect(res.status).toBe(404)
      expect(errorEnvelope(res.body).error_code).toBe('NOT_FOUND')
    })

    it('are refused to support staff, as the admin-only key-and-bill page is', async () => {
      const owner = await customer()
      const created = await newKey(owner.token)
      const one = await call(t, contract.getKey, { params: { id: created.id } }, { token: support.token })
      expect(one.status).toBe(403)
      const list = await call(t, contract.listUserKeys, { query: { user_id: owner.user.id } }, { token: support.token })
      expect(list.status).toBe(403)
      const reveal = await call(t, contract.revealKey, { params: { id: created.id } }, { token: support.token })
      expect(reveal.status).toBe(403)
      const asAdmin = await call(t, contract.getKey, { params: { id: created.id } }, { token: admin.token })
      expect(asAdmin.body.data.user_email).toBe(owner.user.email)
      expect(await auditRowsFor(created.id)).toEqual([])
    })
  })

  describe('revealing the secret', () => {
    it('gives the owner the full current secret', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      await stepUp(t, token)
      const res = await call(t, contract.revealKey, { params: { id: created.id } }, { token })
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ key: created.key })
      expect(await auditRowsFor(created.id)).toEqual([])
    })

    it('lets an administrator reveal any key, and audits it', async () => {
      const owner = await customer()
      const created = await newKey(owner.token)
      await stepUp(t, admin.token)
      const res = await call(t, contract.revealKey, { params: { id: created.id } }, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.body.data.key).toBe(created.key)
      const audit = await auditRowsFor(created.id)
      expect(audit).toEqual([expect.objectContaining({ action: 'key.reveal', actorId: admin.user.id })])
    })
  })

  describe('staff listing', () => {
    it('lists every live key with its owner for admins, and refuses support and customers', async () => {
      const a = await customer()
      const b = await customer()
      const keyA = await newKey(a.token, { name: 'Alpha shop' })
      t.clock.advance(1000)
      const keyB = await newKey(b.token, { name: 'Beta shop' })
      t.clock.advance(1000)
      const gone = await newKey(b.token, { name: 'Gone' })
      await call(t, contract.deleteKey, { params: { id: gone.id }, body: {} }, { token: b.token })

      expect((await call(t, contract.listAllKeys, { query: {} }, { token: support.token })).status).toBe(403)
      const all = await call(t, contract.listAllKeys, { query: { page_size: 100 } }, { token: admin.token })
      expect(all.status).toBe(200)
      const ids = all.body.data.items.map((k) => k.id)
      expect(ids).toContain(keyA.id)
      expect(ids).toContain(keyB.id)
      expect(ids).not.toContain(gone.id)
      // Newest first.
      expect(ids.indexOf(keyB.id)).toBeLessThan(ids.indexOf(keyA.id))
      expect(all.body.data.items.find((k) => k.id === keyA.id)?.user_email).toBe(a.user.email)

      const byEmail = await call(t, contract.listAllKeys, { query: { keyword: b.user.email } }, { token: admin.token })
      expect(byEmail.body.data.items.map((k) => k.id)).toEqual([keyB.id])
      expect(byEmail.body.data.total).toBe(1)

      const res = await call(t, contract.listAllKeys, { query: {} }, { token: a.token })
      expect(res.status).toBe(403)
      expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
    })
  })

  describe('editing', () => {
    it('changes name, description and restrictions, and the last-modified time', async () => {
      const { user, token } = await customer()
      const created = await newKey(token, { description: 'Old', restriction_list: RESTRICTIONS })
      t.clock.advance(60_000)
      const rows: RestrictionRow[] = [{ type: 'ip', value: '198.51.100.7' }]
      const res = await call(
        t,
        contract.updateKey,
        { params: { id: created.id }, body: { name: 'Mobile app', description: 'New', restriction_list: rows } },
        { token },
      )
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Edit key success')
      expect(res.body.data).toMatchObject({
        id: created.id,
        name: 'Mobile app',
        description: 'New',
        restriction_list: rows,
        type: 'api_key',
        key_preview: created.key_preview,
        created_at: created.created_at,
        last_modified: t.clock.now().toISOString(),
      })
      expect(await keyRow(created.id)).toMatchObject({
        name: 'Mobile app',
        description: 'New',
        restrictionList: rows,
        updatedAt: t.clock.now(),
      })
      // The secret does not change with an edit, and the owner's own edit is not audited.
      expect(await secretRows(created.id)).toEqual([expect.objectContaining({ hash: sha256(created.key) })])
      expect(await auditRowsFor(created.id)).toEqual([])
      expect(await keyCount(user.id)).toBe(1)
    })

    it('keeps the description when none is sent and clears it with null', async () => {
      const { token } = await customer()
      const created = await newKey(token, { description: 'Keep me' })
      const params = { id: created.id }
      const kept = await call(t, contract.updateKey, { params, body: { name: 'A', restriction_list: null } }, { token })
      expect(kept.body.data.description).toBe('Keep me')
      const cleared = await call(
        t,
        contract.updateKey,
        { params, body: { name: 'A', description: null, restriction_list: null } },
        { token },
      )
      expect(cleared.body.data.description).toBeNull()
      expect((await keyRow(created.id))?.description).toBeNull()
    })

    it('refuses to change the type of a key', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      const res = await call(
        t,
        contract.updateKey,
        { params: { id: created.id }, body: { name: 'A', type: 'maptiles_key', restriction_list: null } },
        { token },
      )
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'VALIDATION',
        message: translate('en', 'keys.typeFixed'),
      })
      expect((await keyRow(created.id))?.type).toBe('api_key')
    })

    it('audits an administrator’s edit of a customer’s key with before and after', async () => {
      const owner = await customer()
      const created = await newKey(owner.token, { name: 'Before' })
      const res = await call(
        t,
        contract.updateKey,
        { params: { id: created.id }, body: { name: 'After', restriction_list: RESTRICTIONS } },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      const audit = await auditRowsFor(created.id)
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'key.update',
          actorId: admin.user.id,
          before: expect.objectContaining({ name: 'Before', restriction_list: null }),
          after: expect.objectContaining({ name: 'After', restriction_list: RESTRICTIONS }),
        }),
      ])
    })
  })

  describe('deleting', () => {
    it('moves the key to the deleted list; it can no longer be edited, rolled, revealed or used', async () => {
      const { token } = await customer()
      const kept = await newKey(token, { name: 'Kept' })
      const created = await newKey(token, { name: 'Doomed' })
      t.clock.advance(5000)
      const res = await call(t, contract.deleteKey, { params: { id: created.id }, body: {} }, { token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Key deleted')
      expect(res.body.data).toMatchObject({ status: 'deleted', deleted_at: t.clock.now().toISOString() })
      expect((await keyRow(created.id))?.deletedAt).toEqual(t.clock.now())

      const live = await call(t, contract.listUserKeys, { query: {} }, { token })
      expect(live.body.data.items.map((k) => k.id)).toEqual([kept.id])
      expect(live.body.data.total).toBe(1)
      const deleted = await call(t, contract.listDeletedKeys, { query: {} }, { token })
      expect(deleted.body.data.items.map((k) => [k.id, k.status])).toEqual([[created.id, 'deleted']])

      const params = { id: created.id }
      const refusals = [
        await call(t, contract.updateKey, { params, body: { name: 'Back', restriction_list: null } }, { token }),
        await call(t, contract.deleteKey, { params, body: {} }, { token }),
        await call(t, contract.rollKey, { params, body: { grace_hours: 0 } }, { token }),
        await call(t, contract.revealKey, { params }, { token }),
        await call(t, contract.duplicateKey, { params }, { token }),
        await call(t, contract.suspendKey, { params }, { token: admin.token }),
      ]
      for (const refusal of refusals) {
        expect(refusal.status).toBe(422)
        expect(errorEnvelope(refusal.body)).toMatchObject({
          error_code: 'KEY_DELETED',
          message: translate('en', 'keys.isDeleted'),
        })
      }
      expect(await keyRow(created.id)).toMatchObject({ name: 'Doomed', status: 'active' })
      expect(await verify(created.key)).toMatchObject({ allowed: false, reason: 'DELETED' })
      expect(await verify(kept.key)).toMatchObject({ allowed: true, reason: 'OK' })
    })

    it('accepts a call without a body, as the SPA sends it', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      const res = await call(t, contract.deleteKey, { params: { id: created.id } }, { token })
      expect(res.status).toBe(200)
      expect(res.body.data.status).toBe('deleted')
    })
  })

  describe('duplicating', () => {
    it('creates a new key with a new secret and the same type, description and restrictions', async () => {
      const { user, token } = await customer()
      const source = await newKey(token, {
        type: 'maptiles_key',
        description: 'Tiles',
        restriction_list: RESTRICTIONS,
      })
      t.clock.advance(1000)
      const res = await call(t, contract.duplicateKey, { params: { id: source.id } }, { token })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Key duplicated')
      const copy = res.body.data
      expect(copy.id).not.toBe(source.id)
      expect(copy.key).toMatch(SECRET.maptiles_key)
      expect(copy.key).not.toBe(source.key)
      expect(copy).toMatchObject({
        name: `${source.name} (copy)`,
        type: 'maptiles_key',
        description: 'Tiles',
        restriction_list: RESTRICTIONS,
        status: 'active',
        created_at: t.clock.now().toISOString(),
      })
      expect(await keyCount(user.id)).toBe(2)
      expect(await verify(copy.key, 'LOAD_MAP', { ip: '203.0.113.1' })).toMatchObject({
        reason: 'OK',
        key_id: copy.id,
      })
      expect(await verify(source.key, 'LOAD_MAP', { ip: '203.0.113.1' })).toMatchObject({
        reason: 'OK',
        key_id: source.id,
      })
    })

    it('names the copy in the caller’s language, shortening a long name so that the mark shows', async () => {
      const { token } = await customer()
      const long = await newKey(token, { name: 'k'.repeat(KEY_NAME_MAX) })
      const res = await call(t, contract.duplicateKey, { params: { id: long.id } }, { token, lang: 'my' })
      const mark = ' (မိတ္တူ)'
      expect(res.body.data?.name).toBe(`${'k'.repeat(KEY_NAME_MAX - mark.length)}${mark}`)
      // A copy of a copy is marked again, still within the limit.
      const again = await call(t, contract.duplicateKey, { params: { id: res.body.data?.id ?? '' } }, { token })
      const name = again.body.data?.name ?? ''
      expect(name.endsWith(' (copy)')).toBe(true)
      expect(name.startsWith('k'.repeat(KEY_NAME_MAX - mark.length))).toBe(true)
      expect(name.length).toBeLessThanOrEqual(KEY_NAME_MAX)
    })
  })

  describe('rolling the secret', () => {
    it('issues a new secret; the old one works until the grace period ends', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      const start = t.clock.now()
      const res = await call(t, contract.rollKey, { params: { id: created.id }, body: { grace_hours: 24 } }, { token })
      expect(res.status).toBe(200)
      const rolled = res.body.data
      const until = new Date(start.getTime() + 24 * HOUR)
      expect(res.body.message).toBe(
        translate('en', 'keys.rolled', { until: until.toISOString().replace('T', ' ').slice(0, 16) }),
      )
      expect(rolled.id).toBe(created.id)
      expect(rolled.key).toMatch(SECRET.api_key)
      expect(rolled.key).not.toBe(created.key)
      expect(rolled.key_preview).toBe(`mk_…${rolled.key.slice(-4)}`)
      expect(rolled.previous_key_expires_at).toBe(until.toISOString())

      await stepUp(t, token)
      const reveal = await call(t, contract.revealKey, { params: { id: created.id } }, { token })
      expect(reveal.body.data.key).toBe(rolled.key)

      expect(await verify(created.key)).toMatchObject({ reason: 'OK', key_id: created.id })
      expect(await verify(rolled.key)).toMatchObject({ reason: 'OK', key_id: created.id })

      t.clock.set(new Date(until.getTime() - 1000))
      expect(await verify(created.key)).toMatchObject({ reason: 'OK' })
      t.clock.set(until)
      expect(await verify(created.key)).toEqual({
        allowed: false,
        reason: 'NOT_FOUND',
        key_id: null,
        user_id: null,
        plan: null,
        remaining: null,
      })
      expect(await verify(rolled.key)).toMatchObject({ reason: 'OK' })
      const shown = await call(t, contract.getKey, { params: { id: created.id } }, { token })
      expect(shown.body.data.previous_key_expires_at).toBeNull()
    })

    it('ends the old secret at once with a grace period of 0', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      expect(await verify(created.key)).toMatchObject({ reason: 'OK' })
      const res = await call(t, contract.rollKey, { params: { id: created.id }, body: { grace_hours: 0 } }, { token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(translate('en', 'keys.rolledNow'))
      expect(res.body.data.previous_key_expires_at).toBeNull()
      expect(await verify(created.key)).toMatchObject({ allowed: false, reason: 'NOT_FOUND' })
      expect(await verify(res.body.data.key)).toMatchObject({ allowed: true, reason: 'OK' })
    })

    it('drops secrets whose grace period is over at the next roll', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      const params = { id: created.id }
      await call(t, contract.rollKey, { params, body: { grace_hours: 0 } }, { token })
      expect(await secretRows(created.id)).toHaveLength(2)
      t.clock.advance(1000)
      const second = await call(t, contract.rollKey, { params, body: { grace_hours: 72 } }, { token })
      expect(second.status).toBe(200)
      expect(second.body.data.previous_key_expires_at).toBe(new Date(t.clock.now().getTime() + 72 * HOUR).toISOString())
      const rows = await secretRows(created.id)
      expect(rows).toHaveLength(2)
      expect(rows.map((r) => r.hash)).not.toContain(sha256(created.key))
      expect(rows.filter((r) => r.expiresAt === null).map((r) => r.hash)).toEqual([sha256(second.body.data.key)])
    })

    it.each([73, -1, 1.5])('refuses a grace period of %s hours and changes nothing', async (hours) => {
      const { token } = await customer()
      const created = await newKey(token)
      const before = await keyRow(created.id)
      const res = await call(
        t,
        contract.rollKey,
        { params: { id: created.id }, body: { grace_hours: hours } },
        { token },
      )
      expect(res.status).toBe(400)
      const envelope = errorEnvelope(res.body)
      expect(envelope.error_code).toBe('VALIDATION')
      expect(Object.keys(fieldsOf(envelope))).toEqual(['grace_hours'])
      if (hours !== 1.5) expect(envelope.message).toBe(translate('en', 'keys.graceRange', { max: 72 }))
      expect(await keyRow(created.id)).toEqual(before)
      expect(await secretRows(created.id)).toEqual([expect.objectContaining({ hash: sha256(created.key) })])
    })
  })

  describe('suspension by an administrator', () => {
    it('suspends and reactivates a key, audits both, and the gateway follows', async () => {
      const owner = await customer()
      const created = await newKey(owner.token)
      expect(await verify(created.key)).toMatchObject({ reason: 'OK' })

      const suspended = await call(t, contract.suspendKey, { params: { id: created.id } }, { token: admin.token })
      expect(suspended.status).toBe(200)
      expect(suspended.body.message).toBe('Key suspended')
      expect(suspended.body.data.status).toBe('suspended')
      expect((await keyRow(created.id))?.status).toBe('suspended')
      expect(await verify(created.key)).toMatchObject({ allowed: false, reason: 'KEY_SUSPENDED' })

      const onlySuspended = await call(
        t,
        contract.listAllKeys,
        { query: { status: 'suspended', keyword: owner.user.email } },
        { token: admin.token },
      )
      expect(onlySuspended.body.data.items.map((k) => k.id)).toEqual([created.id])

      const back = await call(t, contract.unsuspendKey, { params: { id: created.id } }, { token: admin.token })
      expect(back.status).toBe(200)
      expect(back.body.data.status).toBe('active')
      expect(await verify(created.key)).toMatchObject({ allowed: true, reason: 'OK' })

      const audit = await auditRowsFor(created.id)
      expect(audit.map((r) => [r.action, r.actorId])).toEqual([
        ['key.suspend', admin.user.id],
        ['key.unsuspend', admin.user.id],
      ])
      expect(audit[0]).toMatchObject({
        before: expect.objectContaining({ status: 'active', user_id: owner.user.id }),
        after: expect.objectContaining({ status: 'suspended' }),
      })
    })

    it('is refused to support staff and to the key’s owner', async () => {
      const owner = await customer()
      const created = await newKey(owner.token)
      for (const token of [support.token, owner.token]) {
        for (const endpoint of [contract.suspendKey, contract.unsuspendKey]) {
          const res = await call(t, endpoint, { params: { id: created.id } }, { token })
          expect(res.status).toBe(403)
          expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
        }
      }
      expect((await keyRow(created.id))?.status).toBe('active')
      expect(await auditRowsFor(created.id)).toEqual([])
    })

    it('answers 404 for a key that does not exist', async () => {
      const res = await call(t, contract.suspendKey, { params: { id: MISSING_KEY } }, { token: admin.token })
      expect(res.status).toBe(404)
      expect(errorEnvelope(res.body).error_code).toBe('NOT_FOUND')
    })
  })

  describe('paging', () => {
    it('pages a customer’s keys newest first, with page_size or size', async () => {
      const { token } = await customer()
      const ids: string[] = []
      for (let i = 1; i <= 5; i++) {
        ids.push((await newKey(token, { name: `Key ${i}` })).id)
        t.clock.advance(1000)
      }
      const newestFirst = [...ids].reverse()
      const page = async (query: Record<string, unknown>) => {
        const res = await call(t, contract.listUserKeys, { query }, { token })
        expect(res.status).toBe(200)
        return res.body.data
      }
      expect(await page({ page: 1, page_size: 2 })).toMatchObject({ total: 5, page: 1, page_size: 2 })
      expect((await page({ page: 1, page_size: 2 })).items.map((k) => k.id)).toEqual(newestFirst.slice(0, 2))
      expect((await page({ page: 2, page_size: 2 })).items.map((k) => k.id)).toEqual(newestFirst.slice(2, 4))
      expect((await page({ page: 3, size: 2 })).items.map((k) => k.id)).toEqual(newestFirst.slice(4))
      expect((await page({ page: 4, page_size: 2 })).items).toEqual([])
      expect((await page({})).items.map((k) => k.id)).toEqual(newestFirst)
      expect((await page({ keyword: 'Key 3' })).items.map((k) => k.id)).toEqual([ids[2]])
    })

    it('refuses a page size over 100', async () => {
      const { token } = await customer()
      const res = await call(t, contract.listUserKeys, { query: { page_size: 101 } }, { token })
      expect(res.status).toBe(400)
      expect(Object.keys(fieldsOf(errorEnvelope(res.body)))).toEqual(['page_size'])
    })
  })

  describe('concurrency', () => {
    it('creates keys in parallel without losing or mixing any', async () => {
      const { user, token } = await customer()
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call(t, contract.createKey, { body: createBody({ name: `Parallel ${i}` }) }, { token }),
        ),
      )
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201))
      const created = answers.map((a) => a.body.data)
      expect(new Set(created.map((k) => k.id)).size).toBe(8)
      expect(new Set(created.map((k) => k.key)).size).toBe(8)
      expect(await keyCount(user.id)).toBe(8)
      await stepUp(t, token)
      for (const key of created) {
        expect(await secretRows(key.id)).toEqual([expect.objectContaining({ hash: sha256(key.key), expiresAt: null })])
        const reveal = await call(t, contract.revealKey, { params: { id: key.id } }, { token })
        expect(reveal.body.data.key).toBe(key.key)
      }
    })

    it('leaves exactly one current secret after parallel rolls, and it is the one the owner sees', async () => {
      const { token } = await customer()
      const created = await newKey(token)
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(t, contract.rollKey, { params: { id: created.id }, body: { grace_hours: 1 } }, { token }),
        ),
      )
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
      const issued = answers.map((a) => a.body.data.key)
      expect(new Set(issued).size).toBe(6)

      const current = await t.ctx.db
        .select()
        .from(keySecrets)
        .where(and(eq(keySecrets.keyId, created.id), isNull(keySecrets.expiresAt)))
      expect(current).toHaveLength(1)
      await stepUp(t, token)
      const reveal = await call(t, contract.revealKey, { params: { id: created.id } }, { token })
      expect(current[0]?.hash).toBe(sha256(reveal.body.data.key))
      expect(issued).toContain(reveal.body.data.key)

      // Every secret issued meanwhile is in its grace period; after it, only the current one works.
      expect(await secretRows(created.id)).toHaveLength(7)
      t.clock.advance(HOUR)
      for (const secret of [created.key, ...issued]) {
        const expected = secret === reveal.body.data.key ? 'OK' : 'NOT_FOUND'
        expect((await verify(secret)).reason).toBe(expected)
      }
    })
  })
})
