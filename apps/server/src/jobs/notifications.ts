import { randomBytes } from 'node:crypto'
import { inLanguage, isLang } from '@app/contract'
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.ts'
import { emailOutbox, notificationRecipients, notifications } from '../db/schema/index.ts'
import type { Clock } from '../lib/clock.ts'
import { loadSanitizeHtml } from '../lib/heavy.ts'
import { newId } from '../lib/ids.ts'
import { smtpTransport } from '../mail/smtp.ts'

// Sends e-mail notifications (docs/notifications.md). The `notifications-send` job (docs/jobs.md) runs
// it, on whichever instance takes the run; instances share the work through `notification_recipients`,
// one row per recipient:
//
//   pending ──claim (FOR UPDATE SKIP LOCKED, one transaction)──▶ sending ──SMTP──▶ sent | failed
//                                                                       └─transient──▶ pending (later)
//
// A row is claimed by one instance only (SKIP LOCKED plus the status change, committed before sending),
// and it is marked `sent` only by the instance that holds it. A stopping instance finishes the sends it
// started, so a restart neither repeats nor loses one. An instance that dies between SMTP's answer and
// the mark leaves a `sending` row whose lease runs out: it is recorded `failed` ("interrupted") rather
// than sent again, because a second e-mail is the one thing this table promises never to send.
// Without SMTP_URL each e-mail is written to the built-in outbox (`stored`) in the transaction that
// marks the recipient sent, so there it is exactly once by construction.
//
// The job queue decides when a round runs; these rows decide who gets an e-mail, and keep "once" true
// whatever the queue does (a run retried after a crash finds the recipients already settled).

export interface NotificationWorker {
  /** One round: start what is due, send one claimed batch, close what is finished. Returns e-mails handled. */
  runOnce(): Promise<number>
  /** Closes the SMTP connection once the rounds in hand are done. */
  close(): Promise<void>
}

export interface NotificationWorkerOptions {
  db: Db
  clock: Clock
  log: FastifyBaseLogger
  smtpUrl: string | null
  from: string
  /** E-mails per second for this instance. */
  ratePerSecond: number
  /** How long a claimed row stays this instance's (default 2 min). */
  leaseMs?: number
  /** A name for this instance in `claimed_by` (default: random). */
  instance?: string
  /** Rows claimed per round (default: two seconds' worth at the rate, at most 50). */
  batchSize?: number
}

const MAX_ATTEMPTS = 5
const BACKOFF_MS = [10_000, 60_000, 5 * 60_000, 15 * 60_000]
const BATCH_MAX = 50

/** SMTP answers and socket errors after which a later attempt may work. */
export function isTransient(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string }
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS', 'EPIPE'].includes(e.code ?? '')
}

