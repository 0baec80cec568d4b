import { greeted } from './greeted.ts'

// E-mails of two-factor recovery codes and passkeys (docs/auth.md): every change to how an account
// can sign in, and every use of a recovery code, is told to the account, so a stranger's shows.
// templates.ts spreads these in.

export const passkeyTemplates = {
  /** A recovery code opened a session; `{{remaining}}` codes are left. */
  recoveryCodeUsed: greeted('recoveryCodes.mail.usedSubject', 'recoveryCodes.mail.usedBody'),
  recoveryCodesRegenerated: greeted('recoveryCodes.mail.regeneratedSubject', 'recoveryCodes.mail.regeneratedBody'),
  /** `{{passkey}}` is the passkey's name. */
  passkeyAdded: greeted('passkeys.mail.addedSubject', 'passkeys.mail.addedBody'),
  passkeyRemoved: greeted('passkeys.mail.removedSubject', 'passkeys.mail.removedBody'),
}
