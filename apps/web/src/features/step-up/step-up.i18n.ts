import { sharedMessages } from '../../i18n/define.ts'

// The step-up dialog's words. Shared: keys are copied in the customer area (English, Burmese) and in
// the back office (English, Vietnamese). `key*` and `confirmCopy` are for copying a key's secret; the
// others name no act (adding a passkey, new recovery codes…).
export const stepUpMessages = sharedMessages(
  'stepUp',
  {
    title: 'Confirm it is you',
    introPassword: 'Enter your password to go on; you will not be asked again for {{minutes}} minutes.',
    introCode:
      'Enter the 6-digit code from your authenticator app to go on; you will not be asked again for {{minutes}} minutes.',
    keyIntroPassword:
      'A key is a secret. Enter your password to show it; you will not be asked again for {{minutes}} minutes.',
    keyIntroCode:
      'A key is a secret. Enter the 6-digit code from your authenticator app to show it; you will not be asked again for {{minutes}} minutes.',
    unavailable:
      'Your account has no password and no two-factor authentication, so it cannot confirm it is you. Choose a password with “Forgot password” first.',
    password: 'Password',
    code: 'Authentication code',
    confirm: 'Confirm',
    confirmCopy: 'Confirm and copy',
    cancel: 'Cancel',
  },
  {
    title: 'သင်ဖြစ်ကြောင်း အတည်ပြုပါ',
    introPassword: 'ဆက်လုပ်ရန် သင့်စကားဝှက်ကို ထည့်ပါ၊ {{minutes}} မိနစ်အတွင်း ထပ်မမေးပါ။',
    introCode: 'ဆက်လုပ်ရန် အထောက်အထားစစ်ဆေးရေး အက်ပ်မှ ဂဏန်း ၆ လုံး ကုဒ်ကို ထည့်ပါ၊ {{minutes}} မိနစ်အတွင်း ထပ်မမေးပါ။',
    keyIntroPassword: 'ကီးသည် လျှို့ဝှက်ချက် ဖြစ်ပါသည်။ ၎င်းကို ပြသရန် သင့်စကားဝှက်ကို ထည့်ပါ၊ {{minutes}} မိနစ်အတွင်း ထပ်မမေးပါ။',
    keyIntroCode:
      'ကီးသည် လျှို့ဝှက်ချက် ဖြစ်ပါသည်။ ၎င်းကို ပြသရန် အထောက်အထားစစ်ဆေးရေး အက်ပ်မှ ဂဏန်း ၆ လုံး ကုဒ်ကို ထည့်ပါ၊ {{minutes}} မိနစ်အတွင်း ထပ်မမေးပါ။',
    unavailable:
      'သင့်အကောင့်တွင် စကားဝှက်နှင့် နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်းမရှိသဖြင့် သင်ဖြစ်ကြောင်း အတည်ပြု၍ မရပါ။ “စကားဝှက် မေ့နေပါသလား” ဖြင့် စကားဝှက်ကို ဦးစွာ ရွေးပါ။',
    password: 'စကားဝှက်',
    code: 'အတည်ပြုကုဒ်',
    confirm: 'အတည်ပြုမည်',
    confirmCopy: 'အတည်ပြုပြီး ကူးယူမည်',
    cancel: 'မလုပ်တော့ပါ',
  },
  {
    title: 'Xác nhận đó là bạn',
    introPassword: 'Nhập mật khẩu để tiếp tục; bạn sẽ không bị hỏi lại trong {{minutes}} phút.',
    introCode: 'Nhập mã 6 chữ số từ ứng dụng xác thực để tiếp tục; bạn sẽ không bị hỏi lại trong {{minutes}} phút.',
    keyIntroPassword:
      'Khóa là thông tin bí mật. Nhập mật khẩu để hiển thị khóa; bạn sẽ không bị hỏi lại trong {{minutes}} phút.',
    keyIntroCode:
      'Khóa là thông tin bí mật. Nhập mã 6 chữ số từ ứng dụng xác thực để hiển thị khóa; bạn sẽ không bị hỏi lại trong {{minutes}} phút.',
    unavailable:
      'Tài khoản của bạn không có mật khẩu và chưa bật xác thực hai lớp nên không thể xác nhận. Hãy đặt mật khẩu bằng “Quên mật khẩu” trước.',
    password: 'Mật khẩu',
    code: 'Mã xác thực',
    confirm: 'Xác nhận',
    confirmCopy: 'Xác nhận và sao chép',
    cancel: 'Hủy',
  },
)
