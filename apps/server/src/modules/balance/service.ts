import {
  type addBalance as addBalanceEndpoint,
  type BalanceLog,
  type BodyOf,
  type balanceSummary,
  ErrorCode,
  formatCents,
  isStaff,
  type Lang,
  type Page,
  parseMoney,
  type ResponseOf,
} from '@app/contract'
import { and, eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type Db, PG_UNIQUE_VIOLATION, pgCode, pgConstraint } from '../../db/client.ts'
import { balanceLogs, bills, users } from '../../db/schema/index.ts'
import { conflict, notFound } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { estimate } from '../billing/service.ts'
import { freeFirstRegisterCents } from '../pricing/prices.ts'
import { type Answer, idempotent } from './idempotency.ts'
import { credit, debit, described, ledgerOptions, toBalanceLog } from './ledger.ts'
import { findLog, type LogFilterType, listLogs } from './queries.ts'

// The balance calls (docs/balance.md): paying a bill from the balance, an administrator's credit, the
// balance log, the balance summary with its low-balance alert, and the welcome credit on verification.
// Every movement goes through the ledger (`credit`/`debit`) inside the transaction of its cause.

type BalanceSummary = ResponseOf<typeof balanceSummary>

const DAY_MS = 86_400_000

const userNotFound = () => notFound('balance.userNotFound')

/**
 * Whose balance a call is about: the user named, else the caller. The guard has already refused
 * naming another user to a role that may not (admins only: packages/contract/src/access.ts).
 */
function ownerFor(actor: AuthUser, requested: string | undefined): string {
  return requested ?? actor.id
}

async function balanceOf(db: Db, userId: string) {
  const [row] = await db
    .select({ balanceCents: users.balanceCents, alertCents: users.balanceAlertCents })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) throw userNotFound()
  return row
}

// ── Paying a bill ───────────────────────────────────────────────────────────────────────────────────

export interface PaidBill {
  bill_id: string
  paid_at: string
  balance: string
}

/**
 * Pays one of the caller's own bills from their balance, once. In one transaction: the bill row is
 * locked (so of simultaneous payments one pays and the others find it paid: 409), the bill's total is
 * debited (422 ErrorCode.InsufficientBalance when short; nothing changes), the bill is marked paid by the payer,
 * and with an `Idempotency-Key` the answer is stored for replays. The ledger's unique (type, reference)
 * index is the last guard: a bill is paid from the balance at most once, even if set back to unpaid.
 */
export async function payBill(ctx: Ctx, actor: AuthUser, billId: string, key: string | undefined) {
  const run = async (tx: Db): Promise<Answer<PaidBill>> => {
    const [bill] = await tx.select().from(bills).where(eq(bills.id, billId)).limit(1).for('update')
    if (!bill || bill.userId !== actor.id) throw notFound('billing.notFound')
    // A bill of 0 is paid the moment it exists (docs/billing.md): nothing to pay.
    if (bill.paidAt !== null || bill.totalCents === 0n)
      throw conflict(ErrorCode.BillAlreadyPaid, 'balance.billAlreadyPaid')
    const now = ctx.clock.now()
    const { balanceCents } = await debit(
      tx,
      { userId: actor.id, amountCents: bill.totalCents, type: 'bill_payment', reference: bill.id, createdBy: actor.id },
      ledgerOptions(ctx),
    )
    await tx.update(bills).set({ paidAt: now, paidBy: actor.id }).where(eq(bills.id, bill.id))
    return {
      data: { bill_id: bill.id, paid_at: now.toISOString(), balance: formatCents(balanceCents) },
      messageKey: 'balance.billPaid',
    }
  }
  try {
    const answer = await idempotent(
      ctx.db,
      { userId: actor.id, key, request: `PUT /v1/bills/pay/${billId}`, body: undefined },
      run,
    )
    if (!answer.replayed) {
      ctx.gateway.cache.evictUser(actor.id)
      ctx.mail.kick()
    }
    return answer
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'balance_logs_once_key') {
      throw conflict(ErrorCode.BillAlreadyPaid, 'balance.billAlreadyPaid')
    }
    throw error
  }
}

// ── An administrator's credit ───────────────────────────────────────────────────────────────────────

export async function addBalance(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  userId: string,
  body: BodyOf<typeof addBalanceEndpoint>,
): Promise<{ user_id: string; balance: string; log: BalanceLog }> {
  const now = ctx.clock.now()
  const result = await ctx.db.transaction(async (tx) => {
    const moved = await credit(
      tx,
      { userId, amountCents: body.amount, type: 'admin_add', description: body.description, createdBy: actor.id },
      { now, mail: ctx.mail },
    )
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'balance.add',
        targetType: 'user',
        targetId: userId,
        before: { balance: formatCents(moved.balanceCents - body.amount) },
        after: {
          balance: formatCents(moved.balanceCents),
          amount: formatCents(body.amount),
          description: body.description,
          log_id: moved.logId,
        },
      },
      now,
    )
    const log = await findLog(tx, moved.logId)
    if (!log) throw new Error('the balance log row just written is missing')
    return { user_id: userId, balance: formatCents(moved.balanceCents), log: toBalanceLog(log, true, meta.lang) }
  })
  ctx.gateway.cache.evictUser(userId)
  return result
}

