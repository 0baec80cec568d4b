// Messages of e-mail change requests, in each language.
// en.ts, vi.ts and my.ts spread these in; the Record types make a missing translation a type error.

export const emailChangeEn = {
  'emailChange.confirmRequired': 'Please re-enter the new email',
  'emailChange.confirmMismatch': 'The two email addresses are not the same',
  'emailChange.reasonRequired': 'Please give a reason',
  'emailChange.reasonTooLong': 'The reason must be at most {{max}} characters',
  'emailChange.refuseReasonRequired': 'Please give the reason for the refusal',
  'emailChange.refuseReasonTooLong': 'The reason must be at most {{max}} characters',
  'emailChange.emailUsed': 'Please re-enter new Email. This email has been used',
  'emailChange.emailFree': 'This email can be used',
  'emailChange.sameEmail': 'This is already your email address',
  'emailChange.pending': 'You already have an email change request in progress. Please wait until it is handled.',
  'emailChange.notFound': 'Email change request not found',
  'emailChange.alreadyHandled': 'This request has already been handled',
  'emailChange.requested': 'Your email change request was sent. Our staff will handle it soon.',
  'emailChange.completed': 'The email address is now {{email}}',
  'emailChange.refused': 'The request was refused',
  'emailChange.mail.changedSubject': 'The email address of your account was changed',
  'emailChange.mail.changedBody':
    'As you asked, the email address of your Maps Portal account was changed from {{old}} to {{new}}. You were signed out everywhere: sign in again with the new address. If you did not ask for this, contact our support at once.',
  'emailChange.mail.welcomeSubject': 'This is now the email address of your account',
  'emailChange.mail.welcomeBody':
    'The email address of your Maps Portal account is now {{new}}. Sign in with it from now on.',
  'emailChange.mail.refusedSubject': 'Your email change request was refused',
  'emailChange.mail.refusedBody':
    'Your request to change the email address of your account to {{new}} was refused. Reason: {{reason}}',
} as const

type Keys = keyof typeof emailChangeEn

export const emailChangeVi: Record<Keys, string> = {
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

export const emailChangeMy: Record<Keys, string> = {
  'emailChange.confirmRequired': 'အီးမေးလ်အသစ်ကို ထပ်မံ ရိုက်ထည့်ပါ',
  'emailChange.confirmMismatch': 'အီးမေးလ်လိပ်စာ နှစ်ခု မတူညီပါ',
  'emailChange.reasonRequired': 'အကြောင်းပြချက် ထည့်ပါ',
  'emailChange.reasonTooLong': 'အကြောင်းပြချက်သည် စာလုံး {{max}} လုံးအထိသာ ဖြစ်ရမည်',
  'emailChange.refuseReasonRequired': 'ငြင်းပယ်ရသည့် အကြောင်းပြချက် ထည့်ပါ',
  'emailChange.refuseReasonTooLong': 'အကြောင်းပြချက်သည် စာလုံး {{max}} လုံးအထိသာ ဖြစ်ရမည်',
  'emailChange.emailUsed': 'အီးမေးလ်အသစ်ကို ထပ်မံ ရိုက်ထည့်ပါ။ ဤ အီးမေးလ်ကို အသုံးပြုပြီး ဖြစ်သည်',
  'emailChange.emailFree': 'ဤ အီးမေးလ်ကို အသုံးပြုနိုင်သည်',
  'emailChange.sameEmail': 'ဤလိပ်စာသည် သင့်လက်ရှိ အီးမေးလ်ဖြစ်ပြီးသားပါ',
  'emailChange.pending': 'သင့်တွင် ဆောင်ရွက်ဆဲ အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် ရှိနေပါသည်။ ကိုင်တွယ်ပြီးသည်အထိ စောင့်ပါ။',
  'emailChange.notFound': 'အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် မတွေ့ပါ',
  'emailChange.alreadyHandled': 'ဤတောင်းဆိုချက်ကို ကိုင်တွယ်ပြီး ဖြစ်သည်',
  'emailChange.requested': 'အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် ပို့ပြီးပါပြီ။ ဝန်ထမ်းများ မကြာမီ ကိုင်တွယ်ပါမည်။',
  'emailChange.completed': 'အီးမေးလ်လိပ်စာသည် ယခု {{email}} ဖြစ်သည်',
  'emailChange.refused': 'တောင်းဆိုချက်ကို ငြင်းပယ်ပြီး',
  'emailChange.mail.changedSubject': 'သင့်အကောင့်၏ အီးမေးလ်လိပ်စာ ပြောင်းလဲပြီး',
  'emailChange.mail.changedBody':
    'သင်တောင်းဆိုသည့်အတိုင်း Maps Portal အကောင့်၏ အီးမေးလ်လိပ်စာကို {{old}} မှ {{new}} သို့ ပြောင်းပြီးပါပြီ။ နေရာတိုင်းမှ ထွက်ပြီးဖြစ်၍ လိပ်စာအသစ်ဖြင့် ပြန်ဝင်ပါ။ သင်မတောင်းဆိုခဲ့ပါက အကူအညီကို ချက်ချင်း ဆက်သွယ်ပါ။',
  'emailChange.mail.welcomeSubject': 'ဤလိပ်စာသည် ယခု သင့်အကောင့်၏ အီးမေးလ်ဖြစ်သည်',
  'emailChange.mail.welcomeBody': 'Maps Portal အကောင့်၏ အီးမေးလ်လိပ်စာသည် ယခု {{new}} ဖြစ်သည်။ ယခုမှစ၍ ၎င်းဖြင့် ဝင်ပါ။',
  'emailChange.mail.refusedSubject': 'အီးမေးလ်ပြောင်းရန် တောင်းဆိုချက် ငြင်းပယ်ခံရသည်',
  'emailChange.mail.refusedBody': 'အကောင့်၏ အီးမေးလ်ကို {{new}} သို့ ပြောင်းရန် တောင်းဆိုချက် ငြင်းပယ်ခံရသည်။ အကြောင်းပြချက်: {{reason}}',
}
