import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { vnpayDate, vnpayOrderInfo, vnpaySignData } from '@app/contract'

// VNPay API 2.1.0 (docs/payments.md "VNPay"), written here rather than wrapping the `vnpay`
// package, so that its known defects cannot reach us: hashes are compared in constant time; only `vnp_*`
// parameters are signed and checked; a parameter given twice is refused; CreateDate and ExpireDate are
// computed in GMT+7 explicitly (whatever TZ the process runs with); amounts stay bigint; a querydr answer
// without a signature is refused; `vnp_SecureHashType` is not sent (2.1.0).

const VNPAY_VERSION = '2.1.0'

export interface VnpayCredentials {
  tmnCode: string
  hashSecret: string
}

/** HMAC-SHA512 of `data` as lower-case hex. */
export function hmacSha512(secret: string, data: string): string {
  return createHmac('sha512', secret).update(data, 'utf8').digest('hex')
}

/** The signature of a parameter set (what `vnp_SecureHash` carries). */
function vnpaySign(secret: string, params: Record<string, string>): string {
  return hmacSha512(secret, vnpaySignData(params))
}

/** Constant-time comparison of two hex signatures, case-insensitively. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase(), 'utf8')
  const b = Buffer.from(expected.toLowerCase(), 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

export interface PayUrlInput {
  txnRef: string
  /** What the customer pays, in whole đồng (sent ×100). */
  amountVnd: bigint
  orderInfo: string
  ipAddr: string
  locale: 'vn' | 'en'
  returnUrl: string
  createdAt: Date
  expiresAt: Date
}

/** The signed address of VNPay's payment page for one intent. */
export function buildPayUrl(base: string, credentials: VnpayCredentials, input: PayUrlInput): string {
  const params: Record<string, string> = {
    vnp_Version: VNPAY_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: credentials.tmnCode,
    vnp_Amount: (input.amountVnd * 100n).toString(),
    vnp_CreateDate: vnpayDate(input.createdAt),
    vnp_CurrCode: 'VND',
    vnp_IpAddr: vnpayIp(input.ipAddr),
    vnp_Locale: input.locale,
    vnp_OrderInfo: vnpayOrderInfo(input.orderInfo) || input.txnRef,
    vnp_OrderType: 'other',
    vnp_ReturnUrl: input.returnUrl,
    vnp_ExpireDate: vnpayDate(input.expiresAt),
    vnp_TxnRef: input.txnRef,
  }
  const data = vnpaySignData(params)
  return `${base}?${data}&vnp_SecureHash=${hmacSha512(credentials.hashSecret, data)}`
}

/** VNPay's IpAddr field takes 7 to 45 characters: an IPv4-mapped IPv6 address is given as its IPv4. */
function vnpayIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  const value = mapped?.[1] ?? ip
  return value.length >= 7 && value.length <= 45 ? value : '127.0.0.1'
}

type ParsedQuery = { ok: true; params: Record<string, string> } | { ok: false; reason: 'duplicate' | 'malformed' }

/**
 * The query string of a request as VNPay sent it, strictly: a key given twice is refused (a second
 * value could differ from the one that was signed), as is a query that is not valid URL encoding.
 * Values are always strings here (no `a[b]=` objects, no arrays).
 */
function parseQuery(rawUrl: string): ParsedQuery {
  const at = rawUrl.indexOf('?')
  const search = at === -1 ? '' : rawUrl.slice(at + 1)
  const params: Record<string, string> = Object.create(null)
  try {
    for (const part of search.split('&')) {
      if (part === '') continue
      const eq = part.indexOf('=')
      const key = decodeURIComponent((eq === -1 ? part : part.slice(0, eq)).replace(/\+/g, ' '))
      const value = eq === -1 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '))
      if (Object.hasOwn(params, key)) return { ok: false, reason: 'duplicate' }
      params[key] = value
    }
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  return { ok: true, params: { ...params } }
}

export type Verified =
  | { ok: true; params: Record<string, string> }
  | { ok: false; reason: 'duplicate' | 'malformed' | 'missing-hash' | 'bad-hash' }

/** Parses and checks a return or IPN query: `vnp_SecureHash` must sign exactly the `vnp_*` parameters. */
export function verifyQuery(secret: string, rawUrl: string): Verified {
  const parsed = parseQuery(rawUrl)
  if (!parsed.ok) return parsed
  const given = parsed.params.vnp_SecureHash
  if (!given || !/^[0-9a-fA-F]{128}$/.test(given)) return { ok: false, reason: 'missing-hash' }
  if (!sameSignature(given, vnpaySign(secret, parsed.params))) return { ok: false, reason: 'bad-hash' }
  const vnp: Record<string, string> = {}
  for (const [key, value] of Object.entries(parsed.params)) if (key.startsWith('vnp_')) vnp[key] = value
  return { ok: true, params: vnp }
}

// ── querydr (a `|`-joined string in a fixed order) ──────────────────────────────────────

const QUERY_RESPONSE_FIELDS = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
  'vnp_PromotionCode',
  'vnp_PromotionAmount',
] as const

