import { footer } from './greeted.ts'

// The e-mail a customer gets when staff answer their support ticket (docs/support.md). The
// message carries the answer's first 500 characters and a button back to the ticket.
// templates.ts spreads these in.

export const supportTemplates = {
  /** To the customer, on each staff reply to their ticket. */
  ticketReplied: {
    en: {
      subject: 'New reply to your support request "{{title}}"',
      paragraphs: ['Hello {{name}},', 'Our support team answered your request "{{title}}":', '{{reply}}'],
      action: 'Open the request',
      footer: footer.en,
    },
    vi: {
      subject: 'Có trả lời mới cho yêu cầu hỗ trợ "{{title}}"',
      paragraphs: ['Xin chào {{name}},', 'Bộ phận hỗ trợ đã trả lời yêu cầu "{{title}}" của bạn:', '{{reply}}'],
      action: 'Mở yêu cầu',
      footer: footer.vi,
    },
    my: {
      subject: 'သင့် အကူအညီတောင်းဆိုချက် "{{title}}" အတွက် ပြန်စာအသစ်',
      paragraphs: ['မင်္ဂလာပါ {{name}}၊', 'ကျွန်ုပ်တို့၏ အကူအညီအဖွဲ့က သင့်တောင်းဆိုချက် "{{title}}" ကို ဖြေကြားထားပါသည်-', '{{reply}}'],
      action: 'တောင်းဆိုချက်ကို ဖွင့်မည်',
      footer: footer.my,
    },
  },
}
