import { allEndpoints, buildPath, type EndpointSpec, type Role } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { createUser, findUserRow, freshIp, signIn, useTestApp } from './helpers.ts'
import { sampleBody } from './samples.ts'

// Every declared endpoint, called by every kind of caller: the central guard must answer as the
// endpoint's `roles` say. Expectations come from the declarations, so new endpoints are covered.

type Caller = 'anonymous' | Role
const CALLERS: Caller[] = ['anonymous', 'customer', 'support', 'admin']

/** A syntactically valid id that names nothing, for each kind of path parameter. */
function placeholderParams(path: string): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    if (!name) continue
    params[name] = path.startsWith('/files/') ? `fil_${'0'.repeat(26)}` : name === 'id' ? `usr_${'0'.repeat(26)}` : 'x'
  }
  return params
}

interface Answer {
  status: number
  errorCode: string | null
}

describe('who may call what', async () => {
  const t = await useTestApp()
  const accounts = {
    customer: await createUser(t, { roles: ['customer'] }),
    support: await createUser(t, { roles: ['support'] }),
    admin: await createUser(t, { roles: ['admin'] }),
  }

  async function callAs(caller: Caller, endpoint: EndpointSpec, request: { path?: string; body?: unknown } = {}) {
    // A fresh session for each call: some endpoints (logout) end the one they are called with.
    const token = caller === 'anonymous' ? null : await signIn(t, accounts[caller].email)
    // An upload endpoint gets a small file, the way its form sends one, so the answer is about the caller.
    const multipart = endpoint.upload
      ? {
          'content-type': 'multipart/form-data; boundary=roles',
          payload:
            '--roles\r\nContent-Disposition: form-data; name="file"; filename="f.csv"\r\nContent-Type: text/csv\r\n\r\nname\r\n--roles--\r\n',
        }
      : null
    const response = await t.app.inject({
      method: endpoint.method,
      url: request.path ?? buildPath(endpoint.path, placeholderParams(endpoint.path)),
      remoteAddress: freshIp(),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(multipart ? { 'content-type': multipart['content-type'] } : {}),
      },
      ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
      ...(multipart ? { payload: multipart.payload } : {}),
    })
    let errorCode: string | null = null
    try {
      errorCode = (response.json() as { error_code?: string | null }).error_code ?? null
    } catch {
      errorCode = null
    }
    return { status: response.statusCode, errorCode }
  }

  const isSignInRefusal = (a: Answer) => a.status === 401 || a.errorCode === '401' || a.errorCode === '403'
  // STEP_UP_REQUIRED (403) lets the role in and asks for a fresh proof of identity (docs/sign-in.md "Step-up").
  const isRoleRefusal = (a: Answer) =>
    a.errorCode === 'FORBIDDEN' || (a.status === 403 && a.errorCode !== 'STEP_UP_REQUIRED')

  it.each(allEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers each caller as its roles say',
    async (_, endpoint) => {
      const answers = new Map<Caller, Answer>()
      for (const caller of CALLERS) answers.set(caller, await callAs(caller, endpoint))

      if (endpoint.roles === 'public') {
        for (const [caller, answer] of answers) {
          expect(isSignInRefusal(answer), `${caller}: ${JSON.stringify(answer)}`).toBe(false)
          expect(isRoleRefusal(answer), `${caller}: ${JSON.stringify(answer)}`).toBe(false)
        }
        // Who calls makes no difference to a public endpoint.
        expect(new Set([...answers.values()].map((a) => a.status)).size).toBe(1)
        return
      }

      if (endpoint.roles === 'gateway') {
        for (const [caller, answer] of answers) {
          expect([401, 403], `${caller}: ${JSON.stringify(answer)}`).toContain(answer.status)
        }
        return
      }

      const allowed = endpoint.roles
      expect(answers.get('anonymous')).toEqual({ status: 401, errorCode: '401' })
      for (const caller of ['customer', 'support', 'admin'] as const) {
        const answer = answers.get(caller)
        if (!answer) throw new Error(`no answer for ${caller}`)
        if (allowed.includes(caller)) {
          expect(isSignInRefusal(answer), `${caller}: ${JSON.stringify(answer)}`).toBe(false)
          expect(isRoleRefusal(answer), `${caller}: ${JSON.stringify(answer)}`).toBe(false)
        } else {
          expect(answer, caller).toEqual({ status: 403, errorCode: 'FORBIDDEN' })
        }
      }
    },
  )

  const idEndpoints = allEndpoints.filter((e) => e.roles !== 'public' && /\{id\}/.test(e.path))

  it('has endpoints that take a user id to check', () => {
    expect(idEndpoints.length).toBeGreaterThan(0)
  })

  it.each(idEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    'another customer cannot use %s on someone else',
    async (_, endpoint) => {
      const owner = await createUser(t, { roles: ['customer'] })
      const before = await findUserRow(t, owner.id)
      const body = endpoint.body ? sampleBody(endpoint) : undefined
      if (endpoint.body) expect(body, 'a sample body is on file').toBeDefined()

      const answer = await callAs('customer', endpoint, {
        path: buildPath(endpoint.path, { ...placeholderParams(endpoint.path), id: owner.id }),
        body,
      })

      expect([403, 404], JSON.stringify(answer)).toContain(answer.status)
      const rolesOfEndpoint = endpoint.roles as readonly Role[]
      if (!rolesOfEndpoint.includes('customer')) expect(answer).toEqual({ status: 403, errorCode: 'FORBIDDEN' })
      expect(await findUserRow(t, owner.id)).toEqual(before)
    },
  )
})
