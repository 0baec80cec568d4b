import { greeted } from './greeted.ts'

// E-mails of the e-mail change requests (docs/requirements.md §13): the old address is told that
// the account moved, the new one that it is now the sign-in address, and a refusal carries its reason.
// templates.ts spreads these in.

export const emailChangeTemplates = {
  /** To the old address, once the change is made. */
  emailChanged: greeted('emailChange.mail.changedSubject', 'emailChange.mail.changedBody'),
  /** To the new address, once the change is made. */
  emailChangeWelcome: greeted('emailChange.mail.welcomeSubject', 'emailChange.mail.welcomeBody'),
  /** To the account's address, when staff refuse the request. */
  emailChangeRefused: greeted('emailChange.mail.refusedSubject', 'emailChange.mail.refusedBody'),
}
