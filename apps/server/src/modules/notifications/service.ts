import type {
  BodyOf,
  createNotification as createNotificationEndpoint,
  Notification,
  NotificationRecipient,
  NotificationStatus,
  NotificationTranslations,
  RecipientFilter,
  RecipientStatus,
} from '@app/contract'
import { ErrorCode, TRANSLATION_LANGS } from '@app/contract'
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { notificationRecipients, notifications } from '../../db/schema/index.ts'
import { conflict, invalidField, notFound } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { loadSanitizeHtml } from '../../lib/heavy.ts'
import { newId } from '../../lib/ids.ts'
import { escapeLike } from '../../lib/like.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'

// E-mail notifications (docs/requirements.md §16.2): staff compose one, its recipients are fixed as rows
// of `notification_recipients` when it is saved (one row per e-mail address: the primary key is what
// keeps one recipient from getting it twice), and the worker in src/jobs/notifications.ts sends them
// from `send_at` on. Only a pending notification can be changed; a pending or sent one can be deleted.

type Body = BodyOf<typeof createNotificationEndpoint>
type Row = typeof notifications.$inferSelect

/**
 * The HTML a notification may carry: text formatting, lists, links, headings, quotes and images by
 * absolute address. No scripts, styles, event handlers, forms or frames; links get rel=noopener.
 */
export async function sanitizeContent(html: string): Promise<string> {
  const sanitizeHtml = await loadSanitizeHtml()
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'strike',
      'a',
      'ul',
      'ol',
      'li',
      'h1',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'code',
      'pre',
      'hr',
      'img',
      'span',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    },
  })
}

/** True when the sanitised HTML has something to read. */
async function hasText(html: string): Promise<boolean> {
  const sanitizeHtml = await loadSanitizeHtml()
  return sanitizeHtml(html, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).trim().length > 0
}

/** SQL that selects the customers a filter names (id, email, language), for INSERT … SELECT and counts. */
function recipientsSql(filter: RecipientFilter): SQL {
  const parts: SQL[] = [sql`exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'customer')`]
  if (!filter.all) {
    if (filter.plan_ids && filter.plan_ids.length > 0) {
      const ids = sql.join(
        filter.plan_ids.map((id) => sql`${id}`),
        sql`, `,
      )
      parts.push(
        sql`(u.user_plan_id in (${ids}) or (u.user_plan_id is null and exists (select 1 from user_plans p where p.is_default and p.id in (${ids}))))`,
      )
    }
    if (filter.status) parts.push(sql`u.status = ${filter.status}`)
    if (filter.signed_up_from) parts.push(sql`u.created_at >= ${`${filter.signed_up_from}T00:00:00.000Z`}::timestamptz`)
    if (filter.signed_up_to) {
      parts.push(sql`u.created_at < (${filter.signed_up_to}::date + 1)::timestamp at time zone 'UTC'`)
    }
    if (filter.inactive_keys) {
      parts.push(
        sql`not exists (select 1 from keys k where k.user_id = u.id and k.deleted_at is null and k.status = 'active')`,
      )
    }
    if (filter.email_contains) parts.push(sql`u.email ilike ${`%${escapeLike(filter.email_contains.toLowerCase())}%`}`)
  }
  return sql`from users u where ${sql.join(parts, sql` and `)}`
}

