// Server messages of two-factor recovery codes and passkeys (issue 16, passkeys; docs/auth.md),
// spread into en.ts; the Vietnamese and Burmese texts are in passkeys.vi.ts and passkeys.my.ts.

export const passkeysEn = {
  'recoveryCodes.info': 'Your recovery codes',
  'recoveryCodes.regenerated': 'New recovery codes are ready. The previous ones no longer work.',
  'recoveryCodes.format': 'Enter a recovery code as it was given to you (24 letters and digits)',
  'recoveryCodes.wrong': 'This recovery code is incorrect or has already been used',
  'recoveryCodes.mail.usedSubject': 'A recovery code was used to sign in',
  'recoveryCodes.mail.usedBody':
    'A two-factor recovery code was just used to sign in to your account; {{remaining}} unused codes are left. If this was not you, change your password and contact support at once.',
  'recoveryCodes.mail.regeneratedSubject': 'New recovery codes were made',
  'recoveryCodes.mail.regeneratedBody':
    'New two-factor recovery codes were made for your account and the previous ones no longer work. If this was not you, change your password and contact support at once.',
  'passkeys.list': 'Your passkeys',
  'passkeys.options': 'Confirm with your passkey',
  'passkeys.added': 'The passkey was added',
  'passkeys.deleted': 'The passkey was removed',
  'passkeys.nameRequired': 'Give the passkey a name',
  'passkeys.nameTooLong': 'The name must be at most {{max}} characters',
  'passkeys.attemptInvalid': 'This passkey request has expired or was already used. Please try again.',
  'passkeys.notVerified': 'The passkey could not be verified. Please try again.',
  'passkeys.alreadyAdded': 'This passkey is already registered',
  'passkeys.tooMany': 'An account can have at most {{max}} passkeys. Remove one first.',
  'passkeys.signInFailed': 'This passkey is not recognised. Sign in with your password, or try another passkey.',
  'passkeys.notFound': 'Passkey not found',
  'passkeys.noneForAccount': 'This account has no passkey. Enter a code instead.',
  'passkeys.mail.addedSubject': 'A passkey was added to your account',
  'passkeys.mail.addedBody':
    'The passkey “{{passkey}}” can now sign in to your account. If this was not you, remove it in your security settings, change your password and contact support.',
  'passkeys.mail.removedSubject': 'A passkey was removed from your account',
  'passkeys.mail.removedBody':
    'The passkey “{{passkey}}” can no longer sign in to your account. If this was not you, change your password and contact support.',
} as const
