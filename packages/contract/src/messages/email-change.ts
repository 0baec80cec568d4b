// Messages of e-mail change requests in English (spread into en.ts); email-change.vi.ts and
// email-change.my.ts hold the translations, whose Record types make a missing one a type error.

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
