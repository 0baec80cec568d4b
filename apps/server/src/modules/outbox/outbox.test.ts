import * as contract from '@app/contract'
import { describe, expect, it } from 'vitest'
import { call, errorEnvelope, freshIp, userWithToken, useTestApp } from '../../../test/helpers.ts'

describe('outbox', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = await userWithToken(t, ['customer'])

  // Five sign-ups, a second apart so that the newest-first order is known.
  const addresses = ['ann', 'bob', 'cat', 'dan', 'eve'].map((name) => `${name}@outbox.example.com`)
  for (const email of addresses) {
    t.clock.advance(1000)
    const res = await call(
      t,
      contract.register,
      {
        body: {
          full_name: 'Outbox Reader',
          email,
          phone_number: '0912345678',
          password: 'long-enough-1',
          confirm_password: 'long-enough-1',
        },
      },
      { ip: freshIp() },
    )
    if (res.status !== 201) throw new Error(`registration failed: ${res.body.message}`)
  }

  it('lists stored e-mails newest first, a page at a time', async () => {
    const first = await call(t, contract.listOutbox, { query: { page: 1, page_size: 2 } }, { token: admin.token })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ total: 5, page: 1, page_size: 2 })
    expect(first.body.data.items.map((m) => m.to)).toEqual(['eve@outbox.example.com', 'dan@outbox.example.com'])
    expect(first.body.data.items[0]).toMatchObject({
      template: 'verifyEmail',
      subject: 'Confirm your e-mail address',
      status: 'stored',
      attempts: 0,
      last_error: null,
      sent_at: null,
    })
    expect(first.body.data.items[0]).not.toHaveProperty('text_body')

    const last = await call(t, contract.listOutbox, { query: { page: 3, size: 2 } }, { token: admin.token })
    expect(last.body.data).toMatchObject({ total: 5, page: 3, page_size: 2 })
    expect(last.body.data.items.map((m) => m.to)).toEqual(['ann@outbox.example.com'])

    const beyond = await call(t, contract.listOutbox, { query: { page: 9 } }, { token: admin.token })
    expect(beyond.body.data).toMatchObject({ items: [], total: 5, page: 9, page_size: 10 })
  })

  it('searches by recipient or subject, case-insensitively', async () => {
    const byAddress = await call(t, contract.listOutbox, { query: { keyword: 'BOB@' } }, { token: admin.token })
    expect(byAddress.body.data.total).toBe(1)
    expect(byAddress.body.data.items[0]?.to).toBe('bob@outbox.example.com')

    const bySubject = await call(t, contract.listOutbox, { query: { keyword: 'confirm your' } }, { token: admin.token })
    expect(bySubject.body.data.total).toBe(5)

    const none = await call(t, contract.listOutbox, { query: { keyword: 'nothing-matches' } }, { token: admin.token })
    expect(none.body.data).toMatchObject({ items: [], total: 0 })
  })

  it('treats % and _ in a keyword as plain characters', async () => {
    const percent = await call(t, contract.listOutbox, { query: { keyword: '%' } }, { token: admin.token })
    expect(percent.body.data.total).toBe(0)
    const underscore = await call(t, contract.listOutbox, { query: { keyword: 'a_n' } }, { token: admin.token })
    expect(underscore.body.data.total).toBe(0)
  })

  it('shows one e-mail with its bodies', async () => {
    const list = await call(t, contract.listOutbox, { query: { keyword: 'cat@' } }, { token: admin.token })
    const id = list.body.data.items[0]?.id ?? ''
    const res = await call(t, contract.getOutboxMessage, { params: { id } }, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id, to: 'cat@outbox.example.com', template: 'verifyEmail' })
    expect(res.body.data.text_body).toMatch(/\/user\/verify\?token=/)
    expect(res.body.data.html_body).toMatch(/^<!doctype html>/)
  })

  it('answers 404 for an unknown e-mail', async () => {
    const res = await call(t, contract.getOutboxMessage, { params: { id: 'eml_nothing' } }, { token: admin.token })
    expect(res.status).toBe(404)
    expect(errorEnvelope(res.body)).toMatchObject({ error_code: 'NOT_FOUND', message: 'Message not found' })
  })

  it('refuses bad paging', async () => {
    for (const query of [{ page: 0 }, { page_size: 101 }, { page: 'two' }]) {
      const res = await call(t, contract.listOutbox, { query }, { token: admin.token })
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(res.body.error_code).toBe('VALIDATION')
    }
  })

  it.each([
    ['support', () => support.token],
    ['a customer', () => customer.token],
  ])('is closed to %s with FORBIDDEN', async (_, token) => {
    const list = await call(t, contract.listOutbox, {}, { token: token() })
    expect(list.status).toBe(403)
    expect(errorEnvelope(list.body).error_code).toBe('FORBIDDEN')
    const one = await call(t, contract.getOutboxMessage, { params: { id: 'eml_x' } }, { token: token() })
    expect(one.status).toBe(403)
    expect(one.body.error_code).toBe('FORBIDDEN')
  })

  it('is closed to anonymous callers', async () => {
    const res = await call(t, contract.listOutbox)
    expect(res.status).toBe(401)
    expect(res.body.error_code).toBe('401')
  })
})
