import { customerMessages } from '../../i18n/define.ts'

export const twoFactorMessages = customerMessages(
  'twoFactorSettings',
  {
    heading: 'Two-factor authentication',
    intro:
      'Besides your password, signing in asks for a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).',
    statusOn: 'On',
    statusOff: 'Off',
    onSince: 'On since {{date}}.',
    setUp: 'Set up two-factor authentication',
    step1: '1. Scan this QR code with your authenticator app.',
    manual: 'Cannot scan it? Enter this key in the app instead:',
    step2: '2. Enter the 6-digit code the app shows to confirm.',
    code: 'Authentication code',
    enable: 'Turn on',
    cancel: 'Cancel',
    turnOff: 'Turn off',
    confirmTitle: 'Turn off two-factor authentication?',
    confirmText:
      'Signing in will ask only for your password again. Confirm with your password and a current code from the app.',
    password: 'Password',
    confirmOff: 'Turn off',
    qrLabel: 'QR code for your authenticator app',
  },
  {
    heading: 'နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်း',
    intro:
      'စကားဝှက်အပြင် အကောင့်ဝင်ရာတွင် သင့်ဖုန်းရှိ အထောက်အထားစစ်ဆေးရေး အက်ပ် (Google Authenticator၊ Microsoft Authenticator၊ 1Password…) မှ ဂဏန်း ၆ လုံးပါ ကုဒ်ကို တောင်းပါမည်။',
    statusOn: 'ဖွင့်ထားသည်',
    statusOff: 'ပိတ်ထားသည်',
    onSince: '{{date}} မှစ၍ ဖွင့်ထားသည်။',
    setUp: 'နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်းကို စတင်မည်',
    step1: '၁။ ဤ QR ကုဒ်ကို သင့် အထောက်အထားစစ်ဆေးရေး အက်ပ်ဖြင့် စကင်ဖတ်ပါ။',
    manual: 'စကင်ဖတ်၍ မရပါသလား။ ဤ ကီးကို အက်ပ်တွင် ရိုက်ထည့်ပါ-',
    step2: '၂။ အတည်ပြုရန် အက်ပ်ပြသော ဂဏန်း ၆ လုံးပါ ကုဒ်ကို ထည့်ပါ။',
    code: 'အထောက်အထား ကုဒ်',
    enable: 'ဖွင့်မည်',
    cancel: 'မလုပ်တော့ပါ',
    turnOff: 'ပိတ်မည်',
    confirmTitle: 'နှစ်ဆင့် အထောက်အထားစိစစ်ခြင်းကို ပိတ်မလား။',
    confirmText: 'အကောင့်ဝင်ရာတွင် စကားဝှက်ကိုသာ ထပ်မံ တောင်းပါမည်။ သင့်စကားဝှက်နှင့် အက်ပ်မှ လက်ရှိကုဒ်ဖြင့် အတည်ပြုပါ။',
    password: 'စကားဝှက်',
    confirmOff: 'ပိတ်မည်',
    qrLabel: 'သင့် အထောက်အထားစစ်ဆေးရေး အက်ပ်အတွက် QR ကုဒ်',
  },
)
