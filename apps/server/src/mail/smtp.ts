import type { SendMailOptions, Transporter } from 'nodemailer'

/** What the mailer and the notification sender need of an SMTP connection. */
export interface SmtpTransport {
  sendMail(message: SendMailOptions): Promise<unknown>
  close(): void
}

/**
 * An SMTP transport for `url` that loads nodemailer on the first message: a portal that keeps its
 * mail in the built-in outbox (no SMTP_URL) never loads it, and one that sends does not pay for it
 * until it does (bench/README.md "Idle memory and the statistics queries").
 */
export function smtpTransport(url: string): SmtpTransport {
  let transporter: Promise<Transporter> | undefined
  const open = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url))
    return transporter
  }
  return {
    async sendMail(message) {
      return (await open()).sendMail(message)
    },
    close() {
      void transporter?.then((t) => t.close())
    },
  }
}
