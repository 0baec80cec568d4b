import { type Bill, ErrorCode, formatCalendar, formatCents, formatMoney, joinName, type Lang } from '@app/contract'
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { bills, users } from '../../db/schema/index.ts'
import { AppError } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { findBill, toBill } from './queries.ts'
import { notFoundBill } from './service.ts'

// The bill by e-mail (docs/billing.md "The bill by e-mail"; issue 21). After the bill run, the
// `bills-notify` job e-mails every new bill with something to pay to its customer, in their language:
// the outbox row and the bill's `emailed_at` are written in one transaction, so a bill is announced
// once whichever instance runs the job and whenever it is killed. An administrator may send it again
// (or for the first time) from the back office, at most once a minute per bill.

type MailCtx = Pick<Ctx, 'db' | 'clock' | 'mail' | 'config'>

/** Bills e-mailed per transaction. */
const BATCH = 200
/** Bills older than this are not announced late (a mail outage, bills made before bills were e-mailed). */
const FRESH_MS = 14 * 24 * 60 * 60_000
/** A bill is not e-mailed twice within this (a double click, two administrators at once). */
const AGAIN_MS = 60_000

interface Recipient {
  billId: string
  code: string
  year: number
  month: number
  totalCents: bigint
  userId: string
  email: string
  firstName: string
  lastName: string
  language: Lang
}

const recipientColumns = {
  billId: bills.id,
  code: bills.code,
  year: bills.year,
  month: bills.month,
  totalCents: bills.totalCents,
  userId: bills.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
}

function queueNotice(ctx: MailCtx, tx: Db, to: Recipient) {
  const lang = to.language
  return ctx.mail.queue(tx, {
    to: to.email,
    userId: to.userId,
    template: 'billIssued',
    lang,
    vars: {
      name: joinName(to.firstName, to.lastName) || to.email,
      code: to.code,
      month: formatCalendar(new Date(Date.UTC(to.year, to.month - 1, 1)), lang, 'monthYear', 'UTC'),
      total: formatMoney(formatCents(to.totalCents), 'USD', lang),
    },
    link: `${ctx.config.publicUrl}/billing/${encodeURIComponent(to.billId)}`,
  })
}

/** E-mails the next batch of new bills not announced yet; how many it sent (0: none left). */
export async function emailNewBills(ctx: MailCtx): Promise<number> {
  const now = ctx.clock.now()
  const sent = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select(recipientColumns)
      .from(bills)
      .innerJoin(users, eq(users.id, bills.userId))
      .where(
        and(isNull(bills.emailedAt), gt(bills.totalCents, 0n), gt(bills.createdAt, new Date(now.getTime() - FRESH_MS))),
      )
      .orderBy(asc(bills.createdAt))
      .limit(BATCH)
      .for('update', { of: bills, skipLocked: true })
    for (const bill of due) await queueNotice(ctx, tx, bill)
    if (due.length > 0) {
      await tx
        .update(bills)
        .set({ emailedAt: now })
        .where(
          inArray(
            bills.id,
            due.map((bill) => bill.billId),
          ),
        )
    }
    return due.length
  })
  if (sent > 0) ctx.mail.kick()
  return sent
}

/** An administrator sends a bill to its customer again (audited); refused within a minute of the last. */
export async function emailBillAgain(ctx: MailCtx, meta: RequestMeta, actor: AuthUser, id: string): Promise<Bill> {
  const now = ctx.clock.now()
  const bill = await ctx.db.transaction(async (tx) => {
    const [to] = await tx
      .select({ ...recipientColumns, emailedAt: bills.emailedAt })
      .from(bills)
      .innerJoin(users, eq(users.id, bills.userId))
      .where(eq(bills.id, id))
      .limit(1)
      .for('update', { of: bills })
    if (!to) throw notFoundBill()
    if (to.emailedAt && now.getTime() - to.emailedAt.getTime() < AGAIN_MS) {
      throw new AppError(ErrorCode.BillEmailedRecently, 429, 'billing.emailedRecently')
    }
    await queueNotice(ctx, tx, to)
    await tx.update(bills).set({ emailedAt: now }).where(eq(bills.id, id))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'billing.email',
        targetType: 'bill',
        targetId: id,
        before: { emailed_at: to.emailedAt?.toISOString() ?? null },
        after: { code: to.code, user_id: to.userId, to: to.email, emailed_at: now.toISOString() },
      },
      now,
    )
    const row = await findBill(tx, id)
    if (!row) throw notFoundBill()
    return toBill(row)
  })
  ctx.mail.kick()
  return bill
}
