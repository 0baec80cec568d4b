import type { ServiceType } from '@app/contract'
import { customerMessages, type Translation } from '../../i18n/define.ts'

// Readable names of the metered services, shared by the pricing popup and the dashboard's estimate.
const services = {
  LOAD_MAP: 'Map loads',
  STATIC_MAP: 'Static maps',
  GEOCODE: 'Geocoding',
  FORWARD_GEOCODE: 'Forward geocoding',
  REVERSE_GEOCODE: 'Reverse geocoding',
  DIRECTION: 'Directions',
  DISTANCE_MATRIX: 'Distance matrix',
  PLACE_DETAIL: 'Place details',
  AUTOCOMPLETE: 'Autocomplete',
  SESSION_AUTOCOMPLETE: 'Autocomplete (per session)',
  FIND_PLACE_FROM_TEXT: 'Find place from text',
  TRIP: 'Trip planning',
} as const satisfies Record<ServiceType, string>

const servicesMy: Translation<typeof services> = {
  LOAD_MAP: 'မြေပုံ ဖွင့်ခြင်း',
  STATIC_MAP: 'ပုံသေ မြေပုံများ',
  GEOCODE: 'Geocoding (လိပ်စာ ရှာဖွေခြင်း)',
  FORWARD_GEOCODE: 'လိပ်စာမှ တည်နေရာ ရှာခြင်း',
  REVERSE_GEOCODE: 'တည်နေရာမှ လိပ်စာ ရှာခြင်း',
  DIRECTION: 'လမ်းကြောင်း ညွှန်ခြင်း',
  DISTANCE_MATRIX: 'အကွာအဝေး ဇယား',
  PLACE_DETAIL: 'နေရာ အသေးစိတ်',
  AUTOCOMPLETE: 'အလိုအလျောက် ဖြည့်ခြင်း',
  SESSION_AUTOCOMPLETE: 'အလိုအလျောက် ဖြည့်ခြင်း (session အလိုက်)',
  FIND_PLACE_FROM_TEXT: 'စာသားဖြင့် နေရာ ရှာခြင်း',
  TRIP: 'ခရီးစဉ် စီစဉ်ခြင်း',
}

export const pricingMessages = customerMessages(
  'pricing',
  {
    title: 'Pricing',
    intro:
      'Prices per 1,000 requests in USD. Volume pricing: the requests of a month that fall in a tier are charged at that tier’s price.',
    service: 'Service',
    tiers: {
      first: 'Under {{to}}',
      middle: '{{from}} – {{to}}',
      last: 'Over {{from}}',
    },
    free: 'Free each month',
    freeRequests: '{{count}} requests',
    noFree: 'None',
    freeCredit: 'Every month, the first {{amount}} of your bill is free.',
    discount: 'Your account gets {{percent}}% off every bill.',
    legacy: 'Your account is billed by the earlier price list.',
    yourPrice: 'Your price',
    yourPriceHint: 'A price agreed for your account',
    compare: 'Compare with {{name}}',
    compareUnavailable: 'Comparison prices could not be loaded.',
    saving: 'Save {{percent}}%',
    savingHint: '{{percent}}% cheaper than {{name}}',
    empty: 'No prices are set yet.',
    services,
  },
  {
    title: 'စျေးနှုန်း',
    intro:
      'တောင်းဆိုမှု ၁,၀၀၀ လျှင် USD စျေးနှုန်းများ။ ပမာဏအလိုက် စျေးနှုန်း- တစ်လအတွင်း အဆင့်တစ်ခုတွင် ကျရောက်သော တောင်းဆိုမှုများကို ထိုအဆင့်၏ စျေးနှုန်းဖြင့် တွက်ချက်ပါသည်။',
    service: 'ဝန်ဆောင်မှု',
    tiers: {
      first: '{{to}} အောက်',
      middle: '{{from}} – {{to}}',
      last: '{{from}} အထက်',
    },
    free: 'လစဉ် အခမဲ့',
    freeRequests: 'တောင်းဆိုမှု {{count}}',
    noFree: 'မရှိပါ',
    freeCredit: 'လတိုင်း သင့်ငွေတောင်းခံလွှာ၏ ပထမ {{amount}} သည် အခမဲ့ ဖြစ်ပါသည်။',
    discount: 'သင့်အကောင့်သည် ငွေတောင်းခံလွှာတိုင်းတွင် {{percent}}% လျှော့စျေး ရရှိပါသည်။',
    legacy: 'သင့်အကောင့်ကို ယခင် စျေးနှုန်းစာရင်းဖြင့် တွက်ချက်ပါသည်။',
    yourPrice: 'သင့်စျေးနှုန်း',
    yourPriceHint: 'သင့်အကောင့်အတွက် သဘောတူထားသော စျေးနှုန်း',
    compare: '{{name}} နှင့် နှိုင်းယှဉ်မည်',
    compareUnavailable: 'နှိုင်းယှဉ်ရန် စျေးနှုန်းများကို ဖွင့်၍ မရပါ။',
    saving: '{{percent}}% သက်သာ',
    savingHint: '{{name}} ထက် {{percent}}% သက်သာသည်',
    empty: 'စျေးနှုန်း သတ်မှတ်ထားခြင်း မရှိသေးပါ။',
    services: servicesMy,
  },
)
