import { randomBytes } from 'node:crypto'
import {
  type addCard as addCardEndpoint,
  type BankDetails,
  type BodyOf,
  type createPayment as createPaymentEndpoint,
  ErrorCode,
  formatMinor,
  getPayment as getPaymentEndpoint,
  type Lang,
  type Page,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
  quotePayment,
  type SavedCard,
  VNPAY_AMOUNT_MAX_VND,
  VNPAY_MIN_VND,
} from '@app/contract'
import { and, count, desc, eq, ilike, not, or, type SQL, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type Db, PG_UNIQUE_VIOLATION, pgCode, pgConstraint } from '../../db/client.ts'
import { bills, paymentIntents, savedCards, users } from '../../db/schema/index.ts'
import { assertActFor } from '../../http/access.ts'
import { AppError, conflict, invalidField, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import { escapeLike } from '../../lib/like.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { billingSettings } from '../pricing/prices.ts'
import { readSetting, writeSetting } from '../settings/settings.ts'
import {
  applyOutcome,
  findPaymentView,
  hasAlert,
  type IntentRow,
  lockIntent,
  paymentCounts,
  paymentViewColumns,
  recordEvent,
  toPayment,
} from './intents.ts'
import { approveLink } from './paypal.ts'
import { captureAndApply } from './paypal-flow.ts'
import { buildPayUrl } from './vnpay.ts'

// The payment calls (docs/payments.md): starting a payment, following it, the PayPal capture, a
// customer's cancellation, an administrator's decision on a bank transfer or a payment in review, the
// bank details, and saved cards.

/** A VNPay payment page is valid this long (the official demos' 15 minutes). */
const VNPAY_TTL_MS = 15 * 60_000
/** PayPal's approval link lives about three hours. */
const PAYPAL_TTL_MS = 3 * 3_600_000
/** At most this many payments waiting per customer (anti-automation on a costly call). */
const MAX_PENDING = 10

const BANK_SETTING = 'settings-bank'
const EMPTY_BANK: BankDetails = {
  bank_name: '',
  account_name: '',
  account_number: '',
  branch: '',
  swift: '',
  notes: '',
}

const paymentNotFound = () => notFound('payments.notFound')
export const gatewayError = () => new AppError(ErrorCode.GatewayError, 502, 'payments.gatewayError')

// ── Bank details ────────────────────────────────────────────────────────────────────────────────────

export async function bankDetails(db: Db): Promise<BankDetails> {
  const stored = await readSetting<Partial<BankDetails>>(db, BANK_SETTING)
  const details = { ...EMPTY_BANK }
  for (const key of Object.keys(EMPTY_BANK) as (keyof BankDetails)[]) {
    const value = stored?.[key]
    if (typeof value === 'string') details[key] = value
  }
  return details
}

const bankConfigured = (b: BankDetails) => b.bank_name !== '' && b.account_number !== '' && b.account_name !== ''

export async function setBankDetails(ctx: Ctx, meta: RequestMeta, actor: AuthUser, body: BankDetails) {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const before = await bankDetails(tx)
    await writeSetting(tx, BANK_SETTING, body, actor.id, now)
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'settings.bank', targetType: 'setting', targetId: BANK_SETTING, before, after: body },
      now,
    )
    return body
  })
}

// ── Options ─────────────────────────────────────────────────────────────────────────────────────────

export async function options(ctx: Ctx) {
  const bank = await bankDetails(ctx.db)
  const { exchangeRate } = await billingSettings(ctx.db)
  const { vnpay, paypal } = ctx.config.payments
  return {
    vnpay: vnpay.mode !== 'off',
    paypal: paypal.mode !== 'off',
    bank: bankConfigured(bank) ? bank : null,
    exchange_rate: exchangeRate,
    sandbox: vnpay.mode === 'sandbox' || paypal.mode === 'sandbox',
  }
}

// ── Starting a payment ──────────────────────────────────────────────────────────────────────────────

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A short code a person can type into a bank transfer: `TU` (top-up) or `BT` (bill) and 8 characters. */
function transferCode(prefix: 'TU' | 'BT'): string {
  return prefix + Array.from(randomBytes(8), (b) => CROCKFORD[b % 32]).join('')
}

type CreateBody = BodyOf<typeof createPaymentEndpoint>

/**
 * `back`: where the provider sends the customer afterwards (`returnBase`; PUBLIC_URL by default).
 */
