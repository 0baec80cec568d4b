import { customerMessages } from '../../i18n/define.ts'

// The customer's key screens: /keys, /createKey and /edit. The form's own words are in key-form.i18n.ts.
export const keysMessages = customerMessages(
  'keys',
  {
    title: 'API keys',
    intro:
      'Keys let your apps and web pages call the maps API. Restrict each key to the pages or addresses that use it.',
    create: 'Create API key',
    views: { live: 'Keys', deleted: 'Deleted keys' },
    empty: {
      title: 'No keys yet',
      hint: 'Create your first key to start calling the maps API from your app or website.',
      action: 'Create your first API key',
    },
    deleted: {
      intro: 'Deleted keys never work again. They are listed here for your records and cannot be changed.',
      empty: 'No deleted keys',
    },
    list: {
      total: 'Total: {{count}}',
      createdOn: 'Created {{date}}',
      modifiedOn: 'modified {{date}}',
      deletedOn: 'deleted {{date}}',
      oldKeyUntil: 'The previous key works until {{time}}',
      blocked: 'Keys cannot be changed while your account is suspended.',
    },
    columns: {
      name: 'Name',
      type: 'Type',
      key: 'Key',
      restrictions: 'Restrictions',
      created: 'Created',
      modified: 'Last modified',
      deleted: 'Deleted',
      status: 'Status',
      actions: 'Actions',
      caps: 'Monthly cap',
    },
    actions: {
      editNamed: 'Edit “{{name}}”',
      more: 'More actions for “{{name}}”',
      duplicate: 'Duplicate',
      roll: 'Roll key',
      delete: 'Delete',
    },
    failed: { duplicate: 'Duplicate key failed', roll: 'Roll key failed', delete: 'Delete key failed' },
    delete: {
      title: 'Delete the key “{{name}}”?',
      content:
        'Apps and pages using it stop working at once. The key moves to Deleted keys and cannot be brought back.',
      ok: 'Delete',
    },
    roll: {
      title: 'Roll the key “{{name}}”',
      intro:
        'Rolling issues a new secret for this key; its name, type and restrictions stay as they are. Use it when the key may have leaked, or to rotate it regularly.',
      grace: 'Grace period',
      graceHint:
        'How long the current secret keeps working (0 to {{max}} hours), so you can put the new one in place without an outage.',
      unit: 'h',
      hours: '{{count}} h',
      now: 'The current secret stops working at once.',
      until: 'The current secret keeps working until {{time}}, then stops.',
      ok: 'Roll key',
    },
    secret: {
      created: 'Your new key “{{name}}”',
      duplicated: 'The copy “{{name}}” has its own key',
      rolled: 'The new secret of “{{name}}”',
      once: 'Copy the key now',
      onceHint:
        'This is the only time it is shown in full. Keep it somewhere safe, such as your app’s configuration; you can copy it again later from the key list, after confirming your password.',
      done: 'Done',
    },
    notices: {
      unverifiedHint:
        'Open the link in the email we sent you. Keys can be created as soon as the address is confirmed.',
      phone: 'Keys need a verified phone number',
      phoneHint: 'Add your phone number in your profile and confirm it with the code we send by SMS.',
      phoneAction: 'Verify your phone',
    },
    form: {
      createTitle: 'Create API key',
      editTitle: 'Edit API key',
      createIntro: 'Name the key after what uses it, and restrict it to the pages or addresses it serves.',
      back: 'Back to keys',
      deletedTitle: 'The key “{{name}}” has been deleted',
      deletedHint: 'A deleted key never works again and can no longer be edited.',
    },
  },
  {
    title: 'API ကီးများ',
    intro:
      'ကီးများဖြင့် သင့် အက်ပ်နှင့် ဝဘ်စာမျက်နှာများက မြေပုံ API ကို ခေါ်ဆိုနိုင်သည်။ ကီးတစ်ခုစီကို ၎င်းကို အသုံးပြုသော စာမျက်နှာ သို့မဟုတ် လိပ်စာများအတွက်သာ ကန့်သတ်ပါ။',
    create: 'API ကီးဖန်တီးမည်',
    views: { live: 'ကီးများ', deleted: 'ဖျက်ထားသော ကီးများ' },
    empty: {
      title: 'ကီးမရှိသေးပါ',
      hint: 'သင့် အက်ပ်သို့မဟုတ် ဝဘ်ဆိုက်မှ မြေပုံ API ကို စတင်ခေါ်ဆိုရန် ပထမဆုံး ကီးကို ဖန်တီးပါ။',
      action: 'ပထမဆုံး API ကီးကို ဖန်တီးမည်',
    },
    deleted: {
      intro: 'ဖျက်ထားသော ကီးများသည် ထပ်မံ အလုပ်မလုပ်တော့ပါ။ မှတ်တမ်းအတွက်သာ ဤနေရာတွင် ပြထားပြီး ပြောင်းလဲ၍ မရပါ။',
      empty: 'ဖျက်ထားသော ကီးမရှိပါ',
    },
    list: {
      total: 'စုစုပေါင်း- {{count}}',
      createdOn: '{{date}} တွင် ဖန်တီးသည်',
      modifiedOn: '{{date}} တွင် ပြင်ဆင်သည်',
      deletedOn: '{{date}} တွင် ဖျက်သည်',
      oldKeyUntil: 'ယခင် ကီးသည် {{time}} အထိ အလုပ်လုပ်ပါသည်',
      blocked: 'သင့်အကောင့် ဆိုင်းငံ့ထားစဉ် ကီးများကို ပြောင်းလဲ၍ မရပါ။',
    },
    columns: {
      name: 'အမည်',
      type: 'အမျိုးအစား',
      key: 'ကီး',
      restrictions: 'ကန့်သတ်ချက်များ',
      created: 'ဖန်တီးသည့်နေ့',
      modified: 'နောက်ဆုံး ပြင်ဆင်သည့်နေ့',
      deleted: 'ဖျက်သည့်နေ့',
      status: 'အခြေအနေ',
      actions: 'လုပ်ဆောင်ချက်များ',
      caps: 'လစဉ် ကန့်သတ်ချက်',
    },
    actions: {
      editNamed: '“{{name}}” ကို ပြင်ဆင်မည်',
      more: '“{{name}}” အတွက် နောက်ထပ် လုပ်ဆောင်ချက်များ',
      duplicate: 'ပွားမည်',
      roll: 'ကီးလှည့်ပြောင်းမည်',
      delete: 'ဖျက်မည်',
    },
    failed: {
      duplicate: 'ကီးပွား၍ မရပါ',
      roll: 'ကီးလှည့်ပြောင်း၍ မရပါ',
      delete: 'ကီးဖျက်၍ မရပါ',
    },
    delete: {
      title: 'ကီး “{{name}}” ကို ဖျက်မလား?',
      content: '၎င်းကို အသုံးပြုနေသော အက်ပ်နှင့် စာမျက်နှာများ ချက်ချင်း အလုပ်မလုပ်တော့ပါ။ ကီးသည် ဖျက်ထားသော ကီးများသို့ ရွှေ့သွားပြီး ပြန်ယူ၍ မရပါ။',
      ok: 'ဖျက်မည်',
    },
    roll: {
      title: 'ကီး “{{name}}” ကို လှည့်ပြောင်းရန်',
      intro:
        'လှည့်ပြောင်းခြင်းသည် ဤ ကီးအတွက် လျှို့ဝှက်ကုဒ်အသစ် ထုတ်ပေးသည်၊ အမည်၊ အမျိုးအစားနှင့် ကန့်သတ်ချက်များ မပြောင်းပါ။ ကီးပေါက်ကြားနိုင်သည့်အခါ သို့မဟုတ် ပုံမှန် အလှည့်ကျ ပြောင်းရန် အသုံးပြုပါ။',
      grace: 'ကူးပြောင်းကာလ',
      graceHint: 'လက်ရှိ လျှို့ဝှက်ကုဒ် ဆက်လက် အလုပ်လုပ်မည့်ကာလ (0 မှ {{max}} နာရီ)၊ အသစ်ကို ရပ်ဆိုင်းမှုမရှိဘဲ အစားထိုးနိုင်ရန်။',
      unit: 'နာရီ',
      hours: '{{count}} နာရီ',
      now: 'လက်ရှိ လျှို့ဝှက်ကုဒ်သည် ချက်ချင်း အလုပ်မလုပ်တော့ပါ။',
      until: 'လက်ရှိ လျှို့ဝှက်ကုဒ်သည် {{time}} အထိ အလုပ်လုပ်ပြီးနောက် ရပ်သွားပါမည်။',
      ok: 'ကီးလှည့်ပြောင်းမည်',
    },
    secret: {
      created: 'သင့် ကီးအသစ် “{{name}}”',
      duplicated: 'မိတ္တူ “{{name}}” တွင် ကိုယ်ပိုင် ကီးရှိသည်',
      rolled: '“{{name}}” ၏ လျှို့ဝှက်ကုဒ်အသစ်',
      once: 'ကီးကို ယခု ကူးယူပါ',
      onceHint:
        'အပြည့်အစုံ ပြသမည့် တစ်ကြိမ်တည်းသော အခါ ဖြစ်သည်။ သင့် အက်ပ်၏ ဖွဲ့စည်းပုံကဲ့သို့ လုံခြုံသောနေရာတွင် သိမ်းပါ၊ နောက်ပိုင်းတွင် သင့်စကားဝှက်ကို အတည်ပြုပြီး ကီးစာရင်းမှ ထပ်မံ ကူးယူနိုင်သည်။',
      done: 'ပြီးပါပြီ',
    },
    notices: {
      unverifiedHint: 'ကျွန်ုပ်တို့ ပို့ထားသော အီးမေးလ်ရှိ လင့်ခ်ကို ဖွင့်ပါ။ လိပ်စာ အတည်ပြုပြီးသည်နှင့် ကီးများ ဖန်တီးနိုင်ပါသည်။',
      phone: 'ကီးများအတွက် အတည်ပြုထားသော ဖုန်းနံပါတ် လိုအပ်သည်',
      phoneHint: 'သင့်ပရိုဖိုင်တွင် ဖုန်းနံပါတ် ထည့်ပြီး SMS ဖြင့် ပို့သော ကုဒ်ဖြင့် အတည်ပြုပါ။',
      phoneAction: 'ဖုန်းကို အတည်ပြုမည်',
    },
    form: {
      createTitle: 'API ကီးဖန်တီးရန်',
      editTitle: 'API ကီးပြင်ဆင်ရန်',
      createIntro: 'ကီးကို ၎င်းကို အသုံးပြုမည့်အရာအလိုက် အမည်ပေးပြီး ၎င်း ဝန်ဆောင်မှုပေးသော စာမျက်နှာ သို့မဟုတ် လိပ်စာများအတွက် ကန့်သတ်ပါ။',
      back: 'ကီးများသို့ ပြန်သွားမည်',
      deletedTitle: 'ကီး “{{name}}” ကို ဖျက်ပြီး ဖြစ်ပါသည်',
      deletedHint: 'ဖျက်ထားသော ကီးသည် ထပ်မံ အလုပ်မလုပ်တော့ဘဲ ပြင်ဆင်၍လည်း မရတော့ပါ။',
    },
  },
)
