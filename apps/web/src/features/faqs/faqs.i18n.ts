import { customerMessages } from '../../i18n/define.ts'

export const faqsMessages = customerMessages(
  'faqs',
  {
    title: 'Frequently asked questions',
    intro: 'Answers to what customers ask most. Cannot find yours? Ask our support team.',
    search: 'Search the FAQs',
    all: 'All categories',
    ask: 'Ask support',
    empty: 'No FAQ entries yet',
    noMatch: 'Nothing matches "{{keyword}}"',
    noMatchHint: 'Try other words, or ask our support team.',
    answeredBy: 'Answered by {{name}} · {{time}}',
    updated: 'Updated {{time}}',
    count: '{{count, plural, one {# answer} other {# answers}}}',
  },
  {
    title: 'မကြာခဏ မေးလေ့ရှိသော မေးခွန်းများ',
    intro: 'ဖောက်သည်များ အများဆုံး မေးလေ့ရှိသည့် မေးခွန်းများအတွက် အဖြေများ။ သင့်မေးခွန်း မတွေ့ပါက အကူအညီအဖွဲ့ကို မေးပါ။',
    search: 'FAQ များတွင် ရှာရန်',
    all: 'အမျိုးအစား အားလုံး',
    ask: 'အကူအညီကို မေးမည်',
    empty: 'FAQ မရှိသေးပါ',
    noMatch: '"{{keyword}}" နှင့် ကိုက်ညီသည့် အရာ မရှိပါ',
    noMatchHint: 'အခြားစကားလုံးများဖြင့် ရှာကြည့်ပါ သို့မဟုတ် အကူအညီအဖွဲ့ကို မေးပါ။',
    answeredBy: '{{name}} က ဖြေကြားသည် · {{time}}',
    updated: '{{time}} တွင် ပြင်ဆင်ခဲ့သည်',
    count: 'အဖြေ {{count}} ခု',
  },
)
