import { customerMessages } from '../../i18n/define.ts'

export const campaignBannerMessages = customerMessages(
  'campaignBanner',
  {
    label: 'Offer: {{name}}',
    open: 'Open the offer {{name}}',
    dismiss: 'Dismiss',
    dismissOf: 'Dismiss {{name}}',
    fetchFailed: 'Fetch campaign failed',
  },
  {
    label: 'ကမ်းလှမ်းချက်: {{name}}',
    open: '{{name}} ကမ်းလှမ်းချက်ကို ဖွင့်မည်',
    dismiss: 'ပိတ်မည်',
    dismissOf: '{{name}} ကို ပိတ်မည်',
    fetchFailed: 'ကမ်ပိန်း ရယူမှု မအောင်မြင်ပါ',
  },
)