export async function countRecipients(db: Db, filter: RecipientFilter): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n ${recipientsSql(filter)}`)) as unknown as {
    rows: { n: number }[]
  }
  return result.rows[0]?.n ?? 0
}

/** (Re)fills a pending notification's recipient rows from its filter; returns how many there are. */
async function fillRecipients(db: Db, id: string, filter: RecipientFilter, sendAt: Date): Promise<number> {
  await db.delete(notificationRecipients).where(eq(notificationRecipients.notificationId, id))
  await db.execute(
    sql`insert into notification_recipients (notification_id, email, user_id, language, next_attempt_at)
        select ${id}, u.email, u.id, u.language, ${sendAt.toISOString()}::timestamptz ${recipientsSql(filter)}
        on conflict do nothing`,
  )
  const [row] = await db
    .select({ n: count() })
    .from(notificationRecipients)
    .where(eq(notificationRecipients.notificationId, id))
  return row?.n ?? 0
}

async function progressOf(db: Db, ids: string[]) {
  const result = new Map<string, { success: number; failed: number }>()
  if (ids.length === 0) return result
  const rows = await db
    .select({
      id: notificationRecipients.notificationId,
      success: sql<number>`count(*) filter (where ${notificationRecipients.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${notificationRecipients.status} = 'failed')::int`,
    })
    .from(notificationRecipients)
    .where(inArray(notificationRecipients.notificationId, ids))
    .groupBy(notificationRecipients.notificationId)
  for (const row of rows) result.set(row.id, { success: row.success, failed: row.failed })
  return result
}

function toNotification(row: Row, progress: { success: number; failed: number } | undefined): Notification {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    content: row.contentHtml,
    translations: row.translations,
    recipients: row.recipients as RecipientFilter,
    status: row.status,
    send_at: row.sendAt.toISOString(),
    total: row.total,
    success: progress?.success ?? 0,
    failed: progress?.failed ?? 0,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
  }
}

export async function getNotification(db: Db, id: string): Promise<Notification> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1)
  if (!row) throw notFound('notifications.notFound')
  return toNotification(row, (await progressOf(db, [id])).get(id))
}

export async function listNotifications(
  db: Db,
  filter: { keyword?: string | undefined; status?: NotificationStatus | undefined },
  page: { limit: number; offset: number },
) {
  const text = filter.keyword?.trim()
  const where = and(
    text
      ? or(ilike(notifications.name, `%${escapeLike(text)}%`), ilike(notifications.subject, `%${escapeLike(text)}%`))
      : undefined,
    filter.status ? eq(notifications.status, filter.status) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(where),
  ])
  const progress = await progressOf(
    db,
    rows.map((r) => r.id),
  )
  return { items: rows.map((r) => toNotification(r, progress.get(r.id))), total: total?.value ?? 0 }
}

/** The HTML as it will be sent; an e-mail with nothing to read is refused on its field. */
async function readable(html: string, field: string): Promise<string> {
  const content = await sanitizeContent(html)
  if (!(await hasText(content))) throw invalidField(field, 'notifications.contentRequired')
  return content
}

async function prepare(body: Body, now: Date) {
  const content = await readable(body.content, 'content')
  const translations: NotificationTranslations = {}
  for (const lang of TRANSLATION_LANGS) {
    const version = body.translations?.[lang]
    if (version)
      translations[lang] = {
        subject: version.subject.trim(),
        content: await readable(version.content, `translations.${lang}.content`),
      }
  }
  const sendAt = body.send_at ? new Date(body.send_at) : now
  return { content, translations, sendAt: sendAt < now ? now : sendAt }
}

/** What the audit log keeps of a notification: its name, subjects, recipient filter and time. */
const audited = (
  n: { name: string; subject: string; recipients: unknown },
  translations: NotificationTranslations,
  sendAt: Date,
) => ({ name: n.name, ...subjects(n.subject, translations), recipients: n.recipients, send_at: sendAt })

/** What the audit log keeps of a notification's words: the subjects in every language. */
const subjects = (subject: string, translations: NotificationTranslations) => ({
  subject,
  ...(translations.my ? { subject_my: translations.my.subject } : {}),
  ...(translations.vi ? { subject_vi: translations.vi.subject } : {}),
})

export async function createNotification(ctx: Ctx, meta: RequestMeta, actor: AuthUser, body: Body) {
  const now = ctx.clock.now()
  const { content, translations, sendAt } = await prepare(body, now)
  const created = await ctx.db.transaction(async (tx) => {
    const id = newId('ntf', now.getTime())
    await tx.insert(notifications).values({
      id,
      name: body.name,
      subject: body.subject,
      contentHtml: content,
      translations,
      recipients: body.recipients,
      sendAt,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    const total = await fillRecipients(tx, id, body.recipients, sendAt)
    if (total === 0) throw invalidField('recipients', 'notifications.noRecipients')
    await tx.update(notifications).set({ total }).where(eq(notifications.id, id))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'notifications.create',
        targetType: 'notification',
        targetId: id,
        after: { ...audited(body, translations, sendAt), total },
      },
      now,
    )
    return getNotification(tx, id)
  })
  ctx.jobs.trigger('notifications-send')
  return created
}

async function lock(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).for('update')
  if (!row) throw notFound('notifications.notFound')
  if (row.status === 'deleted') throw conflict(ErrorCode.NotificationNotPending, 'notifications.isDeleted')
  return row
}

async function lockPending(db: Db, id: string): Promise<Row> {
  const row = await lock(db, id)
  if (row.status === 'sent') throw conflict(ErrorCode.NotificationNotPending, 'notifications.alreadySent')
  if (row.status !== 'pending') throw conflict(ErrorCode.NotificationNotPending, 'notifications.notPending')
  return row
}

export async function updateNotification(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string, body: Body) {
  const now = ctx.clock.now()
  const { content, translations, sendAt } = await prepare(body, now)
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await lockPending(tx, id)
    const total = await fillRecipients(tx, id, body.recipients, sendAt)
    if (total === 0) throw invalidField('recipients', 'notifications.noRecipients')
    await tx
      .update(notifications)
      .set({
        name: body.name,
        subject: body.subject,
        contentHtml: content,
        translations,
        recipients: body.recipients,
        sendAt,
        total,
        updatedAt: now,
      })
      .where(eq(notifications.id, id))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'notifications.update',
        targetType: 'notification',
        targetId: id,
        before: audited(before, before.translations, before.sendAt),
        after: { ...audited(body, translations, sendAt), total },
      },
      now,
    )
    return getNotification(tx, id)
  })
  ctx.jobs.trigger('notifications-send')
  return updated
}

/**
 * Deletes a notification. A pending one is removed with its recipients: nothing went out. A sent one
 * stays, with its counts and recipients, as deleted (docs/requirements.md §16.2): what customers were
 * sent remains on record. One being sent cannot be deleted until sending ends.
 */
export async function deleteNotification(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string) {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const before = await lock(tx, id)
    if (before.status === 'sending') {
      throw conflict(ErrorCode.NotificationNotPending, 'notifications.sendingNotDeletable')
    }
    if (before.status === 'pending') await tx.delete(notifications).where(eq(notifications.id, id))
    else {
      await tx
        .update(notifications)
        .set({ status: 'deleted', deletedAt: now, deletedBy: actor.id, updatedAt: now })
        .where(eq(notifications.id, id))
    }
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'notifications.delete',
        targetType: 'notification',
        targetId: id,
        before: {
          name: before.name,
          subject: before.subject,
          status: before.status,
          total: before.total,
          send_at: before.sendAt,
        },
        ...(before.status === 'sent' ? { after: { status: 'deleted' } } : {}),
      },
      now,
    )
  })
}

export async function listRecipients(
  db: Db,
  id: string,
  status: RecipientStatus | undefined,
  page: { limit: number; offset: number },
): Promise<{ items: NotificationRecipient[]; total: number }> {
  await getNotification(db, id)
  const where = and(
    eq(notificationRecipients.notificationId, id),
    status ? eq(notificationRecipients.status, status) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notificationRecipients)
      .where(where)
      .orderBy(notificationRecipients.email)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notificationRecipients).where(where),
  ])
  return {
    items: rows.map((r) => ({
      user_id: r.userId,
      email: r.email,
      status: r.status,
      attempts: r.attempts,
      error: r.lastError,
      sent_at: r.sentAt?.toISOString() ?? null,
    })),
    total: total?.value ?? 0,
  }
}
