import { catalogs, type Lang, type MessageKey } from '@app/contract'

// The parts every e-mail shares: the footer, the greeting, and a template made of a greeting and one
// paragraph of the message catalogs (templates.ts and the templates it spreads in).

/** A template's text in one language: a subject, paragraphs and an optional button. */
export interface Text {
  subject: string
  paragraphs: string[]
  action?: string
  footer: string
}

export const footer: Record<Lang, string> = {
  en: 'You receive this e-mail because of your account on the Maps Portal. If this was not you, ignore it.',
  vi: 'Bạn nhận được email này vì tài khoản của bạn trên Maps Portal. Nếu không phải bạn, hãy bỏ qua email này.',
  my: 'Maps Portal ရှိ သင့်အကောင့်ကြောင့် ဤ အီးမေးလ်ကို ရရှိခြင်း ဖြစ်ပါသည်။ သင်မဟုတ်ပါက လျစ်လျူရှုပါ။',
}

const hello: Record<Lang, string> = { en: 'Hello {{name}},', vi: 'Xin chào {{name}},', my: 'မင်္ဂလာပါ {{name}}၊' }

/** A greeting and one paragraph of the message catalogs, in each language, and a button if given. */
export function greeted(subject: MessageKey, body: MessageKey, action?: Record<Lang, string>): Record<Lang, Text> {
  const one = (lang: Lang): Text => ({
    subject: catalogs[lang][subject],
    paragraphs: [hello[lang], catalogs[lang][body]],
    ...(action ? { action: action[lang] } : {}),
    footer: footer[lang],
  })
  return { en: one('en'), vi: one('vi'), my: one('my') }
}
