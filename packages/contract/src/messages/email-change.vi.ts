import type { emailChangeEn } from './email-change.ts'

// The Vietnamese texts of email-change.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const emailChangeVi: Record<keyof typeof emailChangeEn, string> = {
  'emailChange.confirmRequired': 'Vui lòng nhập lại email mới',
  'emailChange.confirmMismatch': 'Hai địa chỉ email không giống nhau',
  'emailChange.reasonRequired': 'Vui lòng nhập lý do',
  'emailChange.reasonTooLong': 'Lý do tối đa {{max}} ký tự',
  'emailChange.refuseReasonRequired': 'Vui lòng nhập lý do từ chối',
  'emailChange.refuseReasonTooLong': 'Lý do tối đa {{max}} ký tự',
  'emailChange.emailUsed': 'Vui lòng nhập lại email mới. Email này đã được sử dụng',
  'emailChange.emailFree': 'Có thể dùng email này',
  'emailChange.sameEmail': 'Đây đã là địa chỉ email của bạn',
  'emailChange.pending': 'Bạn đang có một yêu cầu đổi email chưa xử lý. Vui lòng chờ đến khi yêu cầu được xử lý.',
  'emailChange.notFound': 'Không tìm thấy yêu cầu đổi email',
  'emailChange.alreadyHandled': 'Yêu cầu này đã được xử lý',
  'emailChange.requested': 'Đã gửi yêu cầu đổi email. Nhân viên sẽ sớm xử lý.',
  'emailChange.completed': 'Địa chỉ email hiện là {{email}}',
  'emailChange.refused': 'Đã từ chối yêu cầu',
  'emailChange.mail.changedSubject': 'Địa chỉ email của tài khoản đã được thay đổi',
  'emailChange.mail.changedBody':
    'Theo yêu cầu của bạn, địa chỉ email của tài khoản Maps Portal đã đổi từ {{old}} sang {{new}}. Bạn đã được đăng xuất ở mọi nơi: hãy đăng nhập lại bằng địa chỉ mới. Nếu bạn không yêu cầu việc này, hãy liên hệ bộ phận hỗ trợ ngay.',
  'emailChange.mail.welcomeSubject': 'Đây là địa chỉ email mới của tài khoản',
  'emailChange.mail.welcomeBody':
    'Địa chỉ email của tài khoản Maps Portal hiện là {{new}}. Từ nay hãy đăng nhập bằng địa chỉ này.',
  'emailChange.mail.refusedSubject': 'Yêu cầu đổi email đã bị từ chối',
  'emailChange.mail.refusedBody':
    'Yêu cầu đổi địa chỉ email của tài khoản sang {{new}} đã bị từ chối. Lý do: {{reason}}',
}
