import { catalogs, type Lang, type MessageKey } from '@app/contract'

// E-mails of two-factor recovery codes and passkeys (docs/auth.md): every change to how an account
// can sign in, and every use of a recovery code, is told to the account, so a stranger's shows.
// templates.ts spreads these in.

const hello: Record<Lang, string> = { en: 'Hello {{name}},', vi: 'Xin chào {{name}},', my: 'မင်္ဂလာပါ {{name}}၊' }

const footer: Record<Lang, string> = {
  en: 'You receive this e-mail because of your account on the Maps Portal. If this was not you, ignore it.',
  vi: 'Bạn nhận được email này vì tài khoản của bạn trên Maps Portal. Nếu không phải bạn, hãy bỏ qua email này.',
  my: 'Maps Portal ရှိ သင့်အကောင့်ကြောင့် ဤ အီးမေးလ်ကို ရရှိခြင်း ဖြစ်ပါသည်။ သင်မဟုတ်ပါက လျစ်လျူရှုပါ။',
}

function template(subject: MessageKey, body: MessageKey) {
  const one = (lang: Lang) => ({
    subject: catalogs[lang][subject],
    paragraphs: [hello[lang], catalogs[lang][body]],
    footer: footer[lang],
  })
  return { en: one('en'), vi: one('vi'), my: one('my') }
}

export const passkeyTemplates = {
  /** A recovery code opened a session; `{{remaining}}` codes are left. */
  recoveryCodeUsed: template('recoveryCodes.mail.usedSubject', 'recoveryCodes.mail.usedBody'),
  recoveryCodesRegenerated: template('recoveryCodes.mail.regeneratedSubject', 'recoveryCodes.mail.regeneratedBody'),
  /** `{{passkey}}` is the passkey's name. */
  passkeyAdded: template('passkeys.mail.addedSubject', 'passkeys.mail.addedBody'),
  passkeyRemoved: template('passkeys.mail.removedSubject', 'passkeys.mail.removedBody'),
}
