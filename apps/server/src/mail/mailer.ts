import type { Lang } from '@app/contract'
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.ts'
import { emailOutbox } from '../db/schema/index.ts'
import type { Clock } from '../lib/clock.ts'
import { newId } from '../lib/ids.ts'
import { openReplacements, type Replacement, redactLink, restore, SECRETS_GONE, sealReplacements } from './secrets.ts'
import { smtpTransport } from './smtp.ts'
import { escapeHtml, render, type TemplateName } from './templates.ts'

interface MailRequest {
  to: string
  userId?: string | null
  template: TemplateName
  lang: Lang
  vars: Record<string, string | number>
  /**
   * The button's target, if the template has one. Its query values are secrets (a one-time token):
   * the stored copy shows them redacted (mail/secrets.ts, docs/security.md "Secrets in the outbox").
   */
  link?: string
}

export interface Mailer {
  /** Writes the message to the outbox, inside the caller's transaction. */
  queue(db: Db, message: MailRequest): Promise<string>
  /** Asks for the `mail-dispatch` job to send what is due soon (call after the transaction commits). */
  kick(): void
  /** Sends what is due now; returns how many were sent. The `mail-dispatch` job calls it. */
  dispatch(signal?: AbortSignal): Promise<number>
  /** Closes the SMTP connection once a dispatch in hand is done. */
  close(): Promise<void>
  /** True when messages go to an SMTP server; false when they stay in the built-in outbox. */
  readonly delivers: boolean
}

const BATCH = 20
/** While a message is being sent its next attempt is pushed out, so no other instance picks it up. */
const LEASE_MS = 2 * 60_000
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000]
const MAX_ATTEMPTS = BACKOFF_MS.length + 1

/**
 * The transactional outbox: messages are rows written with the change that causes them, and a
 * dispatcher delivers them over SMTP with retries. Without SMTP_URL they are kept as `stored`,
 * readable on the back office's outbox page, so sign-up works on a fresh machine.
 */
export function createMailer(options: {
  db: Db
  clock: Clock
  log: FastifyBaseLogger
  smtpUrl: string | null
  from: string
  /** Seals the one-time secrets of stored messages (`outboxSecretKey(APP_SECRET)`). */
  secretKey: Buffer
  /** Outside production the outbox page shows one-time links, so the sealed copy is kept for it. */
  revealSecrets: boolean
  /** Asks for a dispatch soon (the job runner's trigger); nothing without it. */
  kick?: () => void
}): Mailer {
  const { db, clock, log, smtpUrl, from, secretKey, revealSecrets } = options
  const transport = smtpUrl ? smtpTransport(smtpUrl) : null
  let running: Promise<number> | undefined

  async function claimDue(): Promise<(typeof emailOutbox.$inferSelect)[]> {
    const now = clock.now()
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.channel, 'email'), eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)),
        )
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true })
      if (due.length > 0) {
        await tx
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
          .where(
            inArray(
              emailOutbox.id,
              due.map((m) => m.id),
            ),
          )
      }
      return due
    })
  }

  async function sendOne(message: typeof emailOutbox.$inferSelect): Promise<boolean> {
    if (!transport) return false
    const attempts = message.attempts + 1
    let replacements: Replacement[] = []
    if (message.sealedSecrets) {
      try {
        replacements = openReplacements(secretKey, message.id, message.sealedSecrets)
      } catch (error) {
        // Sealed under another APP_SECRET: sending the redacted link would only confuse the recipient.
        log.error({ err: error, messageId: message.id }, 'e-mail secrets do not open; not sent')
        await db
          .update(emailOutbox)
          .set({ status: 'failed', attempts, lastError: 'sealed secrets do not open', sealedSecrets: SECRETS_GONE })
          .where(eq(emailOutbox.id, message.id))
        return false
      }
    } else if (message.sealedSecrets === SECRETS_GONE) {
      // Its one-time link is gone (a retry after APP_SECRET changed): a redacted link helps nobody.
      await db
        .update(emailOutbox)
        .set({ status: 'failed', attempts, lastError: 'one-time secrets are gone' })
        .where(eq(emailOutbox.id, message.id))
      return false
    }
    try {
      await transport.sendMail({
        from,
        to: message.toAddress,
        subject: message.subject,
        text: restore(message.textBody, replacements),
        html: restore(message.htmlBody, replacements),
        messageId: `<${message.id}@maps-portal>`,
      })
      // Delivered: the stored copy keeps no way back to the one-time link (outside production the
      // outbox page may still show it until then).
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          attempts,
          sentAt: clock.now(),
          lastError: null,
          ...(message.sealedSecrets && !revealSecrets ? { sealedSecrets: SECRETS_GONE } : {}),
        })
        .where(eq(emailOutbox.id, message.id))
      return true
    } catch (error) {
      const failed = attempts >= MAX_ATTEMPTS
      const delay = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)] ?? 60_000
      log.warn({ err: error, messageId: message.id, attempts }, 'e-mail delivery failed')
      await db
        .update(emailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          lastError: String((error as Error).message ?? error).slice(0, 500),
          nextAttemptAt: new Date(clock.now().getTime() + delay),
          // Given up: nobody will send it, so nobody needs its secret.
          ...(failed && message.sealedSecrets && !revealSecrets ? { sealedSecrets: SECRETS_GONE } : {}),
        })
        .where(eq(emailOutbox.id, message.id))
      return false
    }
  }

  async function dispatchOnce(signal?: AbortSignal): Promise<number> {
    if (!transport) return 0
    let sent = 0
    for (;;) {
      if (signal?.aborted) return sent
      const due = await claimDue()
      for (const message of due) if (await sendOne(message)) sent++
      if (due.length < BATCH) return sent
    }
  }

  function dispatch(signal?: AbortSignal): Promise<number> {
    running ??= dispatchOnce(signal).finally(() => {
      running = undefined
    })
    return running
  }

  return {
    delivers: transport !== null,
    async queue(tx, message) {
      const id = newId('eml', clock.now().getTime())
      // The stored copy shows the link redacted; the real one is sealed for whoever may open it: the
      // SMTP dispatcher, or outside production the outbox page. With neither, it is not kept at all.
      const shown = message.link ? redactLink(message.link) : undefined
      const rendered = render(message.template, message.lang, message.vars, shown)
      let sealedSecrets: string | null = null
      if (message.link && shown !== message.link) {
        const replacements: Replacement[] = [
          [shown ?? '', message.link],
          [escapeHtml(shown ?? ''), escapeHtml(message.link)],
        ]
        sealedSecrets = transport || revealSecrets ? sealReplacements(secretKey, id, replacements) : SECRETS_GONE
      }
      await tx.insert(emailOutbox).values({
        sealedSecrets,
        id,
        userId: message.userId ?? null,
        toAddress: message.to,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        template: message.template,
        status: transport ? 'pending' : 'stored',
        createdAt: clock.now(),
        nextAttemptAt: clock.now(),
      })
      return id
    },
    kick() {
      if (transport) options.kick?.()
    },
    dispatch,
    async close() {
      await running
      transport?.close()
    },
  }
}
