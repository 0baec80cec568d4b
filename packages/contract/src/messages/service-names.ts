// The metered services' readable names (issue 20: bills and back-office screens showed codes such as
// LOAD_MAP), in the three languages; `serviceName` in format.ts reads them. Spread into en.ts, vi.ts and my.ts.

export const serviceNamesEn = {
  'services.LOAD_MAP': 'Map loads',
  'services.STATIC_MAP': 'Static maps',
  'services.GEOCODE': 'Geocoding',
  'services.FORWARD_GEOCODE': 'Forward geocoding',
  'services.REVERSE_GEOCODE': 'Reverse geocoding',
  'services.DIRECTION': 'Directions',
  'services.DISTANCE_MATRIX': 'Distance matrix',
  'services.PLACE_DETAIL': 'Place details',
  'services.AUTOCOMPLETE': 'Autocomplete',
  'services.SESSION_AUTOCOMPLETE': 'Autocomplete (per session)',
  'services.FIND_PLACE_FROM_TEXT': 'Find place from text',
  'services.TRIP': 'Trip planning',
} as const

export const serviceNamesVi: Record<keyof typeof serviceNamesEn, string> = {
  'services.LOAD_MAP': 'Tải bản đồ',
  'services.STATIC_MAP': 'Bản đồ tĩnh',
  'services.GEOCODE': 'Mã hóa địa lý',
  'services.FORWARD_GEOCODE': 'Tìm tọa độ từ địa chỉ',
  'services.REVERSE_GEOCODE': 'Tìm địa chỉ từ tọa độ',
  'services.DIRECTION': 'Chỉ đường',
  'services.DISTANCE_MATRIX': 'Ma trận khoảng cách',
  'services.PLACE_DETAIL': 'Chi tiết địa điểm',
  'services.AUTOCOMPLETE': 'Gợi ý tự động',
  'services.SESSION_AUTOCOMPLETE': 'Gợi ý tự động (theo phiên)',
  'services.FIND_PLACE_FROM_TEXT': 'Tìm địa điểm theo văn bản',
  'services.TRIP': 'Lập lộ trình',
}

export const serviceNamesMy: Record<keyof typeof serviceNamesEn, string> = {
  'services.LOAD_MAP': 'မြေပုံ ဖွင့်ခြင်း',
  'services.STATIC_MAP': 'ပုံသေ မြေပုံများ',
  'services.GEOCODE': 'ဂျီအိုကုဒ်ဒင်း (လိပ်စာ ရှာဖွေခြင်း)',
  'services.FORWARD_GEOCODE': 'လိပ်စာမှ တည်နေရာ ရှာခြင်း',
  'services.REVERSE_GEOCODE': 'တည်နေရာမှ လိပ်စာ ရှာခြင်း',
  'services.DIRECTION': 'လမ်းကြောင်း ညွှန်ခြင်း',
  'services.DISTANCE_MATRIX': 'အကွာအဝေး ဇယား',
  'services.PLACE_DETAIL': 'နေရာ အသေးစိတ်',
  'services.AUTOCOMPLETE': 'အလိုအလျောက် ဖြည့်ခြင်း',
  'services.SESSION_AUTOCOMPLETE': 'အလိုအလျောက် ဖြည့်ခြင်း (ဆက်ရှင်အလိုက်)',
  'services.FIND_PLACE_FROM_TEXT': 'စာသားဖြင့် နေရာ ရှာခြင်း',
  'services.TRIP': 'ခရီးစဉ် စီစဉ်ခြင်း',
}
