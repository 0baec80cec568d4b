import type { planRenewalEn } from './plan-renewal.ts'

// The Burmese texts of plan-renewal.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const planRenewalMy: Record<keyof typeof planRenewalEn, string> = {
  'balance.planRenewal': '{{plan}} အစီအစဉ်၊ {{from}} – {{to}}',
  'plans.boughtRenews':
    'သင်သည် ယခု {{plan}} အစီအစဉ်တွင် ရှိပါသည်။ {{date}} တွင် သက်တမ်းတိုးမည်ဖြစ်ပြီး {{price}} ကို သင့်လက်ကျန်ငွေမှ ပေးချေပါမည်။',
  'plans.mail.remindSubject': 'သင့် {{plan}} အစီအစဉ်ကို {{date}} တွင် သက်တမ်းတိုးပါမည်',
  'plans.mail.remindBody':
    'သင့် {{plan}} အစီအစဉ်ကို {{date}} တွင် သက်တမ်းတိုးပါမည်။ {{price}} ကို သင့်လက်ကျန်ငွေမှ ပေးချေမည်ဖြစ်ပြီး ယခု လက်ကျန်ငွေမှာ {{balance}} ဖြစ်ပါသည်။ အသုံးပြုမှုကို ယခင်အတိုင်း သီးခြား ငွေတောင်းခံပါသည်။',
  'plans.mail.remindShortBody':
    'သင့် {{plan}} အစီအစဉ်ကို {{date}} တွင် {{price}} ဖြင့် သက်တမ်းတိုးပါမည်၊ သို့သော် သင့်လက်ကျန်ငွေမှာ {{balance}} ဖြစ်၍ {{missing}} လိုနေပါသည်။ အစီအစဉ်နှင့် ၎င်း၏ ကန့်သတ်ချက်များကို ဆက်ထားရန် ထိုနေ့မတိုင်မီ ငွေဖြည့်ပါ။',
  'plans.mail.renewedSubject': 'သင့် {{plan}} အစီအစဉ်ကို သက်တမ်းတိုးပြီးပါပြီ',
  'plans.mail.renewedBody':
    '{{plan}} အစီအစဉ်အတွက် {{from}} မှ {{to}} အထိ {{price}} ကို သင့်လက်ကျန်ငွေမှ ပေးချေပြီးပါပြီ။ သင့်လက်ကျန်ငွေမှာ ယခု {{balance}} ဖြစ်ပါသည်။ နောက်တစ်ကြိမ် သက်တမ်းတိုးမည့်နေ့မှာ {{to}} ဖြစ်ပါသည်။',
  'plans.mail.failedSubject': 'သင့် {{plan}} အစီအစဉ်ကို သက်တမ်းတိုး၍ မရပါ',
  'plans.mail.failedBody':
    'သင့် {{plan}} အစီအစဉ်သည် တစ်လ {{price}} ကျသင့်ပြီး သင့်လက်ကျန်ငွေ ({{balance}}) တွင် {{missing}} လိုနေပါသည်။ အစီအစဉ်နှင့် ၎င်း၏ ကန့်သတ်ချက်များကို {{graceEnd}} အထိ ဆက်ထားပါမည်။ ထိုနေ့မတိုင်မီ ငွေဖြည့်ပါက တစ်နာရီအတွင်း သက်တမ်းတိုးပါမည်။ ထိုနေ့နောက်ပိုင်း သင့်အကောင့်သည် {{defaultPlan}} အစီအစဉ်သို့ ပြောင်းပါမည်။',
  'plans.mail.lapsedSubject': 'သင့်အကောင့်သည် ယခု {{defaultPlan}} အစီအစဉ်တွင် ရှိပါသည်',
  'plans.mail.lapsedBody':
    'သင့် {{plan}} အစီအစဉ်ကို {{graceEnd}} အထိ သက်တမ်းမတိုးနိုင်သဖြင့် သင့်အကောင့်ကို {{defaultPlan}} အစီအစဉ်နှင့် ၎င်း၏ ကန့်သတ်ချက်များသို့ ပြောင်းလိုက်ပါသည်။ ဒက်ရှ်ဘုတ်မှ အစီအစဉ်ကို အချိန်မရွေး ပြန်ဝယ်နိုင်ပါသည်။',
}
