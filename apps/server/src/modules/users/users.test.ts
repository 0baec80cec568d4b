import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  findUserRow,
  freshEmail,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog } from '../../db/schema/index.ts'

const MISSING_ID = `usr_${'0'.repeat(26)}`

describe('profiles', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])

  async function customer() {
    const user = await createUser(t, { email: freshEmail('customer') })
    return { user, token: await signIn(t, user.email) }
  }

  async function auditRowsFor(targetId: string) {
    return t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id))
  }

  describe('own profile', () => {
    it('shows the signed-in user’s profile', async () => {
      const { user, token } = await customer()
      const res = await call(t, contract.getOwnProfile, {}, { token })
      expect(res.status).toBe(200)
      expect(contract.Profile.parse(res.body.data)).toMatchObject({
        id: user.id,
        email: user.email,
        full_name: 'Test User',
        phone_number: '+84912345678',
        roles: ['customer'],
        status: 'active',
        balance: '0.00',
      })
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(contract.Profile.shape).sort())
    })

    it('updates only the fields sent', async () => {
      const { user, token } = await customer()
      await setUser(t, user.id, { organization: 'Acme', jobTitle: 'CTO' })
      t.clock.advance(1000)
      const res = await call(
        t,
        contract.updateOwnProfile,
        { body: { first_name: '  Trần  Thị ', job_title: 'CEO' } },
        { token },
      )
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Profile updated')
      expect(res.body.data).toMatchObject({
        first_name: 'Trần Thị',
        last_name: 'User',
        full_name: 'Trần Thị User',
        job_title: 'CEO',
        organization: 'Acme',
        phone_number: '+84912345678',
        updated_at: t.clock.now().toISOString(),
      })
      expect(await findUserRow(t, user.id)).toMatchObject({
        firstName: 'Trần Thị',
        jobTitle: 'CEO',
        organization: 'Acme',
      })
    })

    it('stores a new phone number in E.164 and asks for it to be verified again', async () => {
      const { user, token } = await customer()
      await setUser(t, user.id, { phoneVerifiedAt: t.clock.now() })

      const same = await call(t, contract.updateOwnProfile, { body: { phone_number: '0912 345 678' } }, { token })
      expect(same.status).toBe(200)
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toEqual(t.clock.now())

      const res = await call(t, contract.updateOwnProfile, { body: { phone_number: '098-765-4321' } }, { token })
      expect(res.status).toBe(200)
      expect(res.body.data.phone_number).toBe('+84987654321')
      expect(await findUserRow(t, user.id)).toMatchObject({ phoneNumber: '+84987654321', phoneVerifiedAt: null })
    })

    it('clears organization, job title and phone with null', async () => {
      const { user, token } = await customer()
      await setUser(t, user.id, { organization: 'Acme', jobTitle: 'CTO' })
      const res = await call(
        t,
        contract.updateOwnProfile,
        { body: { organization: null, job_title: null, phone_number: null } },
        { token },
      )
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ organization: null, job_title: null, phone_number: null })
      expect(await findUserRow(t, user.id)).toMatchObject({ organization: null, jobTitle: null, phoneNumber: null })
    })

    it.each([
      ['status', 'suspended'],
      ['roles', ['admin']],
      ['balance', '1000000.00'],
      ['email', 'someone-else@example.com'],
      ['email_verified', true],
    ])('refuses %s in the body as an unknown field and changes nothing', async (field, value) => {
      const { user, token } = await customer()
      const before = await findUserRow(t, user.id)
      const res = await call(
        t,
        contract.updateOwnProfile,
        { body: { organization: 'Changed', [field]: value } as never },
        { token, lang: 'vi' },
      )
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('VALIDATION')
      expect(res.body.data).toEqual({ fields: { [field]: translate('vi', 'validation.unknownField', { field }) } })
      expect(await findUserRow(t, user.id)).toEqual(before)
      const me = await call(t, contract.getOwnProfile, {}, { token })
      expect(me.body.data.roles).toEqual(['customer'])
    })

    it('refuses invalid values with field messages', async () => {
      const { token } = await customer()
      const res = await call(
        t,
        contract.updateOwnProfile,
        { body: { first_name: 'An2', last_name: '', phone_number: '12', organization: 'x'.repeat(256) } },
        { token, lang: 'my' },
      )
      expect(res.status).toBe(400)
      expect(res.body.data).toEqual({
        fields: {
          first_name: translate('my', 'validation.name.invalidChars'),
          last_name: translate('my', 'validation.name.required'),
          phone_number: translate('my', 'validation.phone.invalid'),
          organization: translate('my', 'validation.text.tooLong', { max: 255 }),
        },
      })
    })

    it('writes no audit row when users change their own profile', async () => {
      const { user, token } = await customer()
      expect((await call(t, contract.updateOwnProfile, { body: { job_title: 'Dev' } }, { token })).status).toBe(200)
      expect(await auditRowsFor(user.id)).toEqual([])
    })
  })

  describe('profiles by id (staff)', () => {
    it.each([
      ['admin', () => admin.token],
      ['support', () => support.token],
    ])('%s reads a user’s profile', async (_, token) => {
      const { user } = await customer()
      const res = await call(t, contract.getProfile, { params: { id: user.id } }, { token: token() })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ id: user.id, email: user.email, roles: ['customer'] })
    })

    it.each([
      ['admin', () => admin],
      ['support', () => support],
    ])('%s updates a user’s profile and the change is audit-logged', async (_, actor) => {
      const { user } = await customer()
      await setUser(t, user.id, { organization: 'Old Org', phoneVerifiedAt: t.clock.now() })
      const res = await call(
        t,
        contract.updateProfile,
        { params: { id: user.id }, body: { organization: 'New Org', phone_number: '0987654321' } },
        { token: actor().token },
      )
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ id: user.id, organization: 'New Org', phone_number: '+84987654321' })

      const [row, ...others] = await auditRowsFor(user.id)
      expect(others).toEqual([])
      expect(row).toMatchObject({
        actorId: actor().user.id,
        actorEmail: actor().user.email,
        action: 'user.profile.update',
        targetType: 'user',
        targetId: user.id,
        before: { organization: 'Old Org', phoneNumber: '+84912345678', phoneVerifiedAt: t.clock.now().toISOString() },
        after: { organization: 'New Org', phoneNumber: '+84987654321', phoneVerifiedAt: null },
      })
      expect(row?.ip).toBeTruthy()
    })

    it('lets support staff change customers but not other staff, while administrators change anyone', async () => {
      const otherSupport = await userWithToken(t, ['support'])
      const body = { organization: 'Changed by someone else' }
      const bySupport = await call(
        t,
        contract.updateProfile,
        { params: { id: admin.user.id }, body },
        { token: support.token },
      )
      expect(bySupport.status).toBe(403)
      expect(bySupport.body.error_code).toBe('FORBIDDEN')
      const onSupport = await call(
        t,
        contract.updateProfile,
        { params: { id: otherSupport.user.id }, body },
        { token: support.token },
      )
      expect(onSupport.status).toBe(403)
      const unchanged = await call(t, contract.getProfile, { params: { id: admin.user.id } }, { token: support.token })
      expect(unchanged.body.data.organization).not.toBe('Changed by someone else')
      const byAdmin = await call(
        t,
        contract.updateProfile,
        { params: { id: otherSupport.user.id }, body },
        { token: admin.token },
      )
      expect(byAdmin.status).toBe(200)
      expect(byAdmin.body.data.organization).toBe('Changed by someone else')
    })

    it('refuses customers with FORBIDDEN, which does not sign them out', async () => {
      const { user: other } = await customer()
      const { user: me, token } = await customer()
      for (const id of [other.id, me.id]) {
        const read = await call(t, contract.getProfile, { params: { id } }, { token, lang: 'vi' })
        expect(read.status).toBe(403)
        expect(errorEnvelope(read.body)).toMatchObject({
          error_code: 'FORBIDDEN',
          message: translate('vi', 'error.forbidden'),
        })
        const write = await call(
          t,
          contract.updateProfile,
          { params: { id }, body: { organization: 'Hacked' } },
          { token },
        )
        expect(write.status).toBe(403)
        expect(write.body.error_code).toBe('FORBIDDEN')
      }
      expect((await findUserRow(t, other.id))?.organization).toBeNull()
      // The session is still good.
      expect((await call(t, contract.getOwnProfile, {}, { token })).status).toBe(200)
    })

    it('answers 404 for an unknown id', async () => {
      const read = await call(t, contract.getProfile, { params: { id: MISSING_ID } }, { token: admin.token })
      expect(read.status).toBe(404)
      expect(errorEnvelope(read.body)).toMatchObject({ error_code: 'NOT_FOUND', message: 'User not found' })
      const write = await call(
        t,
        contract.updateProfile,
        { params: { id: MISSING_ID }, body: { organization: 'X' } },
        { token: admin.token },
      )
      expect(write.status).toBe(404)
      expect(await auditRowsFor(MISSING_ID)).toEqual([])
    })

    it.each(['123', 'usr_short', `USR_${'0'.repeat(26)}`, `usr_${'0'.repeat(26)}x`])(
      'answers 400 for the malformed id %s',
      async (id) => {
        const res = await call(t, contract.getProfile, { params: { id } }, { token: admin.token })
        expect(res.status).toBe(400)
        expect(errorEnvelope(res.body).error_code).toBe('VALIDATION')
        expect(res.body.data).toEqual({ fields: { id: 'id is invalid' } })
      },
    )
  })
})
