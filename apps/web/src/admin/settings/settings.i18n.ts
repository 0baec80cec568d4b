import { adminMessages } from '../../i18n/define.ts'

export const adminSettingsMessages = adminMessages(
  'adminSettings',
  {
    title: 'Settings',
    tabs: {
      general: 'General',
      rates: 'Rates',
      private: 'Private rates',
      free: 'Free credit & billing',
      comparison: 'Comparison',
    },
    maintenance: {
      title: 'Maintenance mode',
      switchLabel: 'Maintenance mode',
      description:
        'While maintenance is on, customers see the maintenance page and their calls are refused. Administrators and support staff keep working.',
      stateOn: 'On: customers see the maintenance page',
      stateOff: 'Off: the portal is open to everyone',
      confirmOnTitle: 'Turn maintenance mode on?',
      confirmOnText:
        'Customers are sent to the maintenance page at their next action and cannot use the portal until you turn it off.',
      confirmOffTitle: 'Turn maintenance mode off?',
      confirmOffText: 'Customers can use the portal again straight away.',
      turnOn: 'Turn on',
      turnOff: 'Turn off',
    },
  },
  {
    title: 'Cài đặt',
    tabs: {
      general: 'Chung',
      rates: 'Biểu giá',
      private: 'Giá riêng',
      free: 'Tín dụng miễn phí & hóa đơn',
      comparison: 'So sánh',
    },
    maintenance: {
      title: 'Chế độ bảo trì',
      switchLabel: 'Chế độ bảo trì',
      description:
        'Khi bật bảo trì, khách hàng sẽ thấy trang bảo trì và các yêu cầu của họ bị từ chối. Quản trị viên và nhân viên hỗ trợ vẫn làm việc bình thường.',
      stateOn: 'Đang bật: khách hàng thấy trang bảo trì',
      stateOff: 'Đang tắt: cổng thông tin mở cho mọi người',
      confirmOnTitle: 'Bật chế độ bảo trì?',
      confirmOnText:
        'Khách hàng sẽ được chuyển tới trang bảo trì ở thao tác tiếp theo và không thể dùng cổng thông tin cho tới khi bạn tắt.',
      confirmOffTitle: 'Tắt chế độ bảo trì?',
      confirmOffText: 'Khách hàng có thể dùng lại cổng thông tin ngay lập tức.',
      turnOn: 'Bật',
      turnOff: 'Tắt',
    },
  },
)
