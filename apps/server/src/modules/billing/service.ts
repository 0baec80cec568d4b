import {
  type BillDetail,
  type BodyOf,
  type EndpointSpec,
  ErrorCode,
  estimateMonth,
  formatCents,
  type requestVat as requestVatEndpoint,
  type ServiceType,
} from '@app/contract'
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { errors, SignJWT } from 'jose'
import type { Ctx } from '../../context.ts'
import { type Db, queryRows } from '../../db/client.ts'
import { bills, userRoles, users } from '../../db/schema/index.ts'
import { type ActFor, assertActFor, mayActFor } from '../../http/access.ts'
import { AppError, notFound } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { deriveKey } from '../../lib/crypto.ts'
import { verifyJwt } from '../../lib/jwt.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { privatePrices } from '../pricing/prices.ts'
import { listRoles } from '../users/queries.ts'
import { loadPriceBook, pricesFor } from './generate.ts'
import { type BillWithUser, findBill, toBill, toBillDetail } from './queries.ts'

// What the bill calls do beyond a query: who may see which bill, the download links, paid state,
// VAT requests and the dashboard estimate.

export const notFoundBill = () => notFound('billing.notFound')

/**
 * A bill the caller may see: their own, or another user's with a role that may act for others here
 * (the admin's key-and-bill and billing pages, docs/requirements.md §2.4). Someone else's is "not found" to a customer.
 */
export async function billFor(db: Db, actFor: ActFor, id: string) {
  const row = await findBill(db, id)
  if (!row) throw notFoundBill()
  actFor(row.bill.userId, notFoundBill)
  return row
}

// ── Download links ──────────────────────────────────────────────────────────────────────────────────

const ISSUER = 'maps-portal'
const AUDIENCE = 'maps-portal-bill-file'
const DOWNLOAD_TOKEN_MS = 5 * 60_000

const keys = new WeakMap<Ctx, Uint8Array>()
/** A key of its own (not the session key), so no session token can pass for a download token or back. */
function downloadKey(ctx: Ctx): Uint8Array {
  let key = keys.get(ctx)
  if (!key) {
    key = new Uint8Array(deriveKey(ctx.config.secret, 'bill-download-hs256'))
    keys.set(ctx, key)
  }
  return key
}

/** A 5-minute token naming one bill and the user it was issued to, for links that cannot send a header. */
export async function issueDownloadToken(ctx: Ctx, actor: AuthUser, actFor: ActFor, billId: string) {
  const row = await billFor(ctx.db, actFor, billId)
  const now = ctx.clock.now()
  const expiresAt = new Date(now.getTime() + DOWNLOAD_TOKEN_MS)
  const token = await new SignJWT({ bid: row.bill.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(actor.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(downloadKey(ctx))
  return { token, expires_at: expiresAt.toISOString() }
}

async function verifyDownloadToken(ctx: Ctx, token: string): Promise<{ userId: string; billId: string } | null> {
  try {
    const { payload } = await verifyJwt(token, downloadKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.clock.now(),
      typ: 'JWT',
      kid: 'absent',
    })
    if (typeof payload.sub !== 'string' || typeof payload.bid !== 'string') return null
    return { userId: payload.sub, billId: payload.bid }
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}

const downloadRefused = () => new AppError(ErrorCode.TokenExpired, 401, 'billing.tokenInvalid')

/**
 * The bill behind a file link: the caller's session (`signedIn`, asked only once the bill is found) or
 * a download token of THIS bill (`?token`), whose user must still be allowed to see it. An unknown bill
 * is 404 for every caller, so the answer reveals nothing about who asks.
 */
export async function billForFile(
  ctx: Ctx,
  endpoint: EndpointSpec,
  id: string,
  token: string | undefined,
  signedIn: () => Promise<AuthUser | null>,
): Promise<BillWithUser> {
  const row = await findBill(ctx.db, id)
  if (!row) throw notFoundBill()
  if (token !== undefined) {
    const claims = await verifyDownloadToken(ctx, token)
    if (!claims || claims.billId !== row.bill.id) throw downloadRefused()
    const [holder] = await ctx.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(eq(users.id, claims.userId))
      .limit(1)
    if (!holder) throw downloadRefused()
    const roles = await listRoles(ctx.db, holder.id)
    // The token's holder must still be allowed this bill now (a role changed since is honoured).
    if (!mayActFor({ id: holder.id, roles }, endpoint, row.bill.userId)) throw downloadRefused()
    return row
  }
  const actor = await signedIn()
  if (!actor) throw downloadRefused()
  assertActFor(actor, endpoint, row.bill.userId, notFoundBill)
  return row
}

// ── Paid state ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Sets a bill paid or back to unpaid. The update is conditional on the current state, so of two
 * simultaneous calls one writes (and is audited) and the other finds nothing left to change.
 */
export async function setPaid(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string, paid: boolean) {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(bills)
      .set(paid ? { paidAt: now, paidBy: actor.id } : { paidAt: null, paidBy: null })
      .where(and(eq(bills.id, id), paid ? isNull(bills.paidAt) : isNotNull(bills.paidAt)))
      .returning({ id: bills.id })
    const row = await findBill(tx, id)
    if (!row) throw notFoundBill()
    if (changed) {
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: paid ? 'billing.setPaid' : 'billing.setUnpaid',
          targetType: 'bill',
          targetId: id,
          before: { code: row.bill.code, user_id: row.bill.userId, paid: !paid },
          after: {
            code: row.bill.code,
            user_id: row.bill.userId,
            paid,
            paid_at: row.bill.paidAt?.toISOString() ?? null,
          },
        },
        now,
      )
    }
    return toBill(row)
  })
}