export async function createPayment(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: CreateBody,
  back = ctx.config.publicUrl,
) {
  const now = ctx.clock.now()
  const { payments } = ctx.config
  if (body.provider !== 'bank' && payments[body.provider].mode === 'off') {
    throw refused(ErrorCode.ProviderUnavailable, 'payments.providerUnavailable', {
      provider: body.provider === 'vnpay' ? 'VNPay' : 'PayPal',
    })
  }
  if (body.provider === 'bank' && !bankConfigured(await bankDetails(ctx.db))) {
    throw refused(ErrorCode.ProviderUnavailable, 'payments.bankUnavailable')
  }
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.userId, actor.id), eq(paymentIntents.status, 'pending')))
  if ((waiting?.n ?? 0) >= MAX_PENDING) throw new AppError(ErrorCode.TooManyPending, 429, 'payments.tooManyPending')

  let creditCents: bigint
  let exchangeRate: string
  let bill: typeof bills.$inferSelect | undefined
  if (body.purpose === 'bill') {
    ;[bill] = await ctx.db
      .select()
      .from(bills)
      .where(and(eq(bills.id, body.bill_id ?? ''), eq(bills.userId, actor.id)))
      .limit(1)
    if (!bill) throw notFound('billing.notFound')
    if (bill.paidAt !== null || bill.totalCents === 0n)
      throw conflict(ErrorCode.BillAlreadyPaid, 'balance.billAlreadyPaid')
    creditCents = bill.totalCents
    // A bill is paid in VND at its own exchange rate (docs/requirements.md §9.2), the one printed on it.
    exchangeRate = bill.exchangeRate
  } else {
    creditCents = body.amount ?? 0n
    exchangeRate = (await billingSettings(ctx.db)).exchangeRate
  }
  const quote = quotePayment(body.provider, creditCents, { exchangeRate, paypalDomestic: body.paypal_domestic })
  if (body.provider === 'vnpay' && quote.totalMinor < VNPAY_MIN_VND) {
    throw invalidField('amount', 'payments.amountTooSmall')
  }
  // vnp_Amount carries the amount × 100 in 12 digits (limits.ts "Money bounds"): a bill too large for it
  // goes by PayPal or bank transfer rather than being sent to VNPay cut or refused there.
  if (body.provider === 'vnpay' && quote.totalMinor > VNPAY_AMOUNT_MAX_VND) {
    throw refused(ErrorCode.AmountTooLarge, 'payments.vnpayAmountTooLarge', { max: VNPAY_AMOUNT_MAX_VND.toString() })
  }

  const id = newId('pay', now.getTime())
  const reference =
    body.provider === 'bank' ? transferCode(bill ? 'BT' : 'TU') : id.slice(id.indexOf('_') + 1).toUpperCase()
  const ttl = body.provider === 'vnpay' ? VNPAY_TTL_MS : body.provider === 'paypal' ? PAYPAL_TTL_MS : null
  const values: typeof paymentIntents.$inferInsert = {
    id,
    reference,
    userId: actor.id,
    provider: body.provider,
    purpose: body.purpose,
    billId: bill?.id ?? null,
    status: 'pending',
    creditCents,
    currency: quote.currency,
    amountMinor: quote.amountMinor,
    feeMinor: quote.feeMinor,
    totalMinor: quote.totalMinor,
    exchangeRate: quote.exchangeRate,
    paypalDomestic: body.provider === 'paypal' ? body.paypal_domestic : null,
    transferContent: body.provider === 'bank' ? (bill ? bill.transferContent : reference) : null,
    clientIp: meta.ip,
    createdAt: now,
    updatedAt: now,
    expiresAt: ttl === null ? null : new Date(now.getTime() + ttl),
  }
  await ctx.db.insert(paymentIntents).values(values)
  const description = bill ? `Bill ${bill.code}` : `Top up ${reference}`

  let redirectUrl: string | null = null
  if (body.provider === 'vnpay') {
    redirectUrl = buildPayUrl(payments.vnpay.payUrl, payments.vnpay, {
      txnRef: reference,
      amountVnd: quote.totalMinor,
      orderInfo: `Maps Portal ${description}`,
      ipAddr: meta.ip,
      locale: meta.lang === 'vi' ? 'vn' : 'en',
      returnUrl: `${back}/billing/vnpay_return`,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VNPAY_TTL_MS),
    })
  } else if (body.provider === 'paypal') {
    redirectUrl = await createPaypalOrder(ctx, id, reference, formatMinor(quote.totalMinor, 'USD'), description, back)
  }
  const view = await findPaymentView(ctx.db, id)
  if (!view) throw new Error('the payment just written is missing')
  return { payment: toPayment(view, meta.lang), redirect_url: redirectUrl }
}

