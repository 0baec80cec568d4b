// Server messages of two-factor recovery codes and passkeys (issue 16, passkeys; docs/auth.md),
// spread into en.ts, vi.ts and my.ts.

export const passkeysEn = {
  'recoveryCodes.info': 'Your recovery codes',
  'recoveryCodes.regenerated': 'New recovery codes are ready. The previous ones no longer work.',
  'recoveryCodes.format': 'Enter a recovery code as it was given to you (24 letters and digits)',
  'recoveryCodes.wrong': 'This recovery code is incorrect or has already been used',
  'recoveryCodes.mail.usedSubject': 'A recovery code was used to sign in',
  'recoveryCodes.mail.usedBody':
    'A two-factor recovery code was just used to sign in to your account; {{remaining}} unused codes are left. If this was not you, change your password and contact support at once.',
  'recoveryCodes.mail.regeneratedSubject': 'New recovery codes were made',
  'recoveryCodes.mail.regeneratedBody':
    'New two-factor recovery codes were made for your account and the previous ones no longer work. If this was not you, change your password and contact support at once.',
  'passkeys.list': 'Your passkeys',
  'passkeys.options': 'Confirm with your passkey',
  'passkeys.added': 'The passkey was added',
  'passkeys.deleted': 'The passkey was removed',
  'passkeys.nameRequired': 'Give the passkey a name',
  'passkeys.nameTooLong': 'The name must be at most {{max}} characters',
  'passkeys.attemptInvalid': 'This passkey request has expired or was already used. Please try again.',
  'passkeys.notVerified': 'The passkey could not be verified. Please try again.',
  'passkeys.alreadyAdded': 'This passkey is already registered',
  'passkeys.tooMany': 'An account can have at most {{max}} passkeys. Remove one first.',
  'passkeys.signInFailed': 'This passkey is not recognised. Sign in with your password, or try another passkey.',
  'passkeys.notFound': 'Passkey not found',
  'passkeys.noneForAccount': 'This account has no passkey. Enter a code instead.',
  'passkeys.mail.addedSubject': 'A passkey was added to your account',
  'passkeys.mail.addedBody':
    'The passkey “{{passkey}}” can now sign in to your account. If this was not you, remove it in your security settings, change your password and contact support.',
  'passkeys.mail.removedSubject': 'A passkey was removed from your account',
  'passkeys.mail.removedBody':
    'The passkey “{{passkey}}” can no longer sign in to your account. If this was not you, change your password and contact support.',
} as const

type Keys = keyof typeof passkeysEn

export const passkeysVi: Record<Keys, string> = {
  'recoveryCodes.info': 'Mã khôi phục của bạn',
  'recoveryCodes.regenerated': 'Đã tạo mã khôi phục mới. Các mã cũ không còn dùng được.',
  'recoveryCodes.format': 'Nhập mã khôi phục đúng như đã được cấp (24 chữ cái và chữ số)',
  'recoveryCodes.wrong': 'Mã khôi phục không đúng hoặc đã được sử dụng',
  'recoveryCodes.mail.usedSubject': 'Một mã khôi phục vừa được dùng để đăng nhập',
  'recoveryCodes.mail.usedBody':
    'Một mã khôi phục xác thực hai lớp vừa được dùng để đăng nhập vào tài khoản của bạn; còn {{remaining}} mã chưa dùng. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ bộ phận hỗ trợ ngay.',
  'recoveryCodes.mail.regeneratedSubject': 'Đã tạo mã khôi phục mới',
  'recoveryCodes.mail.regeneratedBody':
    'Mã khôi phục xác thực hai lớp mới đã được tạo cho tài khoản của bạn và các mã cũ không còn dùng được. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ bộ phận hỗ trợ ngay.',
  'passkeys.list': 'Khóa truy cập (passkey) của bạn',
  'passkeys.options': 'Xác nhận bằng passkey của bạn',
  'passkeys.added': 'Đã thêm passkey',
  'passkeys.deleted': 'Đã xóa passkey',
  'passkeys.nameRequired': 'Hãy đặt tên cho passkey',
  'passkeys.nameTooLong': 'Tên tối đa {{max}} ký tự',
  'passkeys.attemptInvalid': 'Yêu cầu passkey này đã hết hạn hoặc đã được dùng. Vui lòng thử lại.',
  'passkeys.notVerified': 'Không xác minh được passkey. Vui lòng thử lại.',
  'passkeys.alreadyAdded': 'Passkey này đã được đăng ký',
  'passkeys.tooMany': 'Mỗi tài khoản có tối đa {{max}} passkey. Hãy xóa bớt một passkey trước.',
  'passkeys.signInFailed': 'Không nhận ra passkey này. Hãy đăng nhập bằng mật khẩu hoặc thử passkey khác.',
  'passkeys.notFound': 'Không tìm thấy passkey',
  'passkeys.noneForAccount': 'Tài khoản này chưa có passkey. Hãy nhập mã thay thế.',
  'passkeys.mail.addedSubject': 'Một passkey đã được thêm vào tài khoản của bạn',
  'passkeys.mail.addedBody':
    'Passkey “{{passkey}}” giờ có thể đăng nhập vào tài khoản của bạn. Nếu không phải bạn, hãy xóa nó trong phần cài đặt bảo mật, đổi mật khẩu và liên hệ bộ phận hỗ trợ.',
  'passkeys.mail.removedSubject': 'Một passkey đã bị xóa khỏi tài khoản của bạn',
  'passkeys.mail.removedBody':
    'Passkey “{{passkey}}” không còn đăng nhập được vào tài khoản của bạn. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ bộ phận hỗ trợ.',
}

export const passkeysMy: Record<Keys, string> = {
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
