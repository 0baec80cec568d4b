import { sharedMessages } from '../../i18n/define.ts'

// The passkey button of /login (its words avoid "sign in", which the sign-in button is found by) and the other ways of /login/two-factor: loaded only with them.
export const passkeySignInMessages = sharedMessages(
  'passkeySignIn',
  {
    signIn: 'Continue with a passkey',
    cancelled: 'No passkey was used (cancelled or timed out). Try again, or sign in with your password.',
    usePasskey: 'Use a passkey instead',
    useRecoveryCode: 'Use a recovery code',
    useAppCode: 'Use the code from the app',
    recoveryCode: 'Recovery code',
    recoveryTitle: 'Use a recovery code',
    recoverySubtitle: 'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
  },
  {
    signIn: 'ပတ်စ်ကီးဖြင့် ဆက်လုပ်မည်',
    cancelled: 'ပတ်စ်ကီးကို မသုံးခဲ့ပါ (ပယ်ဖျက်ခဲ့သည် သို့မဟုတ် အချိန်ကုန်သွားသည်)။ ထပ်ကြိုးစားပါ သို့မဟုတ် စကားဝှက်ဖြင့် ဝင်ပါ။',
    usePasskey: 'ယင်းအစား ပတ်စ်ကီးကို သုံးမည်',
    useRecoveryCode: 'ပြန်လည်ရယူရေး ကုဒ်ကို သုံးမည်',
    useAppCode: 'အက်ပ်မှ ကုဒ်ကို သုံးမည်',
    recoveryCode: 'ပြန်လည်ရယူရေး ကုဒ်',
    recoveryTitle: 'ပြန်လည်ရယူရေး ကုဒ်ကို သုံးပါ',
    recoverySubtitle: 'နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်းကို ဖွင့်စဉ်က သိမ်းထားသော ပြန်လည်ရယူရေး ကုဒ်များထဲမှ တစ်ခုကို ထည့်ပါ။',
  },
  {
    signIn: 'Tiếp tục bằng passkey',
    cancelled: 'Chưa dùng passkey (đã hủy hoặc hết thời gian). Hãy thử lại hoặc đăng nhập bằng mật khẩu.',
    usePasskey: 'Dùng passkey thay thế',
    useRecoveryCode: 'Dùng mã khôi phục',
    useAppCode: 'Dùng mã từ ứng dụng',
    recoveryCode: 'Mã khôi phục',
    recoveryTitle: 'Dùng mã khôi phục',
    recoverySubtitle: 'Nhập một trong các mã khôi phục bạn đã lưu khi bật xác thực hai lớp.',
  },
)