/** Creates the PayPal order of an intent (PayPal-Request-Id `create:{intent}`: a retry is the same order). */
async function createPaypalOrder(
  ctx: Ctx,
  id: string,
  reference: string,
  value: string,
  description: string,
  back: string,
) {
  try {
    const order = await ctx.paypal.createOrder({
      requestId: `create:${id}`,
      intentId: id,
      reference,
      value,
      description: `Maps Portal ${description}`,
      returnUrl: `${back}/billing/paypal_return?payment=${id}`,
      cancelUrl: `${back}/billing/paypal_return?payment=${id}&cancelled=1`,
    })
    const link = approveLink(order)
    if (!link) throw new Error('PayPal answered an order without an approval link')
    await ctx.db
      .update(paymentIntents)
      .set({ providerOrderId: order.id, approveUrl: link, updatedAt: ctx.clock.now() })
      .where(eq(paymentIntents.id, id))
    return link
  } catch (error) {
    ctx.log.error({ err: error, payment: id }, 'PayPal order creation failed')
    const now = ctx.clock.now()
    await ctx.db
      .update(paymentIntents)
      .set({ status: 'failed', responseCode: 'CREATE_FAILED', updatedAt: now, completedAt: now })
      .where(eq(paymentIntents.id, id))
    throw gatewayError()
  }
}

// ── Following payments ──────────────────────────────────────────────────────────────────────────────

export async function getPayment(ctx: Ctx, actor: AuthUser, id: string, lang: Lang): Promise<Payment> {
  const view = await findPaymentView(ctx.db, id)
  if (!view) throw paymentNotFound()
  // Another user's payment: the admin's payments page only (packages/contract/src/access.ts).
  assertActFor(actor, getPaymentEndpoint, view.intent.userId, paymentNotFound)
  return toPayment(view, lang)
}

export interface ListFilter {
  userId?: string | undefined
  provider?: PaymentProvider | undefined
  status?: PaymentStatus | undefined
  userKeyword?: string | undefined
  alert?: boolean | undefined
}

export async function listPayments(
  ctx: Ctx,
  filter: ListFilter,
  paging: { page: number; pageSize: number; offset: number },
  lang: Lang,
): Promise<Page<Payment>> {
  const conditions: SQL[] = []
  if (filter.userId) conditions.push(eq(paymentIntents.userId, filter.userId))
  if (filter.provider) conditions.push(eq(paymentIntents.provider, filter.provider))
  if (filter.status) conditions.push(eq(paymentIntents.status, filter.status))
  if (filter.alert === true) conditions.push(hasAlert())
  if (filter.alert === false) conditions.push(not(hasAlert()))
  if (filter.userKeyword) {
    const pattern = `%${escapeLike(filter.userKeyword)}%`
    const keyword = or(
      ilike(users.email, pattern),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ilike(paymentIntents.reference, pattern),
    )
    if (keyword) conditions.push(keyword)
  }
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(paymentViewColumns)
      .from(paymentIntents)
      .innerJoin(users, eq(users.id, paymentIntents.userId))
      .leftJoin(bills, eq(bills.id, paymentIntents.billId))
      .where(where)
      .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
      .limit(paging.pageSize)
      .offset(paging.offset),
    ctx.db
      .select({ n: count() })
      .from(paymentIntents)
      .innerJoin(users, eq(users.id, paymentIntents.userId))
      .where(where),
  ])
  return {
    items: rows.map((r) => toPayment(r, lang)),
    total: total?.n ?? 0,
    page: paging.page,
    page_size: paging.pageSize,
  }
}

export async function adminList(
  ctx: Ctx,
  filter: ListFilter,
  paging: { page: number; pageSize: number; offset: number },
  lang: Lang,
) {
  const [page, counts] = await Promise.all([listPayments(ctx, filter, paging, lang), paymentCounts(ctx.db)])
  return { ...page, pending_bank: counts.pendingBank, in_review: counts.inReview, alerts: counts.alerts }
}

// ── PayPal capture and cancellation by the customer ─────────────────────────────────────────────────

export async function capturePaypal(ctx: Ctx, actor: AuthUser, orderId: string, lang: Lang): Promise<Payment> {
  const [intent] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, 'paypal'), eq(paymentIntents.providerOrderId, orderId)))
    .limit(1)
  if (!intent || intent.userId !== actor.id) throw paymentNotFound()
  if (intent.status === 'pending') await captureAndApply(ctx, intent)
  return getPayment(ctx, actor, intent.id, lang)
}

