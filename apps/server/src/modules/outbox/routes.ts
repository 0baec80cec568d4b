import * as contract from '@app/contract'
import { count, desc, eq, ilike, or } from 'drizzle-orm'
import { emailOutbox } from '../../db/schema/index.ts'
import { notFound } from '../../http/errors.ts'
import { pageParams } from '../../http/paging.ts'
import { routes } from '../../http/routes.ts'
import { escapeLike } from '../../lib/like.ts'
import { outboxSecretKey, shownBodies } from '../../mail/secrets.ts'

type Row = typeof emailOutbox.$inferSelect

function toOutboxMessage(row: Row): contract.OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.toAddress,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }
}

export const outboxRoutes = routes((r) => {
  r.on(contract.listOutbox, async ({ ctx, query }) => {
    const { page, pageSize, offset } = pageParams(query)
    const keyword = query.keyword?.trim()
    const where = keyword
      ? or(
          ilike(emailOutbox.toAddress, `%${escapeLike(keyword)}%`),
          ilike(emailOutbox.subject, `%${escapeLike(keyword)}%`),
        )
      : undefined
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(pageSize)
        .offset(offset),
      ctx.db.select({ value: count() }).from(emailOutbox).where(where),
    ])
    return { items: rows.map(toOutboxMessage), total: total?.value ?? 0, page, page_size: pageSize }
  })

  r.on(contract.getOutboxMessage, async ({ ctx, params }) => {
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, params.id)).limit(1)
    if (!row) throw notFound('outbox.notFound')
    // One-time links and codes stay redacted in production (docs/security.md "Secrets in the outbox").
    const shown = shownBodies(row, outboxSecretKey(ctx.config.secret), ctx.config.revealOutboxSecrets)
    return { ...toOutboxMessage(row), text_body: shown.text, html_body: shown.html, secrets: shown.secrets }
  })
})
