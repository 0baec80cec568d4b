import * as contract from '@app/contract'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { bills } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'

// The back office's header search (issue 21) on a real database: accounts by e-mail, name or phone for
// every staff member; bills by code and keys by preview for administrators only; literal text; bounds.

describe('the back-office search', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])

  const lan = await createUser(t, { email: 'lan.pham@example.com', phone: '+84987650001', phoneVerified: true })
  await setUser(t, lan.id, { firstName: 'Lan', lastName: 'Phạm' })
  const minh = await createUser(t, { email: 'minh.tran@example.com', phone: '+84987650002' })
  await setUser(t, minh.id, { firstName: 'Minh', lastName: 'Trần' })
  // Someone whose e-mail only contains the text: listed after the one it starts with.
  await createUser(t, { email: 'alan.pham@example.com', phone: '+84987650003' })

  const lanToken = await signIn(t, lan.email)
  const key = await call(
    t,
    contract.createKey,
    { body: { name: 'Lan web', type: 'api_key', restriction_list: null } },
    { token: lanToken },
  )
  expect(key.status, JSON.stringify(key.body)).toBe(201)
  const preview = key.body.data.key_preview

  const billId = newId('bil', t.clock.now().getTime())
  await t.ctx.db.insert(bills).values({
    id: billId,
    userId: lan.id,
    year: 2026,
    month: 10,
    code: 'INV-202610-004242',
    billDate: t.clock.now(),
    billedFrom: '2026-10-01',
    billedTo: '2026-10-31',
    isNew: true,
    lines: [],
    amountBeforeDiscountCents: 1234n,
    discountPercent: '0',
    discountCents: 0n,
    amountCents: 1234n,
    freeCreditCents: 0n,
    totalCents: 1234n,
    exchangeRate: '25000',
    totalVnd: 308_500n,
    transferContent: 'INV-202610-004242',
  })

  const search = (q: string, token = admin.token, lang?: string) =>
    call(t, contract.globalSearch, { query: { q } }, { token, ...(lang ? { lang } : {}) })

  it('finds accounts by e-mail (the one it starts with first), by name and by phone as typed', async () => {
    const byEmail = await search('lan.p')
    expect(byEmail.status).toBe(200)
    expect(byEmail.body.data.accounts.map((a) => a.email)).toEqual(['lan.pham@example.com', 'alan.pham@example.com'])
    expect(byEmail.body.data.accounts[0]).toMatchObject({
      id: lan.id,
      name: 'Lan Phạm',
      status: 'active',
      roles: ['customer'],
    })
    expect((await search('trần')).body.data.accounts.map((a) => a.id)).toEqual([minh.id])
    expect((await search('0987 650 002')).body.data.accounts.map((a) => a.id)).toEqual([minh.id])
    expect((await search('+84987650001')).body.data.accounts.map((a) => a.id)).toEqual([lan.id])
  })

  it('finds a bill by its code and a key by its preview, for an administrator', async () => {
    const byCode = await search('004242')
    expect(byCode.body.data.bills).toEqual([
      { id: billId, code: 'INV-202610-004242', user_id: lan.id, user_email: lan.email, total: '12.34', paid: false },
    ])
    const byKey = await search(preview.slice(0, 8))
    expect(byKey.body.data.keys).toEqual([
      expect.objectContaining({ name: 'Lan web', key_preview: preview, user_id: lan.id, user_email: lan.email }),
    ])
  })

  it('gives support accounts only, and refuses customers', async () => {
    const asSupport = await search('lan.pham', support.token)
    expect(asSupport.status).toBe(200)
    expect(asSupport.body.data.accounts.map((a) => a.email)).toEqual(['lan.pham@example.com', 'alan.pham@example.com'])
    expect((await search('004242', support.token)).body.data.bills).toEqual([])
    expect((await search(preview.slice(0, 8), support.token)).body.data.keys).toEqual([])
    const asCustomer = await search('lan.pham', lanToken)
    expect(asCustomer.status).toBe(403)
  })

  it('takes % and _ as text, and says in the caller’s language when the text is too short or too long', async () => {
    const literal = await search('%%')
    expect(literal.body.data).toEqual({ accounts: [], bills: [], keys: [] })
    const short = await search(' l ', admin.token, 'vi')
    expect(short.status).toBe(400)
    expect(fieldsOf(errorEnvelope(short.body)).q).toBe('Nhập ít nhất 2 ký tự để tìm kiếm')
    const long = await search('x'.repeat(101))
    expect(long.status).toBe(400)
    expect(fieldsOf(errorEnvelope(long.body)).q).toBe('A search is at most 100 characters')
  })
})
