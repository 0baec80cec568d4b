import { sharedMessages } from '../../i18n/define.ts'

// The charts appear in the customer area and the back office, so they speak all three languages.
export const chartsMessages = sharedMessages(
  'charts',
  {
    kind: { label: 'Chart type', line: 'Line', pie: 'Pie' },
    empty: 'No requests in this period',
    summary: {
      line: 'Line chart of requests by service: {{summary}}',
      pie: 'Pie chart of requests by service: {{summary}}',
    },
  },
  {
    kind: { label: 'ဇယား အမျိုးအစား', line: 'မျဉ်း', pie: 'စက်ဝိုင်း' },
    empty: 'ဤကာလအတွင်း တောင်းဆိုမှု မရှိပါ',
    summary: {
      line: 'ဝန်ဆောင်မှုအလိုက် တောင်းဆိုမှု မျဉ်းဇယား: {{summary}}',
      pie: 'ဝန်ဆောင်မှုအလိုက် တောင်းဆိုမှု စက်ဝိုင်းဇယား: {{summary}}',
    },
  },
  {
    kind: { label: 'Loại biểu đồ', line: 'Đường', pie: 'Tròn' },
    empty: 'Không có yêu cầu nào trong khoảng thời gian này',
    summary: {
      line: 'Biểu đồ đường số yêu cầu theo dịch vụ: {{summary}}',
      pie: 'Biểu đồ tròn số yêu cầu theo dịch vụ: {{summary}}',
    },
  },
)
