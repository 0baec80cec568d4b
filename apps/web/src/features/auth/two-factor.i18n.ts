import { sharedMessages } from '../../i18n/define.ts'

// The second step of a sign-in (docs/auth.md): loaded only with that page, so /login's first load
// does not carry these words.
export const twoFactorSignInMessages = sharedMessages(
  'twoFactorSignIn',
  {
    title: 'Two-factor authentication',
    subtitle: 'Open your authenticator app and enter the 6-digit code it shows for this account.',
    code: 'Authentication code',
    submit: 'Verify',
    expired: 'This sign-in has expired. Please sign in again.',
    back: 'Back to sign in',
    lost: 'Lost your device? Contact support to recover the account.',
  },
  {
    title: 'နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်း',
    subtitle: 'သင့် အထောက်အထားစစ်ဆေးရေး အက်ပ်ကိုဖွင့်ပြီး ဤအကောင့်အတွက် ပြသော ဂဏန်း ၆ လုံးပါ ကုဒ်ကို ထည့်ပါ။',
    code: 'အထောက်အထား ကုဒ်',
    submit: 'အတည်ပြုမည်',
    expired: 'ဤအကောင့်ဝင်ခြင်း သက်တမ်းကုန်သွားပြီ။ ထပ်မံ ဝင်ရောက်ပါ။',
    back: 'အကောင့်ဝင်ရန် ပြန်သွားမည်',
    lost: 'စက်ပစ္စည်း ပျောက်သွားပါသလား။ အကောင့်ပြန်ရရန် အကူအညီကို ဆက်သွယ်ပါ။',
  },
  {
    title: 'Xác thực hai lớp',
    subtitle: 'Mở ứng dụng xác thực và nhập mã 6 chữ số hiển thị cho tài khoản này.',
    code: 'Mã xác thực',
    submit: 'Xác minh',
    expired: 'Phiên đăng nhập này đã hết hạn. Vui lòng đăng nhập lại.',
    back: 'Quay lại đăng nhập',
    lost: 'Mất thiết bị? Hãy liên hệ bộ phận hỗ trợ để khôi phục tài khoản.',
  },
)
