import type { Db } from '../db/client.ts'
import { emailOutbox } from '../db/schema/index.ts'
import type { Clock } from '../lib/clock.ts'
import { newId } from '../lib/ids.ts'

/** Sends a text message. An SMS provider plugs in here; the embedded default keeps it in the outbox. */
export interface SmsSender {
  send(db: Db, message: { to: string; text: string; userId: string | null; template: string }): Promise<void>
}

/** Stores each SMS in the outbox (channel `sms`), where the back office's outbox page shows it. */
export function outboxSms(clock: Clock): SmsSender {
  return {
    async send(db, message) {
      const now = clock.now()
      await db.insert(emailOutbox).values({
        id: newId('sms', now.getTime()),
        channel: 'sms',
        userId: message.userId,
        toAddress: message.to,
        subject: 'SMS',
        textBody: message.text,
        htmlBody: '',
        template: message.template,
        status: 'stored',
        createdAt: now,
        nextAttemptAt: now,
      })
    },
  }
}