// ── The log ─────────────────────────────────────────────────────────────────────────────────────────

export interface LogQuery {
  page: number
  page_size?: number | undefined
  size?: number | undefined
  filter_type: LogFilterType
  sort_by: 'created_at' | 'amount'
  order_by: 'asc' | 'desc'
}

export async function userLogs(
  ctx: Ctx,
  lang: Lang,
  actor: AuthUser,
  userId: string,
  paging: { page: number; pageSize: number; offset: number },
  query: LogQuery,
): Promise<Page<BalanceLog> & { balance: string }> {
  const owner = ownerFor(actor, userId)
  const { balanceCents } = await balanceOf(ctx.db, owner)
  const { rows, total } = await listLogs(
    ctx.db,
    { userId: owner, filterType: query.filter_type, sortBy: query.sort_by, orderBy: query.order_by },
    { limit: paging.pageSize, offset: paging.offset },
  )
  const people = isStaff(actor.roles)
  return {
    items: rows.map((row) => toBalanceLog(row, people, lang)),
    total,
    page: paging.page,
    page_size: paging.pageSize,
    balance: formatCents(balanceCents),
  }
}

export async function allLogs(
  ctx: Ctx,
  lang: Lang,
  paging: { page: number; pageSize: number; offset: number },
  query: LogQuery & { user_keyword?: string | undefined },
): Promise<Page<BalanceLog>> {
  const { rows, total } = await listLogs(
    ctx.db,
    {
      ...(query.user_keyword ? { userKeyword: query.user_keyword } : {}),
      filterType: query.filter_type,
      sortBy: query.sort_by,
      orderBy: query.order_by,
    },
    { limit: paging.pageSize, offset: paging.offset },
  )
  return {
    items: rows.map((row) => toBalanceLog(row, true, lang)),
    total,
    page: paging.page,
    page_size: paging.pageSize,
  }
}

// ── Summary and alert ───────────────────────────────────────────────────────────────────────────────

/**
 * The balance, this month's spend so far (the dashboard's bill estimate, same prices and function as
 * the bill), and how many whole days the balance lasts at that pace: balance ÷ (spend ÷ days elapsed).
 */
export async function summary(ctx: Ctx, actor: AuthUser, requested: string | undefined): Promise<BalanceSummary> {
  const owner = ownerFor(actor, requested)
  const now = ctx.clock.now()
  const { balanceCents, alertCents } = await balanceOf(ctx.db, owner)
  const estimated = await estimate(ctx.db, owner, now)
  const spendCents = parseMoney(estimated.so_far) ?? 0n
  const elapsedMs = BigInt(now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  // A balance below 0 (owed after a refund, docs/balance.md) has no days left, not negative ones.
  const left = balanceCents > 0n ? balanceCents : 0n
  const runway = spendCents > 0n ? (left * elapsedMs) / (spendCents * BigInt(DAY_MS)) : null
  return {
    balance: formatCents(balanceCents),
    month_spend: formatCents(spendCents),
    runway_days: runway === null ? null : Number(runway),
    alert_threshold: alertCents === null ? null : formatCents(alertCents),
  }
}

/** Sets (or clears) the caller's threshold; a new threshold re-arms the e-mail. */
export async function setAlert(ctx: Ctx, actor: AuthUser, threshold: bigint | null): Promise<BalanceSummary> {
  await ctx.db
    .update(users)
    .set({ balanceAlertCents: threshold, balanceAlertSentAt: null, updatedAt: ctx.clock.now() })
    .where(eq(users.id, actor.id))
  return summary(ctx, actor, undefined)
}

// ── The welcome credit ──────────────────────────────────────────────────────────────────────────────

/**
 * Credits the first-registration credit (settings-free/first-register) when an account is verified,
 * inside the verification's transaction: once per user. The user's row is locked before looking, so a
 * second verification running at the same moment waits and then finds the credit given; the partial
 * unique index on (user_id) where type = 'first_register' stands behind it. Returns the amount credited.
 */
export async function grantFirstRegisterCredit(ctx: Ctx, tx: Db, userId: string): Promise<bigint> {
  const amount = await freeFirstRegisterCents(tx)
  if (amount <= 0n) return 0n
  const [user] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for('update')
  if (!user) return 0n
  const [given] = await tx
    .select({ id: balanceLogs.id })
    .from(balanceLogs)
    .where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.type, 'first_register')))
    .limit(1)
  if (given) return 0n
  await credit(
    tx,
    {
      userId,
      amountCents: amount,
      type: 'first_register',
      ...described(user.language, 'balance.firstRegister'),
    },
    ledgerOptions(ctx),
  )
  return amount
}