export function queryDrRequest(
  credentials: VnpayCredentials,
  input: { txnRef: string; transactionDate: Date; now: Date; ipAddr: string },
): Record<string, string> {
  const body: Record<string, string> = {
    vnp_RequestId: randomBytes(16).toString('hex'),
    vnp_Version: VNPAY_VERSION,
    vnp_Command: 'querydr',
    vnp_TmnCode: credentials.tmnCode,
    vnp_TxnRef: input.txnRef,
    vnp_TransactionDate: vnpayDate(input.transactionDate),
    vnp_CreateDate: vnpayDate(input.now),
    vnp_IpAddr: vnpayIp(input.ipAddr),
    vnp_OrderInfo: `Query ${input.txnRef}`,
  }
  const data = [
    body.vnp_RequestId,
    body.vnp_Version,
    body.vnp_Command,
    body.vnp_TmnCode,
    body.vnp_TxnRef,
    body.vnp_TransactionDate,
    body.vnp_CreateDate,
    body.vnp_IpAddr,
    body.vnp_OrderInfo,
  ].join('|')
  return { ...body, vnp_SecureHash: hmacSha512(credentials.hashSecret, data) }
}

/** The `|`-joined data a querydr answer is signed over (absent fields count as empty). */
export function queryDrResponseData(answer: Record<string, unknown>): string {
  return QUERY_RESPONSE_FIELDS.map((field) => {
    const value = answer[field]
    return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  }).join('|')
}

/** Whether a querydr answer is signed by VNPay; an answer without a signature is not (one of the `vnpay` package's defects, docs/payments.md "VNPay"). */
export function verifyQueryDr(secret: string, answer: Record<string, unknown>): boolean {
  const given = answer.vnp_SecureHash
  if (typeof given !== 'string' || given === '') return false
  return sameSignature(given, hmacSha512(secret, queryDrResponseData(answer)))
}

// ── refund (`|`-joined fields in a fixed order; 02 full, 03 partial) ─────────────

/** The fields a refund request is signed over, in VNPay's order. */
export const REFUND_REQUEST_FIELDS = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TransactionType',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_TransactionNo',
  'vnp_TransactionDate',
  'vnp_CreateBy',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
] as const

/** The fields a refund answer is signed over, in VNPay's order. */
export const REFUND_RESPONSE_FIELDS = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
] as const

/** The `|`-joined data of a set of fields (absent ones count as empty). */
export function joinedData(fields: readonly string[], values: Record<string, unknown>): string {
  return fields
    .map((field) => {
      const value = values[field]
      return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
    })
    .join('|')
}

export function refundRequest(
  credentials: VnpayCredentials,
  input: {
    requestId: string
    txnRef: string
    /** Whole đồng (sent ×100). */
    amountVnd: bigint
    full: boolean
    transactionNo: string
    transactionDate: Date
    createBy: string
    now: Date
    ipAddr: string
    orderInfo: string
  },
): Record<string, string> {
  const body: Record<string, string> = {
    vnp_RequestId: input.requestId,
    vnp_Version: VNPAY_VERSION,
    vnp_Command: 'refund',
    vnp_TmnCode: credentials.tmnCode,
    vnp_TransactionType: input.full ? '02' : '03',
    vnp_TxnRef: input.txnRef,
    vnp_Amount: (input.amountVnd * 100n).toString(),
    vnp_TransactionNo: input.transactionNo,
    vnp_TransactionDate: vnpayDate(input.transactionDate),
    vnp_CreateBy: input.createBy,
    vnp_CreateDate: vnpayDate(input.now),
    vnp_IpAddr: vnpayIp(input.ipAddr),
    vnp_OrderInfo: vnpayOrderInfo(input.orderInfo) || input.txnRef,
  }
  return { ...body, vnp_SecureHash: hmacSha512(credentials.hashSecret, joinedData(REFUND_REQUEST_FIELDS, body)) }
}

/** Whether a refund answer is signed by VNPay (an answer without a signature is not). */
export function verifyRefundAnswer(secret: string, answer: Record<string, unknown>): boolean {
  const given = answer.vnp_SecureHash
  if (typeof given !== 'string' || given === '') return false
  return sameSignature(given, hmacSha512(secret, joinedData(REFUND_RESPONSE_FIELDS, answer)))
}
