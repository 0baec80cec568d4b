import { catalogs, type Lang } from '@app/contract'

// E-mails of the e-mail change requests (docs/requirements.md §13): the old address is told that
// the account moved, the new one that it is now the sign-in address, and a refusal carries its reason.
// templates.ts spreads these in.

const hello: Record<Lang, string> = { en: 'Hello {{name}},', vi: 'Xin chào {{name}},', my: 'မင်္ဂလာပါ {{name}}၊' }

const footer: Record<Lang, string> = {
  en: 'You receive this e-mail because of your account on the Maps Portal. If this was not you, ignore it.',
  vi: 'Bạn nhận được email này vì tài khoản của bạn trên Maps Portal. Nếu không phải bạn, hãy bỏ qua email này.',
  my: 'Maps Portal ရှိ သင့်အကောင့်ကြောင့် ဤ အီးမေးလ်ကို ရရှိခြင်း ဖြစ်ပါသည်။ သင်မဟုတ်ပါက လျစ်လျူရှုပါ။',
}

type Subject = 'changedSubject' | 'welcomeSubject' | 'refusedSubject'
type Body = 'emailChange.mail.changedBody' | 'emailChange.mail.welcomeBody' | 'emailChange.mail.refusedBody'

function template(subject: Subject, body: Body) {
  const one = (lang: Lang) => ({
    subject: catalogs[lang][`emailChange.mail.${subject}`],
    paragraphs: [hello[lang], catalogs[lang][body]],
    footer: footer[lang],
  })
  return { en: one('en'), vi: one('vi'), my: one('my') }
}

export const emailChangeTemplates = {
  /** To the old address, once the change is made. */
  emailChanged: template('changedSubject', 'emailChange.mail.changedBody'),
  /** To the new address, once the change is made. */
  emailChangeWelcome: template('welcomeSubject', 'emailChange.mail.welcomeBody'),
  /** To the account's address, when staff refuse the request. */
  emailChangeRefused: template('refusedSubject', 'emailChange.mail.refusedBody'),
}
