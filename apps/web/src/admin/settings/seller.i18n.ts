import { adminMessages } from '../../i18n/define.ts'

export const sellerMessages = adminMessages(
  'adminSeller',
  {
    title: 'Seller on bills',
    intro:
      'Printed at the top of every bill (PDF and XLSX). Each month’s bill run keeps the details as they are then, so a change does not rewrite bills already made. Leave a field empty to leave it off.',
    name: 'Legal name',
    address: 'Address',
    taxCode: 'Tax number',
    save: 'Save seller details',
    failed: 'Save seller details failed',
  },
  {
    title: 'Bên bán trên hóa đơn',
    intro:
      'In ở đầu mỗi hóa đơn (PDF và XLSX). Mỗi lần lập hóa đơn tháng giữ nguyên thông tin tại thời điểm đó, nên thay đổi không làm thay đổi các hóa đơn đã lập. Để trống một ô để không in ô đó.',
    name: 'Tên pháp lý',
    address: 'Địa chỉ',
    taxCode: 'Mã số thuế',
    save: 'Lưu thông tin bên bán',
    failed: 'Lưu thông tin bên bán thất bại',
  },
)