async function textOf(html: string): Promise<string> {
  const sanitizeHtml = await loadSanitizeHtml()
  const withBreaks = html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n').replace(/<br\s*\/?>/gi, '\n')
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function htmlDocument(subject: string, content: string, lang: string): string {
  const title = subject.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f1f1f">${content}</body></html>`
}

type Claimed = { notificationId: string; email: string; userId: string | null; language: string; attempts: number }

export function createNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { db, clock, log, from } = options
  const transport = options.smtpUrl ? smtpTransport(options.smtpUrl) : null
  const instance = options.instance ?? `w_${randomBytes(6).toString('hex')}`
  const leaseMs = options.leaseMs ?? 2 * 60_000
  const interval = 1000 / options.ratePerSecond
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
  const batchSize = options.batchSize ?? Math.max(1, Math.min(BATCH_MAX, Math.ceil(options.ratePerSecond * 2)))
  let running: Promise<number> | undefined
  let nextSendAt = 0

  /** Pending notifications whose time has come start sending; lapsed leases are recorded as interrupted. */
  async function housekeeping(now: Date) {
    await db
      .update(notifications)
      .set({ status: 'sending', startedAt: now, updatedAt: now })
      .where(and(eq(notifications.status, 'pending'), lte(notifications.sendAt, now)))
    await db
      .update(notificationRecipients)
      .set({
        status: 'failed',
        lastError: 'interrupted while sending; not sent again so that no one gets it twice',
        claimedBy: null,
        claimedUntil: null,
      })
      .where(and(eq(notificationRecipients.status, 'sending'), lte(notificationRecipients.claimedUntil, now)))
  }

  async function claim(now: Date): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const due = (await tx.execute(sql`
        select r.notification_id as "notificationId", r.email, r.user_id as "userId", r.language, r.attempts
        from notification_recipients r
        join notifications n on n.id = r.notification_id
        where r.status = 'pending' and r.next_attempt_at <= ${now.toISOString()}::timestamptz and n.status = 'sending'
        order by r.next_attempt_at, r.notification_id, r.email
        limit ${batchSize}
        for update of r skip locked`)) as unknown as { rows: Claimed[] }
      const rows = due.rows
      if (rows.length === 0) return []
      const until = new Date(now.getTime() + leaseMs)
      const groups = new Map<string, Claimed[]>()
      for (const r of rows) groups.set(r.notificationId, [...(groups.get(r.notificationId) ?? []), r])
      for (const [notificationId, group] of groups) {
        await tx
          .update(notificationRecipients)
          .set({
            status: 'sending',
            claimedBy: instance,
            claimedUntil: until,
            attempts: sql`${notificationRecipients.attempts} + 1`,
          })
          .where(
            and(
              eq(notificationRecipients.notificationId, notificationId),
              inArray(
                notificationRecipients.email,
                group.map((g) => g.email),
              ),
            ),
          )
      }
      return rows.map((r) => ({ ...r, attempts: r.attempts + 1 }))
    })
  }

  /** Only the holder of the claim may settle the row. */
  const held = (r: Claimed) =>
    and(
      eq(notificationRecipients.notificationId, r.notificationId),
      eq(notificationRecipients.email, r.email),
      eq(notificationRecipients.status, 'sending'),
      eq(notificationRecipients.claimedBy, instance),
    )

  async function markSent(r: Claimed, message: { subject: string; html: string; text: string }) {
    const now = clock.now()
    await db.transaction(async (tx) => {
      const settled = await tx
        .update(notificationRecipients)
        .set({ status: 'sent', sentAt: now, lastError: null, claimedBy: null, claimedUntil: null })
        .where(held(r))
        .returning({ email: notificationRecipients.email })
      if (settled.length === 0) return
      // The record of what went out, on the back office's outbox page like every other e-mail.
      await tx.insert(emailOutbox).values({
        id: newId('eml', now.getTime()),
        userId: r.userId,
        toAddress: r.email,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        template: 'notification',
        status: transport ? 'sent' : 'stored',
        attempts: r.attempts,
        createdAt: now,
        nextAttemptAt: now,
        sentAt: transport ? now : null,
      })
    })
  }

  async function markFailed(r: Claimed, error: unknown) {
    const now = clock.now()
    const retry = isTransient(error) && r.attempts < MAX_ATTEMPTS
    const delay = BACKOFF_MS[Math.min(r.attempts - 1, BACKOFF_MS.length - 1)] ?? 60_000
    await db
      .update(notificationRecipients)
      .set({
        status: retry ? 'pending' : 'failed',
        lastError: String((error as Error).message ?? error).slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + delay),
        claimedBy: null,
        claimedUntil: null,
      })
      .where(held(r))
  }

  async function finish(now: Date) {
    await db.execute(sql`
      update notifications n set status = 'sent', finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where n.status = 'sending' and not exists (
        select 1 from notification_recipients r where r.notification_id = n.id and r.status in ('pending', 'sending'))`)
  }

  async function throttle() {
    const wait = nextSendAt - Date.now()
    if (wait > 0) await sleep(wait)
    nextSendAt = Math.max(nextSendAt, Date.now()) + interval
  }

  async function runOnce(): Promise<number> {
    const now = clock.now()
    await housekeeping(now)
    const claimed = await claim(now)
    // Each recipient gets the e-mail in their language where staff wrote one, else the English one.
    const contents = new Map<string, { subject: string; html: string; text: string } | null>()
    const versionOf = (r: Claimed) => `${r.notificationId} ${r.language}`
    for (const r of claimed) {
      if (!contents.has(versionOf(r))) {
        const [n] = await db
          .select({
            subject: notifications.subject,
            html: notifications.contentHtml,
            translations: notifications.translations,
          })
          .from(notifications)
          .where(eq(notifications.id, r.notificationId))
        if (!n) {
          contents.set(versionOf(r), null)
          continue
        }
        const lang = isLang(r.language) ? r.language : 'en'
        const read = inLanguage({ subject: n.subject, content: n.html }, n.translations, lang)
        const { subject, content } = read.words
        contents.set(versionOf(r), {
          subject,
          html: htmlDocument(subject, content, read.lang),
          text: await textOf(content),
        })
      }
    }
    let handled = 0
    // Once claimed, a batch is finished even when stop() is called: the claim is this instance's promise.
    for (const r of claimed) {
      const message = contents.get(versionOf(r))
      if (!message) continue
      try {
        if (transport) {
          await throttle()
          await transport.sendMail({
            from,
            to: r.email,
            subject: message.subject,
            html: message.html,
            text: message.text,
            messageId: `<${r.notificationId}.${Buffer.from(r.email).toString('hex').slice(0, 40)}@maps-portal>`,
          })
        }
        await markSent(r, message)
      } catch (error) {
        log.warn({ err: error, notification: r.notificationId, attempts: r.attempts }, 'notification e-mail failed')
        await markFailed(r, error).catch((e) => log.error({ err: e }, 'could not record a notification failure'))
      }
      handled++
    }
    await finish(clock.now())
    return handled
  }

  function run(): Promise<number> {
    running ??= runOnce().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    runOnce: run,
    async close() {
      await running
      transport?.close()
    },
  }
}
