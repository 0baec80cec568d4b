import type { emailChangeEn } from './email-change.ts'

// The Burmese texts of email-change.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const emailChangeMy: Record<keyof typeof emailChangeEn, string> = {
  'emailChange.confirmRequired': 'အီးမေးလ်အသစ်ကို ထပ်မံ ရိုက်ထည့်ပါ',
  'emailChange.confirmMismatch': 'အီးမေးလ်လိပ်စာ နှစ်ခု မတူညီပါ',
  'emailChange.reasonRequired': 'အကြောင်းပြချက် ထည့်ပါ',
  'emailChange.reasonTooLong': 'အကြောင်းပြချက်သည် စာလုံး {{max}} လုံးအထိသာ ဖြစ်ရမည်',
  'emailChange.refuseReasonRequired': 'ငြင်းပယ်ရသည့် အကြောင်းပြချက် ထည့်ပါ',
  'emailChange.refuseReasonTooLong': 'အကြောင်းပြချက်သည် စာလုံး {{max}} လုံးအထိသာ ဖြစ်ရမည်',
  'emailChange.emailUsed': 'အီးမေးလ်အသစ်ကို ထပ်မံ ရိုက်ထည့်ပါ။ ဤ အီးမေးလ်ကို အသုံးပြုပြီး ဖြစ်သည်',
  'emailChange.emailFree': 'ဤ အီးမေးလ်ကို အသုံးပြုနိုင်သည်',
  'emailChange.sameEmail': 'ဤလိပ်စာသည် သင့်လက်ရှိ အီးမေးလ်ဖြစ်ပြီးသားပါ',
  'emailChange.pending': 'သင့်တွင် ဆောင်ရွက်ဆဲ အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် ရှိနေပါသည်။ ကိုင်တွယ်ပြီးသည်အထိ စောင့်ပါ။',
  'emailChange.notFound': 'အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် မတွေ့ပါ',
  'emailChange.alreadyHandled': 'ဤတောင်းဆိုချက်ကို ကိုင်တွယ်ပြီး ဖြစ်သည်',
  'emailChange.requested': 'အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် ပို့ပြီးပါပြီ။ ဝန်ထမ်းများ မကြာမီ ကိုင်တွယ်ပါမည်။',
  'emailChange.completed': 'အီးမေးလ်လိပ်စာသည် ယခု {{email}} ဖြစ်သည်',
  'emailChange.refused': 'တောင်းဆိုချက်ကို ငြင်းပယ်ပြီး',
  'emailChange.mail.changedSubject': 'သင့်အကောင့်၏ အီးမေးလ်လိပ်စာ ပြောင်းလဲပြီး',
  'emailChange.mail.changedBody':
    'သင်တောင်းဆိုသည့်အတိုင်း Maps Portal အကောင့်၏ အီးမေးလ်လိပ်စာကို {{old}} မှ {{new}} သို့ ပြောင်းပြီးပါပြီ။ နေရာတိုင်းမှ ထွက်ပြီးဖြစ်၍ လိပ်စာအသစ်ဖြင့် ပြန်ဝင်ပါ။ သင်မတောင်းဆိုခဲ့ပါက အကူအညီကို ချက်ချင်း ဆက်သွယ်ပါ။',
  'emailChange.mail.welcomeSubject': 'ဤလိပ်စာသည် ယခု သင့်အကောင့်၏ အီးမေးလ်ဖြစ်သည်',
  'emailChange.mail.welcomeBody': 'Maps Portal အကောင့်၏ အီးမေးလ်လိပ်စာသည် ယခု {{new}} ဖြစ်သည်။ ယခုမှစ၍ ၎င်းဖြင့် ဝင်ပါ။',
  'emailChange.mail.refusedSubject': 'အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် ငြင်းပယ်ခံရသည်',
  'emailChange.mail.refusedBody': 'အကောင့်၏ အီးမေးလ်ကို {{new}} သို့ ပြောင်းရန် တောင်းဆိုချက် ငြင်းပယ်ခံရသည်။ အကြောင်းပြချက်: {{reason}}',
}
