import type { EndpointSpec } from '@app/contract'
import { freshEmail } from './helpers.ts'

// A schema-valid body for each endpoint that takes JSON, so that cross-cutting tests can spoil one
// field at a time and know that the answer is about that field. A test fails when an endpoint with a
// body has no sample here, so a new endpoint cannot slip past them.

const key = (e: Pick<EndpointSpec, 'method' | 'path'>) => `${e.method} ${e.path}`

const samples: Record<string, () => Record<string, unknown>> = {
  'POST /v1/login': () => ({ email: freshEmail('sample'), password: 'some-password' }),
  'POST /v1/register': () => ({
    full_name: 'Sample Person',
    email: freshEmail('sample'),
    phone_number: '0912345678',
    password: 'long-enough-1',
    confirm_password: 'long-enough-1',
    organization: 'Acme',
    job_title: 'Engineer',
  }),
  'POST /v1/send-verify-email': () => ({ email: freshEmail('sample') }),
  'POST /v1/forgot-password': () => ({ email: freshEmail('sample') }),
  'PUT /v1/reset-password': () => ({
    token: 'no-such-token',
    password: 'long-enough-1',
    confirm_password: 'long-enough-1',
  }),
  'POST /v1/check-email-existed': () => ({ email: freshEmail('sample') }),
  'PUT /v1/users/change-password': () => ({
    current_password: 'not-the-current-one',
    new_password: 'long-enough-1',
    confirm_password: 'long-enough-1',
  }),
  'PUT /v1/users/profile': () => ({
    first_name: 'Sample',
    last_name: 'Person',
    phone_number: '0912345678',
    organization: 'Acme',
    job_title: 'Engineer',
    avatar: null,
  }),
  'PUT /v1/users/profile/{id}': () => ({
    first_name: 'Sample',
    last_name: 'Person',
    phone_number: '0912345678',
    organization: 'Acme',
    job_title: 'Engineer',
    avatar: null,
  }),
  'PUT /v1/settings/maintenance': () => ({ enabled: false }),
  'POST /v1/keys': () => ({
    user_id: `usr_${'0'.repeat(26)}`,
    name: 'Sample key',
    type: 'api_key',
    description: 'A key for the sample app',
    restriction_list: [{ type: 'domain', value: 'https://example.com/*' }],
  }),
  'PUT /v1/keys-unDelete/{id}': () => ({
    name: 'Sample key',
    type: 'api_key',
    description: 'A key for the sample app',
    restriction_list: [{ type: 'ip', value: '203.0.113.0/24' }],
  }),
  'PUT /v1/keys/{id}/delete': () => ({ user_id: `usr_${'0'.repeat(26)}` }),
  'POST /v1/keys/{id}/roll': () => ({ grace_hours: 24 }),
  'POST /v1/users/verify_phone': () => ({ code: '123456' }),
  'POST /v1/gateway/verify': () => ({
    key: `mk_${'a'.repeat(40)}`,
    service: 'GEOCODE',
    origin: 'https://example.com',
    referer: 'https://example.com/map',
    ip: '203.0.113.7',
  }),
  'POST /v1/gateway/usage': () => ({
    batch_id: 'batch-1',
    events: [
      { key: `mk_${'a'.repeat(40)}`, service: 'GEOCODE', at: 1_790_000_000_000, count: 1, status: 200, latency_ms: 12 },
    ],
  }),
}

/** A valid body for the endpoint, or undefined when none is on file. */
export function sampleBody(endpoint: Pick<EndpointSpec, 'method' | 'path'>): Record<string, unknown> | undefined {
  return samples[key(endpoint)]?.()
}

/** The fields a body schema declares (its object shape). */
export function bodyFields(endpoint: EndpointSpec): string[] {
  type Schema = { shape?: Record<string, unknown>; def?: { innerType?: Schema } }
  let schema = endpoint.body as unknown as Schema | undefined
  // Through `.nullish()` and `.optional()` wrappers to the object they wrap.
  while (schema && !schema.shape && schema.def?.innerType) schema = schema.def.innerType
  return schema?.shape ? Object.keys(schema.shape) : []
}