// ── VAT invoice requests ────────────────────────────────────────────────────────────────────────────

type VatBody = BodyOf<typeof requestVatEndpoint>

/**
 * The owner asks for a VAT invoice: the details are kept on the bill (a new request replaces the
 * last) and every administrator gets an e-mail, written to the outbox in the same transaction.
 */
export async function requestVat(ctx: Ctx, actFor: ActFor, id: string, body: VatBody): Promise<BillDetail> {
  const now = ctx.clock.now()
  const detail = await ctx.db.transaction(async (tx) => {
    const row = await findBill(tx, id)
    if (!row) throw notFoundBill()
    actFor(row.bill.userId, notFoundBill)
    const vat = { ...body, requested_at: now.toISOString() }
    await tx.update(bills).set({ vat }).where(eq(bills.id, id))
    const admins = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
      .where(eq(users.status, 'active'))
    for (const admin of admins) {
      await ctx.mail.queue(tx, {
        to: admin.email,
        template: 'vatRequested',
        lang: admin.language,
        vars: {
          email: row.email,
          code: row.bill.code,
          total: formatCents(row.bill.totalCents),
          company: body.company_name,
          taxCode: body.tax_code,
          address: body.company_address,
          recipient: body.email,
        },
      })
    }
    return toBillDetail({ ...row, bill: { ...row.bill, vat } })
  })
  ctx.mail.kick()
  return detail
}

// ── The dashboard estimate ──────────────────────────────────────────────────────────────────────────

/**
 * This month's bill so far and at this pace by month end, by the same prices and the same function as
 * the bill that will be generated: month-to-date hits per service from the daily counters.
 */
export async function estimate(db: Db, userId: string, now: Date) {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + 1
  const start = Date.UTC(year, month - 1, 1)
  const end = Date.UTC(year, month, 1)
  const [user] = await db
    .select({ isNew: users.priceBookIsNew, enjoyDiscount: users.enjoyDiscount })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!user) throw notFound('usage.userNotFound')
  const rows = await queryRows<{ service: string; hits: string | number }>(
    db,
    sql`
    select service, sum(hits)::int8 as hits from usage_daily_live
    where user_id = ${userId} and day >= ${new Date(start).toISOString().slice(0, 10)}::date
      and day < ${new Date(end).toISOString().slice(0, 10)}::date and service <> 'UNCLASSIFIED'
    group by service`,
  )
  const hits: Record<string, number> = {}
  for (const row of rows) hits[row.service] = Number(row.hits)
  const [book, own] = await Promise.all([loadPriceBook(db), privatePrices(db, [userId])])
  // The same prices and flags as the generated bill; estimateMonth runs priceBill on them twice.
  const { prices, discountPercent } = pricesFor(book, user, own.get(userId))
  const { soFar, projected } = estimateMonth(
    { hits, prices, discountPercent, freeCreditCents: book.freeCreditCents },
    (now.getTime() - start) / (end - start),
  )
  const projectedBy = new Map(projected.lines.map((line) => [line.service, line.subtotalCents]))
  return {
    year,
    month,
    so_far: formatCents(soFar.totalCents),
    projected: formatCents(projected.totalCents),
    lines: soFar.lines
      .filter((line) => line.hits > 0)
      .map((line) => ({
        service: line.service as ServiceType,
        hits: line.hits,
        so_far: formatCents(line.subtotalCents),
        projected: formatCents(projectedBy.get(line.service) ?? 0n),
      })),
  }
}
