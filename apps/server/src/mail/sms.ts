import type { Db } from '../db/client.ts'
import { emailOutbox } from '../db/schema/index.ts'
import type { Clock } from '../lib/clock.ts'
import { newId } from '../lib/ids.ts'
import { REDACTED, SECRETS_GONE, sealReplacements } from './secrets.ts'

/** Sends a text message. An SMS provider plugs in here; the embedded default keeps it in the outbox. */
export interface SmsSender {
  send(
    db: Db,
    message: {
      to: string
      text: string
      userId: string | null
      template: string
      /** A one-time code in `text`: stored redacted (docs/security.md "Secrets in the outbox"). */
      secret?: string
    },
  ): Promise<void>
}

/**
 * Stores each SMS in the outbox (channel `sms`), where the back office's outbox page shows it. A code
 * in it is stored redacted; outside production it is also sealed for the outbox page to show, so a
 * phone can be verified on a fresh machine. A provider would be handed the real text before storing.
 */
export function outboxSms(clock: Clock, options: { secretKey: Buffer; revealSecrets: boolean }): SmsSender {
  return {
    async send(db, message) {
      const now = clock.now()
      const id = newId('sms', now.getTime())
      const { secret } = message
      const sealedSecrets = secret
        ? options.revealSecrets
          ? sealReplacements(options.secretKey, id, [[REDACTED, secret]])
          : SECRETS_GONE
        : null
      await db.insert(emailOutbox).values({
        id,
        channel: 'sms',
        userId: message.userId,
        toAddress: message.to,
        subject: 'SMS',
        textBody: secret ? message.text.split(secret).join(REDACTED) : message.text,
        htmlBody: '',
        template: message.template,
        status: 'stored',
        createdAt: now,
        nextAttemptAt: now,
        sealedSecrets,
      })
    },
  }
}
