import * as contract from '@app/contract'
import { and, eq } from 'drizzle-orm'
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
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog } from '../../db/schema/index.ts'

// E-mail change requests (docs/requirements.md §13): who may ask and decide, the rules on
// the new address and the reasons, one unfinished request per user, and what completing does (the
// address changes, both addresses are told, every session ends), each decision audit-logged.

describe('email change requests', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])

  async function customer() {
    const user = await createUser(t, { email: freshEmail('ecr') })
    return { user, token: await signIn(t, user.email) }
  }

  async function ask(token: string, body: Record<string, unknown>, lang?: string) {
    return call(t, contract.requestEmailChange, { body: body as never }, { token, ...(lang ? { lang } : {}) })
  }

  async function auditRows(action: string, targetId: string) {
    return t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
  }

  it('lets a customer ask once, shows the request to its owner and to staff, and audits it', async () => {
    const c = await customer()
    const newEmail = freshEmail('new')
    const res = await ask(c.token, {
      new_email: newEmail.toUpperCase(),
      confirm_new_email: newEmail,
      reason: ' New job ',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toMatchObject({
      user_id: c.user.id,
      old_email: c.user.email,
      new_email: newEmail,
      reason: 'New job',
      status: 'unaccomplished',
      refuse_reason: null,
    })
    const id = res.body.data.id

    const own = await call(t, contract.userEmailChangeRequests, { query: { user_id: c.user.id } }, { token: c.token })
    expect(own.body.data.items.map((r) => r.id)).toEqual([id])

    const again = await ask(c.token, { new_email: freshEmail('other'), reason: 'again' })
    expect(again.status).toBe(409)
    expect(errorEnvelope(again.body).error_code).toBe('REQUEST_PENDING')

    for (const staff of [admin, support]) {
      const all = await call(
        t,
        contract.listEmailChangeRequests,
        { query: { keyword: newEmail } },
        { token: staff.token },
      )
      expect(all.status).toBe(200)
      expect(all.body.data.items.map((r) => r.id)).toEqual([id])
      const active = await call(t, contract.activeEmailChangeRequests, { query: {} }, { token: staff.token })
      expect(active.body.data.items.map((r) => r.id)).toContain(id)
      const byUser = await call(
        t,
        contract.userEmailChangeRequests,
        { query: { user_id: c.user.id } },
        { token: staff.token },
      )
      expect(byUser.body.data.total).toBe(1)
    }
    const [row] = await auditRows('emailChange.request', id)
    expect(row).toMatchObject({ actorId: c.user.id, targetType: 'email_change_request' })
  })

  it("hides another customer's requests and refuses staff lists to customers", async () => {
    const a = await customer()
    const b = await customer()
    await ask(a.token, { new_email: freshEmail('a'), reason: 'mine' })
    const peek = await call(t, contract.userEmailChangeRequests, { query: { user_id: a.user.id } }, { token: b.token })
    expect(peek.status).toBe(403)
    for (const endpoint of [contract.listEmailChangeRequests, contract.activeEmailChangeRequests]) {
      const res = await call(t, endpoint, { query: {} }, { token: b.token })
      expect(res.status).toBe(403)
      expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
    }
    const [mine] = (
      await call(t, contract.userEmailChangeRequests, { query: { user_id: a.user.id } }, { token: a.token })
    ).body.data.items
    if (!mine) throw new Error('no request')
    const complete = await call(t, contract.completeEmailChange, { params: { id: mine.id } }, { token: a.token })
    expect(complete.status).toBe(403)
    const refuse = await call(
      t,
      contract.refuseEmailChange,
      { params: { id: mine.id }, body: { refuse_reason: 'no' } },
      { token: b.token },
    )
    expect(refuse.status).toBe(403)
    const anonymous = await call(t, contract.requestEmailChange, { body: { new_email: freshEmail(), reason: 'x' } })
    expect(anonymous.status).toBe(401)
  })

  it('checks the new address, its re-entry and the reason, in the caller language', async () => {
    const c = await customer()
    const other = await createUser(t, { email: freshEmail('taken') })

    const used = await ask(c.token, { new_email: other.email, reason: 'taken' })
    expect(used.status).toBe(409)
    expect(errorEnvelope(used.body)).toMatchObject({
      error_code: 'EMAIL_USED',
      message: 'Please re-enter new Email. This email has been used',
    })
    expect(fieldsOf(errorEnvelope(used.body)).new_email).toBe('Please re-enter new Email. This email has been used')
    const usedVi = await ask(c.token, { new_email: other.email, reason: 'taken' }, 'vi')
    expect(usedVi.body.message).toBe('Vui lòng nhập lại email mới. Email này đã được sử dụng')

    const same = await ask(c.token, { new_email: c.user.email, reason: 'same' })
    expect(errorEnvelope(same.body).error_code).toBe('SAME_EMAIL')

    const invalid = await ask(c.token, { new_email: 'not-an-email', reason: 'x' })
    expect(invalid.status).toBe(400)
    expect(fieldsOf(errorEnvelope(invalid.body)).new_email).toBe('Please enter a valid email address')

    const long = await ask(c.token, { new_email: `${'a'.repeat(250)}@example.com`, reason: 'x' })
    expect(fieldsOf(errorEnvelope(long.body)).new_email).toBe('Email must be at most 255 characters')

    const mismatch = await ask(c.token, { new_email: freshEmail(), confirm_new_email: freshEmail(), reason: 'x' })
    expect(fieldsOf(errorEnvelope(mismatch.body)).confirm_new_email).toBe('The two email addresses are not the same')

    const reason = await ask(c.token, { new_email: freshEmail(), reason: 'r'.repeat(513) })
    expect(fieldsOf(errorEnvelope(reason.body)).reason).toBe('The reason must be at most 512 characters')
    const blank = await ask(c.token, { new_email: freshEmail(), reason: '   ' })
    expect(fieldsOf(errorEnvelope(blank.body)).reason).toBe('Please give a reason')
    const okReason = await ask(c.token, { new_email: freshEmail(), reason: 'r'.repeat(512) })
    expect(okReason.status).toBe(201)

    // An address another customer already asked for is taken too.
    const d = await customer()
    const asked = await ask(d.token, { new_email: okReason.body.data.new_email, reason: 'mine too' })
    expect(errorEnvelope(asked.body).error_code).toBe('EMAIL_USED')

    const check = await call(t, contract.checkNewEmailUsed, { query: { new_email: other.email } }, { token: d.token })
    expect(check.body.data).toEqual({ new_email: other.email, used: true })
    const free = freshEmail('free')
    const checkFree = await call(t, contract.checkNewEmailUsed, { query: { new_email: free } }, { token: d.token })
    expect(checkFree.body.data).toEqual({ new_email: free, used: false })
  })

  it('blocks a suspended account', async () => {
    const c = await customer()
    await setUser(t, c.user.id, { status: 'suspended' })
    const res = await ask(c.token, { new_email: freshEmail(), reason: 'x' })
    expect(res.status).toBe(403)
    expect(errorEnvelope(res.body).error_code).toBe('SUSPENDED')
  })

  it('refuses with a reason the customer then sees, and lets a new request follow', async () => {
    const c = await customer()
    const first = await ask(c.token, { new_email: freshEmail('first'), reason: 'please' })
    const id = first.body.data.id

    const noReason = await call(
      t,
      contract.refuseEmailChange,
      { params: { id }, body: { refuse_reason: ' ' } },
      { token: support.token },
    )
    expect(fieldsOf(errorEnvelope(noReason.body)).refuse_reason).toBe('Please give the reason for the refusal')
    const tooLong = await call(
      t,
      contract.refuseEmailChange,
      { params: { id }, body: { refuse_reason: 'x'.repeat(1025) } },
      { token: support.token },
    )
    expect(fieldsOf(errorEnvelope(tooLong.body)).refuse_reason).toBe('The reason must be at most 1024 characters')

    const refused = await call(
      t,
      contract.refuseEmailChange,
      { params: { id }, body: { refuse_reason: 'Call us from your registered phone first' } },
      { token: support.token },
    )
    expect(refused.status, JSON.stringify(refused.body)).toBe(200)
    expect(refused.body.data).toMatchObject({
      status: 'refused',
      refuse_reason: 'Call us from your registered phone first',
      handled_by_email: support.user.email,
    })
    const twice = await call(t, contract.completeEmailChange, { params: { id } }, { token: admin.token })
    expect(twice.status).toBe(409)
    expect(errorEnvelope(twice.body).error_code).toBe('REQUEST_HANDLED')

    const seen = await call(t, contract.userEmailChangeRequests, { query: { user_id: c.user.id } }, { token: c.token })
    expect(seen.body.data.items[0]?.refuse_reason).toBe('Call us from your registered phone first')
    const mail = (await mailsTo(t, c.user.email)).find((m) => m.template === 'emailChangeRefused')
    expect(mail?.textBody).toContain('Call us from your registered phone first')

    const [row] = await auditRows('emailChange.refuse', id)
    expect(row).toMatchObject({ actorId: support.user.id })
    expect(row?.after).toMatchObject({ status: 'refused', refuse_reason: 'Call us from your registered phone first' })

    const second = await ask(c.token, { new_email: freshEmail('second'), reason: 'again' })
    expect(second.status).toBe(201)
  })

  it('completes: the address changes, both addresses are told, every session ends, the new address signs in', async () => {
    const c = await customer()
    const newEmail = freshEmail('moved')
    const { id } = (await ask(c.token, { new_email: newEmail, reason: 'moved' })).body.data

    const done = await call(t, contract.completeEmailChange, { params: { id } }, { token: admin.token })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.message).toBe(`The email address is now ${newEmail}`)
    expect(done.body.data).toMatchObject({ status: 'accomplished', user_email: newEmail, old_email: c.user.email })

    const stale = await call(t, contract.getOwnProfile, {}, { token: c.token })
    expect(stale.status).toBe(401)
    expect(errorEnvelope(stale.body).error_code).toBe('403')

    const oldMail = (await mailsTo(t, c.user.email)).find((m) => m.template === 'emailChanged')
    expect(oldMail?.textBody).toContain(newEmail)
    expect((await mailsTo(t, newEmail)).some((m) => m.template === 'emailChangeWelcome')).toBe(true)

    await expect(signIn(t, c.user.email)).rejects.toThrow()
    const token = await signIn(t, newEmail)
    const profile = await call(t, contract.getOwnProfile, {}, { token })
    expect(profile.body.data.email).toBe(newEmail)

    const [row] = await auditRows('emailChange.complete', id)
    expect(row).toMatchObject({ actorId: admin.user.id })
    expect(row?.before).toMatchObject({ user_email: c.user.email, status: 'unaccomplished' })
    expect(row?.after).toMatchObject({ user_email: newEmail, status: 'accomplished' })

    const refuseAfter = await call(
      t,
      contract.refuseEmailChange,
      { params: { id }, body: { refuse_reason: 'late' } },
      { token: support.token },
    )
    expect(errorEnvelope(refuseAfter.body).error_code).toBe('REQUEST_HANDLED')
  })

  it('decides a request once when two staff members act at the same moment', async () => {
    const c = await customer()
    const { id } = (await ask(c.token, { new_email: freshEmail('race'), reason: 'race' })).body.data
    const answers = await Promise.all([
      call(t, contract.completeEmailChange, { params: { id } }, { token: admin.token }),
      call(t, contract.refuseEmailChange, { params: { id }, body: { refuse_reason: 'no' } }, { token: support.token }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const decisions = [...(await auditRows('emailChange.complete', id)), ...(await auditRows('emailChange.refuse', id))]
    expect(decisions).toHaveLength(1)
  })

  it('answers not found for a request that does not exist', async () => {
    const res = await call(
      t,
      contract.completeEmailChange,
      { params: { id: `ecr_${'0'.repeat(26)}` } },
      { token: admin.token },
    )
    expect(res.status).toBe(404)
  })
})
