import type { EndpointSpec } from '@app/contract'
import { freshEmail } from './helpers.ts'

// A schema-valid body for each endpoint that takes JSON, so that cross-cutting tests can spoil one
// field at a time and know that the answer is about that field. A test fails when an endpoint with a
// body has no sample here, so a new endpoint cannot slip past them.

const key = (e: Pick<EndpointSpec, 'method' | 'path'>) => `${e.method} ${e.path}`

/** Well-formed (not genuine) WebAuthn answers: the passkey tests make real ones. */
const sampleRegistration = () => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
})
const sampleAssertion = () => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'AA' },
  clientExtensionResults: {},
})

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
  'POST /v1/users/{id}/2fa/disable': () => ({ reason: 'Lost phone; identity checked' }),
  'POST /v1/users/change-email': () => {
    const email = freshEmail('sample')
    return { new_email: email, confirm_new_email: email, reason: 'I changed jobs' }
  },
  'PUT /v1/users/change-email-status/{id}': () => ({ refuse_reason: 'Not confirmed by phone' }),
  'PUT /v1/settings-seller': () => ({
    name: 'Maps Provider JSC',
    address: '1 Trang Tien, Hoan Kiem, Ha Noi',
    tax_code: '0101234567',
  }),
  'PUT /v1/settings-support': () => ({
    email: 'help@example.com',
    phone: '+84 24 1234 5678',
    hours: 'Mon–Fri 8:00–17:00',
  }),
  'POST /v1/keys': () => ({
    user_id: `usr_${'0'.repeat(26)}`,
    name: 'Sample key',
    type: 'api_key',
    description: 'A key for the sample app',
    restriction_list: [{ type: 'domain', value: 'https://example.com/*' }],
    services: ['GEOCODE', 'REVERSE_GEOCODE'],
    request_cap: 100_000,
    spend_cap: '50.00',
  }),
  'PUT /v1/keys-unDelete/{id}': () => ({
    name: 'Sample key',
    type: 'api_key',
    description: 'A key for the sample app',
    restriction_list: [{ type: 'ip', value: '203.0.113.0/24' }],
    services: null,
    request_cap: 20_000,
    spend_cap: '25.00',
  }),
  'PUT /v1/keys/{id}/delete': () => ({ user_id: `usr_${'0'.repeat(26)}` }),
  'POST /v1/keys/{id}/roll': () => ({ grace_hours: 24 }),
  'POST /v1/users/verify_phone': () => ({ code: '123456' }),
  'POST /v1/users/2fa/enable': () => ({ code: '123456', secret_key: 'A'.repeat(32) }),
  'POST /v1/users/2fa/disable': () => ({ code: '123456', password: 'not-the-password' }),
  'POST /v1/users/2fa/verify-code': () => ({ code: '123456', token: 'not-a-challenge' }),
  // Recovery codes and passkeys (issue 16, passkeys)
  'POST /v1/users/2fa/verify-recovery-code': () => ({
    code: 'abcd-efgh-ijkl-mnop-qrst-uvwx',
    token: 'not-a-challenge',
  }),
  'POST /v1/users/passkeys': () => ({
    attempt_id: `wac_${'0'.repeat(26)}`,
    name: 'My phone',
    credential: sampleRegistration(),
  }),
  'POST /v1/login-passkey': () => ({ attempt_id: `wac_${'0'.repeat(26)}`, credential: sampleAssertion() }),
  'POST /v1/users/2fa/passkey-options': () => ({ token: 'not-a-challenge' }),
  'POST /v1/users/2fa/verify-passkey': () => ({
    token: 'not-a-challenge',
    attempt_id: `wac_${'0'.repeat(26)}`,
    credential: sampleAssertion(),
  }),
  // step-up (issue 16, secrets)
  'POST /v1/users/step-up': () => ({ password: 'not-the-password', code: '123456' }),
  'POST /v1/login-google': () => ({ credential: 'not-an-id-token', attempt: 'sample-attempt' }),
  'POST /v1/login-facebook': () => ({ access_token: 'not-a-token', facebook_id: '1000', profile: { name: 'Sample' } }),
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
  'POST /v1/settings-weight': () => ({
    type: 'GEOCODE',
    rate: '0.005',
    free: 1000,
    prefix: '/api/v1',
    paths: '/geocode',
    subpath: null,
    is_new: true,
    user_id: `usr_${'0'.repeat(26)}`,
  }),
  'PUT /v1/settings-weight/{id}': () => ({
    type: 'GEOCODE',
    rate: '0.005',
    free: 1000,
    prefix: '/api/v1',
    paths: '/geocode',
    subpath: null,
    is_new: true,
  }),
  'POST /v1/settings-weight/{id}/range-request': () => ({ request_from: 0, request_to: 100000, rate: '0.004' }),
  'PUT /v1/settings-weight/{id}/range-request/{rangeId}': () => ({
    request_from: 0,
    request_to: 100000,
    rate: '0.004',
  }),
  'POST /v1/settings-free/month': () => ({ free: '5.00' }),
  'POST /v1/settings-free/first-register': () => ({ free: '10.00' }),
  'PUT /v1/settings-billing': () => ({ discount_percent: '10', exchange_rate: '25400' }),
  'PUT /v1/settings-rival': () => ({
    name: 'Google Maps Platform',
    as_of: '2025-02-28',
    services: [{ service: 'GEOCODE', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 }],
  }),
  'PUT /v1/settings-weight/price-book/{id}': () => ({ is_new: false }),
  'POST /v1/users-plans': () => ({
    name: `Sample plan ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A plan for the sample',
    translations: { my: { name: 'နမူနာ', description: null } },
    rsapi_plan_id: 'sample',
    maptile_plan_id: 'sample',
    price: '9.00',
    request_limit: 1000,
    request_limit_duration: 'day',
    load_limit: 500,
    load_limit_duration: 'minute',
    is_default: false,
    active: true,
  }),
  'PUT /v1/users-plans/{id}': () => ({
    name: `Sample plan ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A plan for the sample',
    translations: { my: { name: 'နမူနာ', description: null } },
    rsapi_plan_id: 'sample',
    maptile_plan_id: 'sample',
    price: '9.00',
    request_limit: 1000,
    request_limit_duration: 'day',
    load_limit: 500,
    load_limit_duration: 'minute',
    is_default: false,
    active: true,
  }),
  'PUT /v1/users/change-plan/{id}': () => ({ user_plan_id: 'pln_seedstandard00000000000000' }),
  'POST /v1/users': () => ({
    first_name: 'Sample',
    last_name: 'Person',
    email: freshEmail('sample'),
    phone_number: '0912345678',
    organization: 'Acme',
    job_title: 'Engineer',
    password: 'long-enough-1',
    confirm_password: 'long-enough-1',
    role: 'customer',
    active_after_created: true,
    enjoy_discount: false,
    check_balance: false,
    user_plan_id: null,
  }),
  'POST /v1/bills/{id}/update-paid': () => ({ paid: true }),
  'POST /v1/bills/request-vat-to-admin/{id}': () => ({
    company_name: 'Acme Maps Co., Ltd',
    company_address: '1 Sample Street, Hanoi',
    tax_code: '0101234567',
    email: 'billing@example.com',
  }),
  'POST /v1/bills/generate': () => ({ year: 2026, month: 10 }),
  'PUT /v1/users/{id}/add-balance': () => ({ amount: '25.00', description: 'Goodwill credit' }),
  'PUT /v1/balance/alert': () => ({ threshold: '10.00' }),
  'POST /v1/support/tickets': () => ({
    title: 'My key stopped working',
    content: 'Since this morning every request answers 403.',
    images: [],
    reference: null,
  }),
  'POST /v1/support/tickets/{id}/replies': () => ({ content: 'Here are more details about it.', images: [] }),
  'POST /v1/faq-categories': () => ({
    name: `Category ${Math.random().toString(36).slice(2, 8)}`,
    translations: { vi: { name: `Danh mục ${Math.random().toString(36).slice(2, 8)}` } },
  }),
  'PUT /v1/faq-categories/{id}': () => ({
    name: `Category ${Math.random().toString(36).slice(2, 8)}`,
    translations: { vi: { name: `Danh mục ${Math.random().toString(36).slice(2, 8)}` } },
  }),
  'POST /v1/faqs': () => ({
    category_id: `fqc_${'0'.repeat(26)}`,
    title: 'How do I roll a key?',
    question: 'How do I roll a key without downtime?',
    answer: 'Roll it with a grace period, then update your apps.',
    images: [],
    translations: {
      vi: {
        title: 'Làm sao để đổi khóa?',
        question: 'Làm sao để đổi khóa mà không gián đoạn?',
        answer: 'Đổi khóa với thời gian ân hạn, rồi cập nhật ứng dụng.',
      },
    },
    status: 'open',
  }),
  'PUT /v1/faqs/{id}': () => ({
    category_id: `fqc_${'0'.repeat(26)}`,
    title: 'How do I roll a key?',
    question: 'How do I roll a key without downtime?',
    answer: 'Roll it with a grace period, then update your apps.',
    images: [],
    translations: {
      vi: {
        title: 'Làm sao để đổi khóa?',
        question: 'Làm sao để đổi khóa mà không gián đoạn?',
        answer: 'Đổi khóa với thời gian ân hạn, rồi cập nhật ứng dụng.',
      },
    },
    status: 'open',
  }),
  'POST /v1/coupon-types/': () => ({
    name: 'Launch week',
    limit: 10,
    description: 'Coupons of the launch week',
    event_code: `LAUNCH_${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  }),
  'POST /v1/coupons/': () => ({
    type_id: `cty_${'0'.repeat(26)}`,
    credit: '10.00',
    description: 'Ten dollars',
    date_expried: '2030-12-31',
    balance_expires_day: 30,
    limit: 5,
  }),
  'POST /v1/users/use-coupon': () => ({ coupon: 'NOSUCHCODE' }),
  'POST /v1/maps': () => ({ name: 'Shops in Hanoi', key_id: `key_${'0'.repeat(26)}`, description: 'Our shops' }),
  'PUT /v1/maps/{id}': () => ({
    name: 'Shops in Hanoi',
    description: 'Our shops',
    key_id: `key_${'0'.repeat(26)}`,
    base_style: 'dark',
  }),
  'PUT /v1/maps/{id}/view': () => ({ view: { longitude: 105.85, latitude: 21.03, zoom: 11, bearing: 0, pitch: 0 } }),
  'POST /v1/maps/{id}/layers': () => ({ name: 'Warehouses' }),
  'PUT /v1/maps/{id}/layers/{layerId}': () => ({ name: 'Warehouses', visible: false }),
  'POST /v1/maps/{id}/points': () => ({
    layer_id: `lyr_${'0'.repeat(26)}`,
    name: 'Hoan Kiem Lake',
    description: 'Centre',
    latitude: 21.0287,
    longitude: 105.8523,
  }),
  'POST /v1/maps/{id}/points/bulk': () => ({
    layer_id: `lyr_${'0'.repeat(26)}`,
    points: [{ name: 'Hoan Kiem Lake', description: 'Centre', latitude: 21.0287, longitude: 105.8523 }],
  }),
  'PUT /v1/maps/{id}/points/{pointId}': () => ({
    layer_id: `lyr_${'0'.repeat(26)}`,
    name: 'Hoan Kiem Lake',
    description: 'Centre',
    latitude: 21.0287,
    longitude: 105.8523,
  }),
  'POST /v1/maps/{id}/points/move': () => ({ point_ids: [`pnt_${'0'.repeat(26)}`], layer_id: `lyr_${'0'.repeat(26)}` }),
  'POST /v1/payments': () => ({
    provider: 'vnpay',
    purpose: 'topup',
    amount: '25.00',
    bill_id: null,
    paypal_domestic: false,
  }),
  'POST /v1/payments/paypal/capture': () => ({ order_id: '5O190127TN364715T' }),
  'PUT /v1/payments/{id}/confirm': () => ({ note: 'Seen on the bank statement' }),
  'PUT /v1/payments/{id}/reject': () => ({ note: 'No such transfer on the statement' }),
  // refunds
  'POST /v1/payments/{id}/refund': () => ({ amount: '10.00', reason: 'Customer asked for it back' }),
  'PUT /v1/settings-bank': () => ({
    bank_name: 'Vietcombank',
    account_name: 'MAPS PORTAL JSC',
    account_number: '0011004123456',
    branch: 'Hanoi',
    swift: 'BFTVVNVX',
    notes: 'Write the transfer content exactly as shown.',
  }),
  'POST /v1/users/add-card': () => ({
    card: { provider: 'paypal', token: 'tok_8f2Kx91LmQ', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  }),
  'POST /v1/campaigns': () => ({
    code: 'SPRING_2026',
    name: 'Spring offer',
    start_date: '2026-11-01',
    end_date: '2026-11-30',
    url: 'https://example.com/spring',
    image_ids: [`fil_${'0'.repeat(26)}`],
    translations: { vi: { name: 'Ưu đãi mùa xuân', image_ids: [`fil_${'1'.repeat(26)}`] } },
  }),
  'PUT /v1/campaigns/update/{id}': () => ({
    code: 'SPRING_2026',
    name: 'Spring offer',
    start_date: '2026-11-01',
    end_date: '2026-11-30',
    url: 'https://example.com/spring',
    image_ids: [`fil_${'0'.repeat(26)}`],
    translations: { vi: { name: 'Ưu đãi mùa xuân', image_ids: [`fil_${'1'.repeat(26)}`] } },
  }),
  'POST /v1/notifications': () => ({
    name: 'November news',
    subject: 'What is new in November',
    content: '<p>Hello from the maps team.</p>',
    translations: { my: { subject: 'နိုဝင်ဘာ သတင်း', content: '<p>မင်္ဂလာပါ</p>' } },
    recipients: { all: true },
    send_at: '2030-01-01T08:00:00.000Z',
  }),
  'PUT /v1/notifications/{id}': () => ({
    name: 'November news',
    subject: 'What is new in November',
    content: '<p>Hello from the maps team.</p>',
    translations: { my: { subject: 'နိုဝင်ဘာ သတင်း', content: '<p>မင်္ဂလာပါ</p>' } },
    recipients: { all: true },
    send_at: '2030-01-01T08:00:00.000Z',
  }),
  'POST /v1/notifications/recipients-count': () => ({ recipients: { all: false, status: 'active' } }),
}

/**
 * Fields meant for long text (a notification's rich content), with the length that must be refused
 * instead of the usual 10,000 characters.
 */
const longText: Record<string, Record<string, number>> = {
  'POST /v1/notifications': { content: 200_001 },
  'PUT /v1/notifications/{id}': { content: 200_001 },
}

/** How long a string the field must refuse: 10,000 characters unless it is meant for long text. */
export function tooLongFor(endpoint: Pick<EndpointSpec, 'method' | 'path'>, field: string): number {
  return longText[key(endpoint)]?.[field] ?? 10_000
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
