import { catalogs, type Lang } from '@app/contract'
import { emailChangeTemplates } from './email-change-templates.ts'
import { footer, greeted, type Text } from './greeted.ts'
import { passkeyTemplates } from './passkey-templates.ts'
import { supportTemplates } from './support-templates.ts'

// The e-mails the portal sends, in each language. A template is a subject, paragraphs and an optional
// button; `{{name}}` placeholders are filled from the message's variables (HTML-escaped in the HTML part).

const billAction: Record<Lang, string> = {
  en: 'View my bill',
  vi: 'Xem hóa đơn',
  my: 'ငွေတောင်းခံလွှာကို ကြည့်မည်',
}

const topUpAction: Record<Lang, string> = {
  en: 'Top up my balance',
  vi: 'Nạp tiền vào số dư',
  my: 'လက်ကျန်ငွေ ဖြည့်မည်',
}

export const templates = {
  ...emailChangeTemplates,
  ...supportTemplates,
  ...passkeyTemplates,
  verifyEmail: {
    en: {
      subject: 'Confirm your e-mail address',
      paragraphs: [
        'Hello {{name}},',
        'Welcome to the Maps Portal. Confirm your e-mail address to create keys and use the maps API.',
        'The link is valid for {{hours}} hours.',
      ],
      action: 'Confirm my e-mail',
      footer: footer.en,
    },
    vi: {
      subject: 'Xác minh địa chỉ email của bạn',
      paragraphs: [
        'Xin chào {{name}},',
        'Chào mừng bạn đến với Maps Portal. Hãy xác minh email để tạo khóa và sử dụng API bản đồ.',
        'Liên kết có hiệu lực trong {{hours}} giờ.',
      ],
      action: 'Xác minh email',
      footer: footer.vi,
    },
    my: {
      subject: 'သင့် အီးမေးလ်လိပ်စာကို အတည်ပြုပါ',
      paragraphs: [
        'မင်္ဂလာပါ {{name}}၊',
        'Maps Portal မှ ကြိုဆိုပါသည်။ ကီးများ ဖန်တီးပြီး မြေပုံ API ကို အသုံးပြုရန် သင့် အီးမေးလ်ကို အတည်ပြုပါ။',
        'ဤလင့်ခ်သည် {{hours}} နာရီ အကျုံးဝင်ပါသည်။',
      ],
      action: 'အီးမေးလ်ကို အတည်ပြုမည်',
      footer: footer.my,
    },
  },
  resetPassword: {
    en: {
      subject: 'Reset your password',
      paragraphs: [
        'Hello {{name}},',
        'Someone asked to reset the password of your Maps Portal account. Choose a new password with the button below.',
        'The link is valid for {{minutes}} minutes and works once. If you did not ask for it, your password stays as it is.',
      ],
      action: 'Choose a new password',
      footer: footer.en,
    },
    vi: {
      subject: 'Đặt lại mật khẩu',
      paragraphs: [
        'Xin chào {{name}},',
        'Có yêu cầu đặt lại mật khẩu cho tài khoản Maps Portal của bạn. Hãy chọn mật khẩu mới bằng nút bên dưới.',
        'Liên kết có hiệu lực trong {{minutes}} phút và chỉ dùng được một lần. Nếu bạn không yêu cầu, mật khẩu vẫn giữ nguyên.',
      ],
      action: 'Chọn mật khẩu mới',
      footer: footer.vi,
    },
    my: {
      subject: 'သင့်စကားဝှက်ကို ပြန်သတ်မှတ်ပါ',
      paragraphs: [
        'မင်္ဂလာပါ {{name}}၊',
        'သင့် Maps Portal အကောင့်၏ စကားဝှက်ကို ပြန်သတ်မှတ်ရန် တောင်းဆိုထားပါသည်။ အောက်ပါခလုတ်ဖြင့် စကားဝှက်အသစ် ရွေးပါ။',
        'ဤလင့်ခ်သည် {{minutes}} မိနစ် အကျုံးဝင်ပြီး တစ်ကြိမ်သာ အသုံးပြုနိုင်ပါသည်။ သင် မတောင်းဆိုခဲ့ပါက စကားဝှက် မပြောင်းလဲပါ။',
      ],
      action: 'စကားဝှက်အသစ် ရွေးမည်',
      footer: footer.my,
    },
  },
  passwordChanged: {
    en: {
      subject: 'Your password was changed',
      paragraphs: [
        'Hello {{name}},',
        'The password of your Maps Portal account was changed on {{time}} (UTC). Other sessions were signed out.',
        'If this was not you, reset your password at once and contact support.',
      ],
      footer: footer.en,
    },
    vi: {
      subject: 'Mật khẩu của bạn đã được thay đổi',
      paragraphs: [
        'Xin chào {{name}},',
        'Mật khẩu tài khoản Maps Portal của bạn đã được thay đổi lúc {{time}} (UTC). Các phiên đăng nhập khác đã bị đăng xuất.',
        'Nếu không phải bạn, hãy đặt lại mật khẩu ngay và liên hệ bộ phận hỗ trợ.',
      ],
      footer: footer.vi,
    },
    my: {
      subject: 'သင့်စကားဝှက်ကို ပြောင်းလဲထားပါသည်',
      paragraphs: [
        'မင်္ဂလာပါ {{name}}၊',
        'သင့် Maps Portal အကောင့်၏ စကားဝှက်ကို {{time}} (UTC) တွင် ပြောင်းလဲခဲ့ပါသည်။ အခြား ဆက်ရှင်များကို ထွက်ပြီးပါပြီ။',
        'သင်မဟုတ်ပါက စကားဝှက်ကို ချက်ချင်း ပြန်သတ်မှတ်ပြီး အကူအညီကို ဆက်သွယ်ပါ။',
      ],
      footer: footer.my,
    },
  },
  /** To every administrator: a customer asks for a VAT invoice (texts from the contract's messages). */
  vatRequested: {
    en: {
      subject: catalogs.en['billing.mail.vatSubject'],
      paragraphs: [catalogs.en['billing.mail.vatBody']],
      footer: footer.en,
    },
    vi: {
      subject: catalogs.vi['billing.mail.vatSubject'],
      paragraphs: [catalogs.vi['billing.mail.vatBody']],
      footer: footer.vi,
    },
    my: {
      subject: catalogs.my['billing.mail.vatSubject'],
      paragraphs: [catalogs.my['billing.mail.vatBody']],
      footer: footer.my,
    },
  },
  /** To a user whose balance fell below the threshold they set (once per crossing). */
  balanceLow: greeted('balance.mail.lowSubject', 'balance.mail.lowBody'),
  billIssued: greeted('billing.mail.issuedSubject', 'billing.mail.issuedBody', billAction),
  /** To a key's owner at 80 % of the key's monthly cap (once a month). */
  keyCapWarning: greeted('keys.mail.capWarnSubject', 'keys.mail.capWarnBody'),
  /** To a key's owner when the key reaches its monthly cap and the gateway starts refusing it. */
  keyCapReached: greeted('keys.mail.capReachedSubject', 'keys.mail.capReachedBody'),
  /** Plan renewal (docs/pricing.md "Plans renew"): before, after, failed for a short balance, lapsed. */
  planRenewsSoon: greeted('plans.mail.remindSubject', 'plans.mail.remindBody'),
  planRenewsSoonShort: greeted('plans.mail.remindSubject', 'plans.mail.remindShortBody', topUpAction),
  planRenewed: greeted('plans.mail.renewedSubject', 'plans.mail.renewedBody'),
  planRenewalFailed: greeted('plans.mail.failedSubject', 'plans.mail.failedBody', topUpAction),
  planLapsed: greeted('plans.mail.lapsedSubject', 'plans.mail.lapsedBody'),
  /** To every administrator: a payment needs a person (an amount that differs, a late success, a flag). */
  paymentAlert: greeted('payments.mail.alertSubject', 'payments.mail.alertBody'),
  /** To a user whose two-factor authentication an administrator turned off, with the reason. */
  twoFactorOff: greeted('twoFactor.mail.offSubject', 'twoFactor.mail.offBody'),
  /** To a user who turned two-factor authentication on, or off, themselves: a stranger's change shows. */
  twoFactorOn: greeted('twoFactor.mail.onSubject', 'twoFactor.mail.onBody'),
  twoFactorSelfOff: greeted('twoFactor.mail.offSubject', 'twoFactor.mail.selfOffBody'),
} satisfies Record<string, Record<Lang, Text>>

export type TemplateName = keyof typeof templates

export interface Rendered {
  subject: string
  text: string
  html: string
}

function fill(text: string, vars: Record<string, string | number>, encode: (s: string) => string) {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : encode(String(vars[name])),
  )
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export function render(name: TemplateName, lang: Lang, vars: Record<string, string | number>, link?: string): Rendered {
  const text: Text = templates[name][lang]
  const plain = (s: string) => fill(s, vars, (v) => v)
  const html = (s: string) => fill(escapeHtml(s), vars, escapeHtml)
  const textBody = [
    ...text.paragraphs.map(plain),
    ...(text.action && link ? [`${plain(text.action)}: ${link}`] : []),
    '',
    '--',
    plain(text.footer),
  ].join('\n\n')
  const button =
    text.action && link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#3A93F9;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${html(text.action)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(link)}</p>`
      : ''
  const htmlBody = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2328;max-width:560px;margin:0 auto;padding:24px">${text.paragraphs
    .map((p) => `<p>${html(p)}</p>`)
    .join(
      '',
    )}${button}<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#666">${html(text.footer)}</p></body></html>`
  return { subject: plain(text.subject), text: textBody, html: htmlBody }
}
