import { allEndpoints, buildPath, type EndpointSpec, type Lang, type Role, translate } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { createUser, errorEnvelope, fieldsOf, freshIp, signIn, useTestApp } from './helpers.ts'
import { bodyFields, sampleBody, tooLongFor } from './samples.ts'

// Every endpoint meets malformed and hostile input with a clear, localised error in the envelope and
// the right HTTP status, before anything is written.

const jsonEndpoints = allEndpoints.filter((e) => e.body && !e.upload)
const uploadEndpoints = allEndpoints.filter((e) => e.upload)
const queryEndpoints = allEndpoints.filter((e) => e.query)
const paramEndpoints = allEndpoints.filter((e) => e.params)
const named = (list: readonly EndpointSpec[]) => list.map((e) => [`${e.method} ${e.path}`, e] as const)

const LANGS: Lang[] = ['en', 'vi', 'my']
const LONG = 'a'.repeat(10_000)

function placeholderParams(path: string): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) if (name) params[name] = `usr_${'0'.repeat(26)}`
  return params
}

/** A value of the wrong JSON type for a field whose valid sample is `value`. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string' || value === null) return 12345
  if (typeof value === 'boolean') return 'true'
  if (typeof value === 'number') return String(value)
  return 'not-this'
}

describe('bad input', async () => {
  const t = await useTestApp()
  const tokens = new Map<Role, string>()
  for (const role of ['admin', 'support', 'customer'] as const) {
    tokens.set(role, await signIn(t, (await createUser(t, { roles: [role] })).email))
  }

  /** The token of a caller the endpoint lets in, so that the answer is about the input. */
  function tokenFor(endpoint: EndpointSpec): string | undefined {
    if (endpoint.roles === 'gateway') return t.config.gatewayToken
    if (endpoint.roles === 'public') return undefined
    const role = endpoint.roles[0]
    return role ? tokens.get(role) : undefined
  }

  function send(
    endpoint: EndpointSpec,
    payload: string | Buffer | undefined,
    options: { contentType?: string; lang?: Lang; url?: string } = {},
  ) {
    const token = tokenFor(endpoint)
    return t.app.inject({
      method: endpoint.method,
      url: options.url ?? buildPath(endpoint.path, placeholderParams(endpoint.path)),
      remoteAddress: freshIp(),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.lang ? { 'accept-language': options.lang } : {}),
        ...(payload !== undefined ? { 'content-type': options.contentType ?? 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    })
  }

  it('has a sample body naming every field of every JSON endpoint', () => {
    expect(jsonEndpoints.length).toBeGreaterThan(0)
    for (const endpoint of jsonEndpoints) {
      const sample = sampleBody(endpoint)
      expect(sample, `${endpoint.method} ${endpoint.path}`).toBeDefined()
      expect(Object.keys(sample ?? {}).sort(), endpoint.path).toEqual(bodyFields(endpoint).sort())
    }
  })

  describe.each(named(jsonEndpoints))('%s', (_, endpoint) => {
    it.each(LANGS)('refuses malformed JSON with a message in %s', async (lang) => {
      const res = await send(endpoint, '{"email": "a@example.com",', { lang })
      expect(res.statusCode).toBe(400)
      expect(errorEnvelope(res.json())).toEqual({
        status: 'error',
        data: null,
        message: translate(lang, 'error.invalidJson'),
        error_code: 'VALIDATION',
      })
    })

    it('asks for a body when the JSON body is empty', async () => {
      const res = await send(endpoint, '')
      expect(res.statusCode).toBe(400)
      expect(errorEnvelope(res.json()).error_code).toBe('VALIDATION')
    })

    // A body declared nullable (`PUT /v1/keys/{id}/delete`) takes `null` by design.
    const notBodies = ['[]', 'null', '"text"', '42'].filter((p) => !endpoint.body?.safeParse(JSON.parse(p)).success)
    it.each(notBodies)('refuses %s as the body', async (payload) => {
      const res = await send(endpoint, payload, { lang: 'vi' })
      expect(res.statusCode).toBe(400)
      const envelope = errorEnvelope(res.json())
      expect(envelope.error_code).toBe('VALIDATION')
      expect(envelope.message).not.toBe(
        translate('en', 'validation.invalidType', { field: 'body', expected: 'object' }),
      )
    })

    it('refuses a value of the wrong type in each field, without coercing it', async () => {
      for (const field of bodyFields(endpoint)) {
        const body = sampleBody(endpoint) ?? {}
        body[field] = wrongType(body[field])
        const res = await send(endpoint, JSON.stringify(body))
        expect(res.statusCode, field).toBe(400)
        const envelope = errorEnvelope(res.json())
        expect(envelope.error_code, field).toBe('VALIDATION')
        expect(Object.keys(fieldsOf(envelope)), field).toEqual([field])
      }
    })

    it('refuses a 10,000-character string in each field', async () => {
      for (const field of bodyFields(endpoint)) {
        const body = sampleBody(endpoint) ?? {}
        if (typeof body[field] !== 'string' && body[field] !== null) continue
        const long = 'a'.repeat(tooLongFor(endpoint, field))
        body[field] = long
        const res = await send(endpoint, JSON.stringify(body), { lang: 'my' })
        expect(res.statusCode, field).toBe(400)
        const envelope = errorEnvelope(res.json())
        expect(envelope.error_code, field).toBe('VALIDATION')
        expect(fieldsOf(envelope)[field], field).toBeTruthy()
        expect(JSON.stringify(envelope), field).not.toContain(long)
      }
    })

    it('refuses an unknown field and names it', async () => {
      const body = { ...sampleBody(endpoint), is_admin: true }
      const res = await send(endpoint, JSON.stringify(body), { lang: 'vi' })
      expect(res.statusCode).toBe(400)
      const envelope = errorEnvelope(res.json())
      expect(envelope).toMatchObject({
        error_code: 'VALIDATION',
        message: translate('vi', 'validation.unknownField', { field: 'is_admin' }),
      })
      expect(fieldsOf(envelope)).toEqual({
        is_admin: translate('vi', 'validation.unknownField', { field: 'is_admin' }),
      })
    })

    it.each([
      ['text/plain', (body: string) => body],
      ['application/x-www-form-urlencoded', () => 'email=a%40example.com'],
      ['application/xml', () => '<a/>'],
    ])('refuses the content type %s with 415', async (contentType, payload) => {
      const res = await send(endpoint, payload(JSON.stringify(sampleBody(endpoint))), { contentType, lang: 'my' })
      expect(res.statusCode).toBe(415)
      expect(errorEnvelope(res.json())).toMatchObject({
        error_code: 'UNSUPPORTED_MEDIA_TYPE',
        message: translate('my', 'error.unsupportedMediaType', { type: contentType }),
      })
    })

    // 1 MiB unless the endpoint takes bigger bodies (the gateway's usage batches).
    const limit = endpoint.bodyLimit ?? 1024 * 1024
    it(`refuses a body over ${limit / 1024 / 1024} MiB with 413`, async () => {
      const body = { ...sampleBody(endpoint), padding: 'x'.repeat(limit) }
      const res = await send(endpoint, JSON.stringify(body), { lang: 'vi' })
      expect(res.statusCode).toBe(413)
      expect(errorEnvelope(res.json())).toMatchObject({
        error_code: 'PAYLOAD_TOO_LARGE',
        message: translate('vi', 'error.payloadTooLarge'),
      })
    })
  })

  it.each(named(uploadEndpoints))('%s refuses a JSON body with 415', async (_, endpoint) => {
    const res = await send(endpoint, JSON.stringify({ file: 'aGVsbG8=' }))
    expect(res.statusCode).toBe(415)
    expect(errorEnvelope(res.json()).error_code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it.each(named(queryEndpoints))('%s refuses a 10,000-character value in each query field', async (_, endpoint) => {
    const shape = (endpoint.query as unknown as { shape: Record<string, unknown> }).shape
    for (const field of Object.keys(shape)) {
      const url = `${buildPath(endpoint.path, placeholderParams(endpoint.path))}?${field}=${LONG}`
      const res = await send(endpoint, undefined, { url })
      expect(res.statusCode, field).toBe(400)
      expect(errorEnvelope(res.json()).error_code, field).toBe('VALIDATION')
    }
  })

  it.each(named(paramEndpoints))('%s refuses over-long path parameters in the envelope', async (_, endpoint) => {
    for (const length of [150, 10_000]) {
      const params = Object.fromEntries(
        Object.keys(placeholderParams(endpoint.path)).map((k) => [k, 'a'.repeat(length)]),
      )
      const res = await send(endpoint, undefined, { url: buildPath(endpoint.path, params), lang: 'vi' })
      expect(res.statusCode, String(length)).toBe(400)
      expect(errorEnvelope(res.json()).error_code, String(length)).toBe('VALIDATION')
    }
  })

  it('refuses a path that is not valid URL encoding, in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/verify-token-user/%E0%A4%A' })
    expect(res.statusCode).toBe(400)
    expect(errorEnvelope(res.json()).error_code).toBe('VALIDATION')
  })

  it.each(LANGS)('answers an unknown /v1 path with 404 in the envelope, in %s', async (lang) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/no-such-thing?x=1',
      headers: { 'accept-language': lang },
    })
    expect(res.statusCode).toBe(404)
    expect(errorEnvelope(res.json())).toEqual({
      status: 'error',
      data: null,
      message: translate(lang, 'error.noRoute', { method: 'GET', path: '/v1/no-such-thing' }),
      error_code: 'NOT_FOUND',
    })
  })

  it('answers a known path with an undeclared method with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/v1/login' })
    expect(res.statusCode).toBe(404)
    expect(errorEnvelope(res.json()).error_code).toBe('NOT_FOUND')
  })

  // ── A NUL character (U+0000) in any string (issue 16, bounds; docs/security.md "Text input") ────────
  // PostgreSQL cannot store it in text: it must be refused with a 400 before any query runs, wherever
  // it hides (a field, a string nested in an array or object, a query value, a path parameter, a header).

  /** The paths of every string in a sample body, nested ones included. */
  function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
    if (typeof value === 'string') return [path]
    if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]))
    if (value && typeof value === 'object')
      return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]))
    return []
  }

  function withNul(body: Record<string, unknown>, path: (string | number)[]): Record<string, unknown> {
    const copy = structuredClone(body)
    let parent: Record<string | number, unknown> = copy
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
    const last = path.at(-1) as string | number
    parent[last] = `${String(parent[last])}\u0000x`
    return copy
  }

  const nulCases = jsonEndpoints.flatMap((endpoint) =>
    stringPaths(sampleBody(endpoint) ?? {}).map(
      (path) => [`${endpoint.method} ${endpoint.path} ${path.join('.')}`, endpoint, path] as const,
    ),
  )

  it('has string fields to try a NUL in, nested ones included', () => {
    expect(nulCases.length).toBeGreaterThan(100)
    expect(nulCases.some(([, , path]) => path.length > 1)).toBe(true)
  })

  it.each(nulCases)('refuses a NUL in %s with 400, localised', async (_, endpoint, path) => {
    const lang = LANGS[path.length % LANGS.length] ?? 'en'
    const res = await send(endpoint, JSON.stringify(withNul(sampleBody(endpoint) ?? {}, path)), { lang })
    expect(res.statusCode).toBe(400)
    const message = translate(lang, 'validation.nulCharacter')
    const envelope = errorEnvelope(res.json())
    expect(envelope).toMatchObject({ error_code: 'VALIDATION', message })
    expect(fieldsOf(envelope)).toEqual({ [path.join('.')]: message })
  })

  it.each(named(queryEndpoints))('%s refuses a NUL in each query value with 400', async (_, endpoint) => {
    const shape = (endpoint.query as unknown as { shape: Record<string, unknown> }).shape
    for (const field of Object.keys(shape)) {
      const url = `${buildPath(endpoint.path, placeholderParams(endpoint.path))}?${field}=a%00b`
      const res = await send(endpoint, undefined, { url, lang: 'vi' })
      expect(res.statusCode, field).toBe(400)
      expect(errorEnvelope(res.json()), field).toMatchObject({
        error_code: 'VALIDATION',
        message: translate('vi', 'validation.nulCharacter'),
      })
      expect(fieldsOf(errorEnvelope(res.json())), field).toHaveProperty([field])
    }
  })

  it.each(named(paramEndpoints))('%s refuses a NUL in each path parameter with 400', async (_, endpoint) => {
    for (const name of Object.keys(placeholderParams(endpoint.path))) {
      const params = { ...placeholderParams(endpoint.path), [name]: 'usr_0\u0000' }
      const res = await send(endpoint, undefined, { url: buildPath(endpoint.path, params), lang: 'my' })
      expect(res.statusCode, name).toBe(400)
      expect(errorEnvelope(res.json()), name).toMatchObject({
        error_code: 'VALIDATION',
        message: translate('my', 'validation.nulCharacter'),
      })
    }
  })

  const headerEndpoints = allEndpoints.filter((e) => e.headers && e.roles !== 'gateway')
  it.each(named(headerEndpoints))('%s refuses a NUL in a header it reads with 400', async (_, endpoint) => {
    const token = tokenFor(endpoint)
    const res = await t.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, placeholderParams(endpoint.path)),
      remoteAddress: freshIp(),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'idempotency-key': 'abcdefgh\u0000',
        ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(endpoint.body ? { payload: JSON.stringify(sampleBody(endpoint)) } : {}),
    })
    expect(res.statusCode).toBe(400)
    expect(errorEnvelope(res.json())).toMatchObject({
      error_code: 'VALIDATION',
      message: translate('en', 'validation.nulCharacter'),
    })
  })

  it.each(named(uploadEndpoints))('%s refuses a NUL in the uploaded file name with 400', async (_, endpoint) => {
    const token = tokenFor(endpoint)
    const boundary = '----nul-test-boundary'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from('not really an image'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, placeholderParams(endpoint.path)),
      remoteAddress: freshIp(),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(errorEnvelope(res.json())).toMatchObject({
      error_code: 'VALIDATION',
      message: translate('en', 'validation.nulCharacter'),
    })
  })

  it('does not cache account answers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: { authorization: `Bearer ${tokens.get('customer')}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
  })
})
