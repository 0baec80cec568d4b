import type { passkeysEn } from './passkeys.ts'

// The Vietnamese texts of passkeys.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const passkeysVi: Record<keyof typeof passkeysEn, string> = {
  'recoveryCodes.info': 'Mã khôi phục của bạn',
  'recoveryCodes.regenerated': 'Đã tạo mã khôi phục mới. Các mã cũ không còn dùng được.',
  'recoveryCodes.format': 'Nhập mã khôi phục đúng như đã được cấp (24 chữ cái và chữ số)',
  'recoveryCodes.wrong': 'Mã khôi phục không đúng hoặc đã được sử dụng',
  'recoveryCodes.mail.usedSubject': 'Một mã khôi phục vừa được dùng để đăng nhập',
  'recoveryCodes.mail.usedBody':
    'Một mã khôi phục xác thực hai lớp vừa được dùng để đăng nhập vào tài khoản của bạn; còn {{remaining}} mã chưa dùng. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ bộ phận hỗ trợ ngay.',
  'recoveryCodes.mail.regeneratedSubject': 'Đã tạo mã khôi phục mới',
  'recoveryCodes.mail.regeneratedBody':
    'Mã khôi phục xác thực hai lớp mới đã được tạo cho tài khoản của bạn và các mã cũ không còn dùng được. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ bộ phận hỗ trợ ngay.',
  'passkeys.list': 'Khóa truy cập (passkey) của bạn',
  'passkeys.options': 'Xác nhận bằng passkey của bạn',
  'passkeys.added': 'Đã thêm passkey',
  'passkeys.deleted': 'Đã xóa passkey',
  'passkeys.nameRequired': 'Hãy đặt tên cho passkey',
  'passkeys.nameTooLong': 'Tên tối đa {{max}} ký tự',
  'passkeys.attemptInvalid': 'Yêu cầu passkey này đã hết hạn hoặc đã được dùng. Vui lòng thử lại.',
  'passkeys.notVerified': 'Không xác minh được passkey. Vui lòng thử lại.',
  'passkeys.alreadyAdded': 'Passkey này đã được đăng ký',
  'passkeys.tooMany': 'Mỗi tài khoản có tối đa {{max}} passkey. Hãy xóa bớt một passkey trước.',
  'passkeys.signInFailed': 'Không nhận ra passkey này. Hãy đăng nhập bằng mật khẩu hoặc thử passkey khác.',
  'passkeys.notFound': 'Không tìm thấy passkey',
  'passkeys.noneForAccount': 'Tài khoản này chưa có passkey. Hãy nhập mã thay thế.',
  'passkeys.mail.addedSubject': 'Một passkey đã được thêm vào tài khoản của bạn',
  'passkeys.mail.addedBody':
    'Passkey “{{passkey}}” giờ có thể đăng nhập vào tài khoản của bạn. Nếu không phải bạn, hãy xóa nó trong phần cài đặt bảo mật, đổi mật khẩu và liên hệ bộ phận hỗ trợ.',
  'passkeys.mail.removedSubject': 'Một passkey đã bị xóa khỏi tài khoản của bạn',
  'passkeys.mail.removedBody':
    'Passkey “{{passkey}}” không còn đăng nhập được vào tài khoản của bạn. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ bộ phận hỗ trợ.',
}