/**
 * A customer cancels a payment that cannot have moved money yet: a PayPal order before our capture (we
 * never capture a cancelled one), or a bank transfer declaration. A VNPay payment is ended by VNPay.
 */
export async function cancelPayment(ctx: Ctx, actor: AuthUser, id: string, lang: Lang): Promise<Payment> {
  await ctx.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, eq(paymentIntents.id, id))
    if (!intent || intent.userId !== actor.id) throw paymentNotFound()
    if (intent.provider === 'vnpay' || intent.status !== 'pending' || intent.providerTxnId !== null) {
      throw conflict(ErrorCode.NotCancellable, 'payments.notCancellable')
    }
    await applyOutcome(ctx, tx, intent, { kind: 'cancelled', responseCode: 'CANCELLED_BY_CUSTOMER' })
  })
  return getPayment(ctx, actor, id, lang)
}

// ── An administrator's decision ─────────────────────────────────────────────────────────────────────

const decidable = (intent: IntentRow) =>
  intent.status === 'review' || (intent.provider === 'bank' && intent.status === 'pending')

/**
 * Confirms (credits; pays the bill) or rejects a pending bank transfer or a payment in review, once:
 * the intent row is locked, so of two decisions at once the second finds it decided (409).
 */
export async function decide(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  decision: 'confirm' | 'reject',
  note: string,
): Promise<Payment> {
  const now = ctx.clock.now()
  try {
    await ctx.db.transaction(async (tx) => {
      const intent = await lockIntent(tx, eq(paymentIntents.id, id))
      if (!intent) throw paymentNotFound()
      if (!decidable(intent)) throw conflict(ErrorCode.NotDecidable, 'payments.notDecidable')
      const outcome =
        decision === 'confirm'
          ? ({ kind: 'success', decidedBy: actor.id, note: note || null, payDate: now } as const)
          : ({ kind: 'failed', decidedBy: actor.id, note, responseCode: 'REJECTED' } as const)
      const applied = await applyOutcome(ctx, tx, intent, outcome)
      await recordEvent(tx, now, {
        provider: intent.provider,
        kind: 'decision',
        intentId: intent.id,
        outcome: applied,
        payload: { decision, note, by: actor.id },
      })
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: decision === 'confirm' ? 'payment.confirm' : 'payment.reject',
          targetType: 'payment',
          targetId: intent.id,
          before: { status: intent.status },
          after: {
            status: applied,
            user_id: intent.userId,
            reference: intent.reference,
            amount: formatMinor(intent.creditCents, 'USD'),
            note,
          },
        },
        now,
      )
    })
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'balance_logs_once_key') {
      throw conflict(ErrorCode.NotDecidable, 'payments.notDecidable')
    }
    throw error
  }
  const view = await findPaymentView(ctx.db, id)
  if (!view) throw paymentNotFound()
  ctx.mail.kick()
  return toPayment(view, meta.lang)
}

// ── Saved cards ─────────────────────────────────────────────────────────────────────────────────────

type CardRow = typeof savedCards.$inferSelect

function toCard(row: CardRow): SavedCard {
  return {
    id: row.id,
    provider: row.provider,
    brand: row.brand as SavedCard['brand'],
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    created_at: row.createdAt.toISOString(),
  }
}

type CardBody = BodyOf<typeof addCardEndpoint>['card']

export async function addCard(ctx: Ctx, actor: AuthUser, card: CardBody): Promise<SavedCard> {
  const now = ctx.clock.now()
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
  if (card.exp_year * 12 + (card.exp_month - 1) < thisMonth)
    throw invalidField('card.exp_year', 'payments.card.expired')
  try {
    const [row] = await ctx.db
      .insert(savedCards)
      .values({
        id: newId('crd', now.getTime()),
        userId: actor.id,
        provider: card.provider,
        token: card.token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        createdAt: now,
      })
      .returning()
    if (!row) throw new Error('the card just written is missing')
    return toCard(row)
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(ErrorCode.CardDuplicate, 'payments.card.duplicate')
    throw error
  }
}

export async function listCards(ctx: Ctx, actor: AuthUser): Promise<SavedCard[]> {
  const rows = await ctx.db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, actor.id))
    .orderBy(desc(savedCards.createdAt))
  return rows.map(toCard)
}

export async function removeCard(ctx: Ctx, actor: AuthUser, id: string): Promise<void> {
  const removed = await ctx.db
    .delete(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, actor.id)))
    .returning({ id: savedCards.id })
  if (removed.length === 0) throw notFound('payments.card.notFound')
}
