import type { passkeysEn } from './passkeys.ts'

// The Burmese texts of passkeys.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const passkeysMy: Record<keyof typeof passkeysEn, string> = {
  'recoveryCodes.info': 'သင့် ပြန်လည်ရယူရေး ကုဒ်များ',
  'recoveryCodes.regenerated': 'ပြန်လည်ရယူရေး ကုဒ်အသစ်များ အသင့်ဖြစ်ပါပြီ။ ယခင်ကုဒ်များ အသုံးမပြုနိုင်တော့ပါ။',
  'recoveryCodes.format': 'ပြန်လည်ရယူရေး ကုဒ်ကို ပေးထားသည့်အတိုင်း ထည့်ပါ (စာလုံးနှင့် ဂဏန်း ၂၄ လုံး)',
  'recoveryCodes.wrong': 'ဤပြန်လည်ရယူရေး ကုဒ် မှားနေသည် သို့မဟုတ် အသုံးပြုပြီးဖြစ်သည်',
  'recoveryCodes.mail.usedSubject': 'အကောင့်ဝင်ရန် ပြန်လည်ရယူရေး ကုဒ်တစ်ခု အသုံးပြုခဲ့သည်',
  'recoveryCodes.mail.usedBody':
    'သင့်အကောင့်သို့ ဝင်ရန် နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်း ပြန်လည်ရယူရေး ကုဒ်တစ်ခုကို ယခုလေးတင် အသုံးပြုခဲ့သည်။ အသုံးမပြုရသေးသော ကုဒ် {{remaining}} ခု ကျန်ပါသည်။ သင်မဟုတ်ပါက စကားဝှက်ကို ပြောင်းပြီး အကူအညီကို ချက်ချင်း ဆက်သွယ်ပါ။',
  'recoveryCodes.mail.regeneratedSubject': 'ပြန်လည်ရယူရေး ကုဒ်အသစ်များ ပြုလုပ်ခဲ့သည်',
  'recoveryCodes.mail.regeneratedBody':
    'သင့်အကောင့်အတွက် နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်း ပြန်လည်ရယူရေး ကုဒ်အသစ်များ ပြုလုပ်ခဲ့ပြီး ယခင်ကုဒ်များ အသုံးမပြုနိုင်တော့ပါ။ သင်မဟုတ်ပါက စကားဝှက်ကို ပြောင်းပြီး အကူအညီကို ချက်ချင်း ဆက်သွယ်ပါ။',
  'passkeys.list': 'သင့် ပတ်စ်ကီးများ',
  'passkeys.options': 'သင့် ပတ်စ်ကီးဖြင့် အတည်ပြုပါ',
  'passkeys.added': 'ပတ်စ်ကီးထည့်ပြီးပါပြီ',
  'passkeys.deleted': 'ပတ်စ်ကီးဖယ်ရှားပြီးပါပြီ',
  'passkeys.nameRequired': 'ပတ်စ်ကီးကို အမည်ပေးပါ',
  'passkeys.nameTooLong': 'အမည်သည် အများဆုံး စာလုံး {{max}} လုံး ဖြစ်ရမည်',
  'passkeys.attemptInvalid': 'ဤ ပတ်စ်ကီးတောင်းဆိုမှု သက်တမ်းကုန်သွားပြီ သို့မဟုတ် အသုံးပြုပြီးဖြစ်သည်။ ထပ်ကြိုးစားပါ။',
  'passkeys.notVerified': 'ပတ်စ်ကီးကို အတည်ပြု၍ မရပါ။ ထပ်ကြိုးစားပါ။',
  'passkeys.alreadyAdded': 'ဤ ပတ်စ်ကီးကို မှတ်ပုံတင်ပြီးဖြစ်သည်',
  'passkeys.tooMany': 'အကောင့်တစ်ခုတွင် ပတ်စ်ကီးအများဆုံး {{max}} ခု ရှိနိုင်သည်။ တစ်ခုကို အရင်ဖယ်ရှားပါ။',
  'passkeys.signInFailed': 'ဤ ပတ်စ်ကီးကို မသိပါ။ စကားဝှက်ဖြင့် ဝင်ပါ သို့မဟုတ် အခြား ပတ်စ်ကီးကို စမ်းကြည့်ပါ။',
  'passkeys.notFound': 'ပတ်စ်ကီးကို ရှာမတွေ့ပါ',
  'passkeys.noneForAccount': 'ဤအကောင့်တွင် ပတ်စ်ကီးမရှိပါ။ ကုဒ်ကို ထည့်ပါ။',
  'passkeys.mail.addedSubject': 'သင့်အကောင့်သို့ ပတ်စ်ကီးတစ်ခု ထည့်ခဲ့သည်',
  'passkeys.mail.addedBody':
    'ပတ်စ်ကီး “{{passkey}}” ဖြင့် သင့်အကောင့်သို့ ယခု ဝင်နိုင်ပါပြီ။ သင်မဟုတ်ပါက လုံခြုံရေး ဆက်တင်တွင် ၎င်းကို ဖယ်ရှားပြီး စကားဝှက်ကို ပြောင်းကာ အကူအညီကို ဆက်သွယ်ပါ။',
  'passkeys.mail.removedSubject': 'သင့်အကောင့်မှ ပတ်စ်ကီးတစ်ခု ဖယ်ရှားခဲ့သည်',
  'passkeys.mail.removedBody': 'ပတ်စ်ကီး “{{passkey}}” ဖြင့် သင့်အကောင့်သို့ မဝင်နိုင်တော့ပါ။ သင်မဟုတ်ပါက စကားဝှက်ကို ပြောင်းပြီး အကူအညီကို ဆက်သွယ်ပါ။',
}
