import { accessOf, allEndpoints, buildPath, type EndpointSpec, logout, type Role, SUBJECTS } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { createUser, findUserRow, freshIp, signIn, useTestApp } from './helpers.ts'
import { sampleBody } from './samples.ts'

// Every declared endpoint, called by every kind of caller: the central guard must answer as the
// endpoint's `roles` say. Expectations come from the declarations, so new endpoints are covered. Then
// The access table's second dimension (packages/contract/src/access.ts): every endpoint whose input names a
// user, called by every role about another user, must be refused unless the table's `forOthers`
// gives the role that right.

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

  // One session per role (a sign-in costs an argon2id hash): a new one after logout, or whenever the
  // session was found ended, so that an endpoint ending it cannot spoil the next call.
  const sessions = new Map<Role, string>()
  async function tokenOf(caller: Role) {
    let token = sessions.get(caller)
    if (!token) {
      token = await signIn(t, accounts[caller].email)
      sessions.set(caller, token)
    }
    return token
  }

  async function callAs(
    caller: Caller,
    endpoint: EndpointSpec,
    request: { path?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const answer = await callOnce(caller, endpoint, request)
    if (caller === 'anonymous') return answer
    if (endpoint === logout || isSignInRefusal(answer)) sessions.delete(caller)
    // A session another call ended is not the answer this endpoint gives: ask again with a fresh one.
    return isSignInRefusal(answer) && endpoint !== logout ? callOnce(caller, endpoint, request) : answer
  }

  async function callOnce(caller: Caller, endpoint: EndpointSpec, request: { path?: string; body?: unknown }) {
    const token = caller === 'anonymous' ? null : await tokenOf(caller)
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
      url: request.path ?? buildPath(endpoint.path, ownParams(caller, endpoint)),
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

  /** Placeholder ids, but a user named in the path is the caller: calls about another user come below. */
  function ownParams(caller: Caller, endpoint: EndpointSpec) {
    const params = placeholderParams(endpoint.path)
    const subject = SUBJECTS.get(endpoint)
    const field = subject?.fields[0]
    if (caller !== 'anonymous' && subject?.in === 'params' && field) params[field] = accounts[caller].id
    return params
  }

  function isSignInRefusal(a: Answer) {
    return a.status === 401 || a.errorCode === '401' || a.errorCode === '403'
  }

  // STEP_UP_REQUIRED (403) lets the role in and asks for a fresh proof of identity (docs/auth.md "Step-up").
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

  // "For another user": the endpoints whose input names a user (SUBJECTS in access.ts).
  const subjectEndpoints = [...SUBJECTS.keys()]
  /** Other fields a query must carry to be valid, so that the answer is about whom it names. */
  const REQUIRED_QUERY: Record<string, Record<string, string>> = {
    'GET /v1/statistics/billing': { start_date: '2026-10-01', end_date: '2026-10-31' },
    'GET /v1/statistics/keys': { start_at: '2026-10-01', end_at: '2026-10-31' },
  }

  function aboutUser(endpoint: EndpointSpec, user: { id: string; email: string }) {
    const subject = SUBJECTS.get(endpoint)
    if (!subject) throw new Error('not a subject endpoint')
    const field = subject.fields[0] ?? 'user_id'
    const value = field === 'email' ? user.email : user.id
    const params = { ...placeholderParams(endpoint.path), ...(subject.in === 'params' ? { [field]: value } : {}) }
    const query = new URLSearchParams({
      ...(REQUIRED_QUERY[`${endpoint.method} ${endpoint.path}`] ?? {}),
      ...(subject.in === 'query' ? { [field]: value } : {}),
    }).toString()
    const sample = endpoint.body ? sampleBody(endpoint) : undefined
    const body = subject.in === 'body' ? { ...sample, [field]: value } : sample
    return { path: `${buildPath(endpoint.path, params)}${query ? `?${query}` : ''}`, body }
  }

  it('has endpoints that name a user in their input', () => {
    expect(subjectEndpoints.length).toBeGreaterThan(5)
  })

  it.each(subjectEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s about another user answers each role as the access table says',
    async (_, endpoint) => {
      const owner = await createUser(t, { roles: ['customer'] })
      const { roles, forOthers } = accessOf(endpoint)
      if (typeof roles === 'string') throw new Error('a public endpoint names no user')
      for (const caller of roles) {
        const answer = await callAs(caller, endpoint, aboutUser(endpoint, owner))
        if (forOthers.includes(caller)) {
          expect(isRoleRefusal(answer), `${caller}: ${JSON.stringify(answer)}`).toBe(false)
          // A valid request, so the pass above is about the role and not a refused input.
          expect(answer.status, `${caller}: ${JSON.stringify(answer)}`).not.toBe(400)
        } else {
          expect(answer, caller).toEqual({ status: 403, errorCode: 'FORBIDDEN' })
        }
        // About themselves, every role of the endpoint is let through.
        const own = await callAs(caller, endpoint, aboutUser(endpoint, accounts[caller]))
        expect(isRoleRefusal(own), `${caller} about themselves: ${JSON.stringify(own)}`).toBe(false)
      }
    },
  )
})
