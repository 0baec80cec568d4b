import { adminMessages } from '../../i18n/define.ts'

export const overviewMessages = adminMessages(
  'adminOverview',
  {
    title: 'Overview',
    welcome: 'Welcome to the back office, {{name}}',
    soon: 'Key figures (accounts, sign-ups, active keys, requests and revenue) and their charts appear here once usage metering and billing are in place.',
    shortcuts: 'Shortcuts',
    outbox: 'Outbox: every email the portal sent or stored',
    settings: 'Settings: maintenance mode',
    apiDocs: 'API reference',
  },
  {
    title: 'Tổng quan',
    welcome: 'Chào mừng đến trang quản trị, {{name}}',
    soon: 'Các chỉ số chính (tài khoản, lượt đăng ký, khóa đang hoạt động, lượt gọi và doanh thu) cùng biểu đồ sẽ xuất hiện ở đây khi có đo lường sử dụng và thanh toán.',
    shortcuts: 'Lối tắt',
    outbox: 'Hộp thư đi: mọi email cổng thông tin đã gửi hoặc lưu',
    settings: 'Cài đặt: chế độ bảo trì',
    apiDocs: 'Tài liệu API',
  },
)
