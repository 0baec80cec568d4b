import type { refundsEn } from './refunds.ts'

// The Burmese texts of refunds.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const refundsMy: Record<keyof typeof refundsEn, string> = {
  'payments.refund.done': 'ငွေပြန်အမ်းပြီးပါပြီ: {{amount}} {{currency}} ကို ဖောက်သည်ထံ ပြန်ပေးခဲ့သည်',
  'payments.refund.sent': 'ငွေပြန်အမ်းရန် ပို့ပြီးပါပြီ၊ ဝန်ဆောင်မှုပေးသူက မအတည်ပြုရသေးပါ',
  'payments.refund.amountInvalid': 'ပြန်အမ်းမည့် ပမာဏကို ငွေပေးချေမှု၏ ငွေကြေးဖြင့် ထည့်ပါ: VND ကိန်းပြည့်၊ USD ဒသမ ၂ နေရာအထိ',
  'payments.refund.amountNotPositive': 'ပြန်အမ်းမည့် ပမာဏသည် 0 ထက် ကြီးရမည်',
  'payments.refund.tooLarge': 'ဤငွေပေးချေမှုမှ {{refundable}} {{currency}} အထိသာ ပြန်အမ်းနိုင်ပါသေးသည်',
  'payments.refund.reasonRequired': 'ငွေပြန်အမ်းရသည့် အကြောင်းရင်းကို ဖော်ပြပါ',
  'payments.refund.notRefundable':
    'VNPay သို့မဟုတ် PayPal ဖြင့် အောင်မြင်ခဲ့သော ငွေဖြည့်မှုကိုသာ ပြန်အမ်းနိုင်သည် (ငွေတောင်းခံလွှာ ပေးချေမှု သို့မဟုတ် ဘဏ်ငွေလွှဲ မရပါ)',
  'payments.refund.inProgress': 'ဤငွေပေးချေမှုအတွက် ငွေပြန်အမ်းမှု လုပ်ဆောင်နေဆဲဖြစ်သည်၊ ရလဒ်ကို စောင့်ပါ',
  'payments.refund.refused': 'ဝန်ဆောင်မှုပေးသူက ငွေပြန်အမ်းမှုကို ငြင်းပယ်သည် ({{code}})',
  'payments.refundDescription': 'ငွေပေးချေမှု {{reference}} ၏ ပြန်အမ်းငွေ',
  'payments.reversalDescription': 'ငွေပေးချေမှု {{reference}} ၏ ငွေပြန်တောင်းခံမှု',
  'payments.instrumentDeclined': 'သင့်ကတ် သို့မဟုတ် ငွေရင်းမြစ်ကို ငြင်းပယ်ခံရသည်။ ငွေမဖြတ်ရသေးပါ: PayPal တွင် အခြားကတ် သို့မဟုတ် ငွေရင်းမြစ်ကို ရွေးပါ',
  'payments.alert.balanceOwed':
    'ငွေပြန်အမ်းမှု သို့မဟုတ် ငွေပြန်တောင်းခံမှုက လက်ကျန်ထက် ပိုယူသွားသည်: အကောင့်သည် {{owed}} USD ကြွေးတင်နေပြီး ဂိတ်ဝေးက ၎င်း၏ ကီးများကို ငြင်းပယ်သည် (check-balance ဖွင့်ထားသည်)',
  'payments.alert.refundExceeds':
    'ဝန်ဆောင်မှုပေးသူက {{reported}} {{currency}} ပြန်အမ်းခဲ့သည်၊ ဤငွေပေးချေမှုတွင် ကျန်သော {{remaining}} {{currency}} ထက် ပိုသည်',
  'payments.alert.refundUnanswered': 'ငွေပြန်အမ်းရန် ပို့ခဲ့သော်လည်း ဝန်ဆောင်မှုပေးသူ ထံမှ အဖြေမရပါ၊ ထပ်မံ မပြန်အမ်းမီ ဝန်ဆောင်မှုပေးသူထံတွင် စစ်ဆေးပါ',
  // A refund in flight settled by VNPay's querydr (the back office's "Check with VNPay", reconciliation).
  'payments.refund.checkCompleted':
    'VNPay က ငွေပြန်အမ်းမှုကို အတည်ပြုသည်: {{amount}} {{currency}} ကို ဖောက်သည်ထံ ပြန်ပေးပြီး လက်ကျန်မှ နုတ်ယူခဲ့သည်',
  'payments.refund.checkFailed': 'VNPay သည် ဤငွေပြန်အမ်းမှုကို မပြုလုပ်ခဲ့ပါ ({{code}}): ဘာမှ မနုတ်ယူရပါ၊ ဤငွေပေးချေမှုကို ထပ်မံ ပြန်အမ်းနိုင်သည်',
  'payments.refund.checkWaiting': 'VNPay သည် ဤငွေပြန်အမ်းမှုကို မပြီးပြတ်သေးပါ၊ စောင့်ဆိုင်းနေဆဲဖြစ်သည်။ မိနစ်အနည်းငယ်အကြာတွင် ထပ်စစ်ပါ',
  'payments.refund.noneInFlight': 'ဤငွေပေးချေမှုတွင် အဖြေစောင့်နေသော VNPay ငွေပြန်အမ်းမှု မရှိပါ',
}
