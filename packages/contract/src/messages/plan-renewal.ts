// Server messages and e-mails of the monthly plan renewal (issue 20, "Plans renew"; docs/pricing.md
// "Plans renew"), spread into en.ts, vi.ts and my.ts.

export const planRenewalEn = {
  'balance.planRenewal': 'Plan {{plan}}, {{from}} – {{to}}',
  'plans.boughtRenews': 'You are now on the {{plan}} plan. It renews on {{date}}: {{price}} from your balance.',
  'plans.mail.remindSubject': 'Your {{plan}} plan renews on {{date}}',
  'plans.mail.remindBody':
    'Your {{plan}} plan renews on {{date}}: {{price}} will be paid from your balance, which is {{balance}} now. Usage is billed separately, as always.',
  'plans.mail.remindShortBody':
    'Your {{plan}} plan renews on {{date}} for {{price}}, but your balance is {{balance}}: {{missing}} short. Top up before then to keep the plan and its limits.',
  'plans.mail.renewedSubject': 'Your {{plan}} plan was renewed',
  'plans.mail.renewedBody':
    '{{price}} was paid from your balance for the {{plan}} plan from {{from}} to {{to}}. Your balance is now {{balance}}. The next renewal is on {{to}}.',
  'plans.mail.failedSubject': 'We could not renew your {{plan}} plan',
  'plans.mail.failedBody':
    'Your {{plan}} plan costs {{price}} a month, and your balance ({{balance}}) is {{missing}} short. The plan and its limits stay until {{graceEnd}}; top up before then and it renews within the hour. After that date your account moves to the {{defaultPlan}} plan.',
  'plans.mail.lapsedSubject': 'Your account is now on the {{defaultPlan}} plan',
  'plans.mail.lapsedBody':
    'Your {{plan}} plan was not renewed by {{graceEnd}}, so your account moved to the {{defaultPlan}} plan and its limits. You can buy a plan again from your dashboard at any time.',
} as const

export const planRenewalVi: Record<keyof typeof planRenewalEn, string> = {
  'balance.planRenewal': 'Gói {{plan}}, {{from}} – {{to}}',
  'plans.boughtRenews':
    'Bạn đã chuyển sang gói {{plan}}. Gói được gia hạn vào {{date}}: {{price}} được trừ từ số dư của bạn.',
  'plans.mail.remindSubject': 'Gói {{plan}} của bạn sẽ được gia hạn vào {{date}}',
  'plans.mail.remindBody':
    'Gói {{plan}} của bạn sẽ được gia hạn vào {{date}}: {{price}} sẽ được trừ từ số dư, hiện là {{balance}}. Phí sử dụng vẫn được tính riêng như thường lệ.',
  'plans.mail.remindShortBody':
    'Gói {{plan}} của bạn sẽ được gia hạn vào {{date}} với giá {{price}}, nhưng số dư của bạn là {{balance}}: còn thiếu {{missing}}. Hãy nạp tiền trước ngày đó để giữ gói và các giới hạn của gói.',
  'plans.mail.renewedSubject': 'Gói {{plan}} của bạn đã được gia hạn',
  'plans.mail.renewedBody':
    'Đã trừ {{price}} từ số dư cho gói {{plan}} từ {{from}} đến {{to}}. Số dư hiện tại của bạn là {{balance}}. Lần gia hạn tiếp theo vào {{to}}.',
  'plans.mail.failedSubject': 'Không thể gia hạn gói {{plan}} của bạn',
  'plans.mail.failedBody':
    'Gói {{plan}} có giá {{price}} mỗi tháng, và số dư của bạn ({{balance}}) còn thiếu {{missing}}. Gói và các giới hạn của gói được giữ đến {{graceEnd}}; nếu bạn nạp tiền trước ngày đó, gói sẽ được gia hạn trong vòng một giờ. Sau ngày đó, tài khoản của bạn chuyển sang gói {{defaultPlan}}.',
  'plans.mail.lapsedSubject': 'Tài khoản của bạn đã chuyển sang gói {{defaultPlan}}',
  'plans.mail.lapsedBody':
    'Gói {{plan}} không được gia hạn trước {{graceEnd}}, nên tài khoản của bạn đã chuyển sang gói {{defaultPlan}} với các giới hạn của gói này. Bạn có thể mua lại gói bất cứ lúc nào từ trang tổng quan.',
}

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
