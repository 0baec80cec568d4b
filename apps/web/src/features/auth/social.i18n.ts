import { sharedMessages } from '../../i18n/define.ts'

// The Google and Facebook buttons and return pages (docs/auth.md "Google and Facebook"): loaded only
// with them, so /login's first load does not carry these words.
export const socialSignInMessages = sharedMessages(
  'socialSignIn',
  {
    or: 'or',
    google: 'Sign in with Google',
    facebook: 'Sign in with Facebook',
    checking: 'Signing you in…',
    googleFailed: 'Login Google fail',
    facebookFailed: 'Login Facebook fail',
    back: 'Back to sign in',
  },
  {
    or: 'သို့မဟုတ်',
    google: 'Google ဖြင့် ဝင်မည်',
    facebook: 'Facebook ဖြင့် ဝင်မည်',
    checking: 'ဝင်ရောက်နေသည်…',
    googleFailed: 'Google ဖြင့် ဝင်ရောက်ခြင်း မအောင်မြင်ပါ',
    facebookFailed: 'Facebook ဖြင့် ဝင်ရောက်ခြင်း မအောင်မြင်ပါ',
    back: 'အကောင့်ဝင်ရန် ပြန်သွားမည်',
  },
  {
    or: 'hoặc',
    google: 'Đăng nhập bằng Google',
    facebook: 'Đăng nhập bằng Facebook',
    checking: 'Đang đăng nhập…',
    googleFailed: 'Đăng nhập Google thất bại',
    facebookFailed: 'Đăng nhập Facebook thất bại',
    back: 'Quay lại đăng nhập',
  },
)
