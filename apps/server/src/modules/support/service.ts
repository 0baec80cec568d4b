import {
  type BodyOf,
  type createTicket as createTicketEndpoint,
  ErrorCode,
  getTicket as getTicketEndpoint,
  isStaff,
  type replyTicket as replyTicketEndpoint,
  type Ticket,
} from '@app/contract'
import { and, eq, inArray } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { files, supportTickets, ticketMessages, users } from '../../db/schema/index.ts'
import { mayActFor } from '../../http/access.ts'
import { AppError, invalidField, notFound } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { fileIdFromPath } from '../files/files.ts'
import { findTicket, findTicketRow, ownsReference, type TicketRow } from './queries.ts'

// Support tickets (docs/requirements.md §15.1, docs/support.md): a customer
// opens a ticket with a question and images, both sides reply while it is open, either side closes it,
// staff reopen it. A staff reply e-mails the customer through the outbox, in the same transaction.

const EXCERPT = 500

const ticketNotFound = () => notFound('support.notFound')

/**
 * A customer acts on their own tickets only (someone else's is "not found", never 403); staff on any,
 * from the back office's support page (packages/contract/src/access.ts: one rule for every
 * call about one ticket).
 */
function canSee(user: AuthUser, ticket: TicketRow) {
  return mayActFor(user, getTicketEndpoint, ticket.userId)
}

/** A reply counts as staff's when a staff member answers someone else's ticket. */
function isStaffReply(user: AuthUser, ticket: TicketRow) {
  return ticket.userId !== user.id && isStaff(user.roles)
}

/** Every image must be one this author uploaded for a ticket (`/v1/support/upload-image`). */
export async function checkOwnImages(db: Db, ownerId: string, paths: string[], purpose: 'ticket' | 'faq') {
  const ids = [...new Set(paths.map(fileIdFromPath))]
  if (ids.length === 0) return
  if (ids.some((id) => id === null)) throw invalidField('images', 'support.imageNotYours')
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids as string[]), eq(files.ownerId, ownerId), eq(files.purpose, purpose)))
  if (found.length !== ids.length) throw invalidField('images', 'support.imageNotYours')
}

async function loaded(db: Db, id: string): Promise<Ticket> {
  const ticket = await findTicket(db, id)
  if (!ticket) throw ticketNotFound()
  return ticket
}

export async function getTicket(ctx: Ctx, user: AuthUser, id: string): Promise<Ticket> {
  const row = await findTicketRow(ctx.db, id)
  if (!row || !canSee(user, row)) throw ticketNotFound()
  return loaded(ctx.db, id)
}

export async function createTicket(
  ctx: Ctx,
  user: AuthUser,
  body: BodyOf<typeof createTicketEndpoint>,
): Promise<Ticket> {
  const now = ctx.clock.now()
  const id = newId('tkt', now.getTime())
  await ctx.db.transaction(async (tx) => {
    await checkOwnImages(tx, user.id, body.images, 'ticket')
    if (body.reference && !(await ownsReference(tx, user.id, body.reference))) {
      throw invalidField('reference', 'support.referenceNotYours')
    }
    await tx.insert(supportTickets).values({
      id,
      userId: user.id,
      title: body.title,
      status: 'open',
      referenceType: body.reference?.type ?? null,
      referenceId: body.reference?.id ?? null,
      lastReplyBy: 'customer',
      lastReplyAt: now,
      createdAt: now,
      updatedAt: now,
    })
    await tx.insert(ticketMessages).values({
      id: newId('tkm', now.getTime()),
      ticketId: id,
      authorId: user.id,
      fromStaff: false,
      content: body.content,
      images: [...new Set(body.images)],
      createdAt: now,
    })
  })
  return loaded(ctx.db, id)
}

export async function replyTicket(
  ctx: Ctx,
  meta: RequestMeta,
  user: AuthUser,
  id: string,
  body: BodyOf<typeof replyTicketEndpoint>,
): Promise<Ticket> {
  const now = ctx.clock.now()
  let mailed = false
  await ctx.db.transaction(async (tx) => {
    // The ticket's row is locked, so a reply and a close cannot cross: a reply lands before the close
    // or is refused after it.
    const ticket = await findTicketRow(tx, id, { lock: true })
    if (!ticket || !canSee(user, ticket)) throw ticketNotFound()
    if (ticket.status === 'closed') throw new AppError(ErrorCode.TicketClosed, 422, 'support.ticketClosed')
    await checkOwnImages(tx, user.id, body.images, 'ticket')
    const fromStaff = isStaffReply(user, ticket)
    const messageId = newId('tkm', now.getTime())
    await tx.insert(ticketMessages).values({
      id: messageId,
      ticketId: id,
      authorId: user.id,
      fromStaff,
      content: body.content,
      images: [...new Set(body.images)],
      createdAt: now,
    })
    await tx
      .update(supportTickets)
      .set({ lastReplyBy: fromStaff ? 'staff' : 'customer', lastReplyAt: now, updatedAt: now })
      .where(eq(supportTickets.id, id))
    if (fromStaff) {
      const [customer] = await tx.select().from(users).where(eq(users.id, ticket.userId)).limit(1)
      if (customer) {
        await ctx.mail.queue(tx, {
          to: customer.email,
          userId: customer.id,
          template: 'ticketReplied',
          lang: customer.language,
          vars: {
            name: [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email,
            title: ticket.title,
            reply: body.content.length > EXCERPT ? `${body.content.slice(0, EXCERPT)}…` : body.content,
          },
          link: `${ctx.config.publicUrl}/support/request/${encodeURIComponent(id)}`,
        })
        mailed = true
      }
      await writeAudit(
        tx,
        user,
        meta,
        { action: 'support.reply', targetType: 'ticket', targetId: id, after: { message_id: messageId } },
        now,
      )
    }
  })
  if (mailed) ctx.mail.kick()
  return loaded(ctx.db, id)
}

export async function setTicketStatus(
  ctx: Ctx,
  meta: RequestMeta,
  user: AuthUser,
  id: string,
  status: 'open' | 'closed',
): Promise<Ticket> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const ticket = await findTicketRow(tx, id, { lock: true })
    if (!ticket || !canSee(user, ticket)) throw ticketNotFound()
    if (ticket.status === status) return
    await tx
      .update(supportTickets)
      .set({ status, closedAt: status === 'closed' ? now : null, updatedAt: now })
      .where(eq(supportTickets.id, id))
    if (isStaffReply(user, ticket)) {
      await writeAudit(
        tx,
        user,
        meta,
        {
          action: status === 'closed' ? 'support.close' : 'support.reopen',
          targetType: 'ticket',
          targetId: id,
          before: { status: ticket.status },
          after: { status },
        },
        now,
      )
    }
  })
  return loaded(ctx.db, id)
}
