import { customerMessages } from '../../i18n/define.ts'

export const emailChangeMessages = customerMessages(
  'emailChange',
  {
    heading: 'Change your email address',
    intro:
      'Your email address is how you sign in and where we write to you. Ask for a new one here: our staff check the request, and once it is done you sign in with the new address.',
    current: 'Current email',
    newEmail: 'New email',
    confirmEmail: 'Re-enter the new email',
    reason: 'Reason',
    reasonPlaceholder: 'Why do you need a new address?',
    submit: 'Send the request',
    suspended: 'Your account is suspended: email change requests are blocked until payment.',
    pendingTitle: 'Your request is being handled',
    pendingText:
      'You asked to change your email to {{email}} on {{date}}. You can send a new request once this one is handled.',
    history: 'Your requests',
    empty: 'You have not asked to change your email yet.',
    columns: { date: 'Date', newEmail: 'New email', reason: 'Reason', status: 'Status', refusal: 'Refusal reason' },
    status: { unaccomplished: 'Waiting', accomplished: 'Done', refused: 'Refused' },
    refusedTitle: 'Your last request was refused',
    refusedText: 'Reason: {{reason}}',
  },
  {
    heading: 'သင့် အီးမေးလ်လိပ်စာ ပြောင်းရန်',
    intro:
      'သင့် အီးမေးလ်လိပ်စာဖြင့် ဝင်ရောက်ပြီး ကျွန်ုပ်တို့ ဆက်သွယ်ပါသည်။ လိပ်စာအသစ်ကို ဤနေရာတွင် တောင်းဆိုပါ- ဝန်ထမ်းများ စစ်ဆေးပြီးနောက် လိပ်စာအသစ်ဖြင့် ဝင်ရပါမည်။',
    current: 'လက်ရှိ အီးမေးလ်',
    newEmail: 'အီးမေးလ်အသစ်',
    confirmEmail: 'အီးမေးလ်အသစ်ကို ထပ်ရိုက်ပါ',
    reason: 'အကြောင်းပြချက်',
    reasonPlaceholder: 'လိပ်စာအသစ် ဘာကြောင့် လိုအပ်သနည်း။',
    submit: 'တောင်းဆိုချက် ပို့မည်',
    suspended: 'သင့်အကောင့် ဆိုင်းငံ့ထားသည်- ငွေပေးချေသည်အထိ အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက်များကို ပိတ်ထားသည်။',
    pendingTitle: 'သင့်တောင်းဆိုချက်ကို ဆောင်ရွက်နေသည်',
    pendingText: '{{date}} တွင် အီးမေးလ်ကို {{email}} သို့ ပြောင်းရန် တောင်းဆိုခဲ့သည်။ ၎င်းကို ကိုင်တွယ်ပြီးမှ တောင်းဆိုချက်အသစ် ပို့နိုင်သည်။',
    history: 'သင့်တောင်းဆိုချက်များ',
    empty: 'အီးမေးလ်ပြောင်းရန် မတောင်းဆိုရသေးပါ။',
    columns: {
      date: 'ရက်စွဲ',
      newEmail: 'အီးမေးလ်အသစ်',
      reason: 'အကြောင်းပြချက်',
      status: 'အခြေအနေ',
      refusal: 'ငြင်းပယ်ရသည့် အကြောင်း',
    },
    status: { unaccomplished: 'စောင့်ဆိုင်းနေသည်', accomplished: 'ပြီးပြီ', refused: 'ငြင်းပယ်ခံရသည်' },
    refusedTitle: 'သင့်နောက်ဆုံး တောင်းဆိုချက် ငြင်းပယ်ခံရသည်',
    refusedText: 'အကြောင်းပြချက်- {{reason}}',
  },
)
