import { adminMessages } from '../../i18n/define.ts'

export const supportContactMessages = adminMessages(
  'adminSupportContact',
  {
    title: 'Support contact',
    intro:
      'Shown to customers on the help pages, the email change page and the maintenance page. Leave a field empty to hide it.',
    email: 'Support email',
    phone: 'Support phone',
    hours: 'Opening hours',
    hoursPlaceholder: 'Mon–Fri 8:00–17:00 (UTC+7)',
    save: 'Save',
    failed: 'Save support contact failed',
    links: {
      title: 'Prices and plans',
      intro: 'The other settings customers are billed by.',
      rates: 'Rates per service and their ranges',
      free: 'Free credit, discount percentage and USD→VND exchange rate',
      bank: 'Bank account for transfers',
      plans: 'Plans and their limits',
    },
  },
  {
    title: 'Liên hệ hỗ trợ',
    intro: 'Hiển thị cho khách hàng ở trang trợ giúp, trang đổi email và trang bảo trì. Để trống một ô để ẩn ô đó.',
    email: 'Email hỗ trợ',
    phone: 'Điện thoại hỗ trợ',
    hours: 'Giờ làm việc',
    hoursPlaceholder: 'Thứ 2–Thứ 6 8:00–17:00 (UTC+7)',
    save: 'Lưu',
    failed: 'Lưu liên hệ hỗ trợ thất bại',
    links: {
      title: 'Giá và gói',
      intro: 'Các cài đặt khác dùng để tính tiền khách hàng.',
      rates: 'Biểu giá theo dịch vụ và các khoảng',
      free: 'Tín dụng miễn phí, phần trăm chiết khấu và tỷ giá USD→VND',
      bank: 'Tài khoản ngân hàng nhận chuyển khoản',
      plans: 'Các gói và giới hạn',
    },
  },
)
