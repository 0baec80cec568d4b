import { z } from 'zod'
import { Session } from './auth.ts'
import { Done, Id, IdParams, IsoDateTime } from './common.ts'
import { endpoint } from './endpoint.ts'
import { checkPasskeyName } from './passkey-rules.ts'
import { refineWith } from './problem.ts'
import { ALL_ROLES } from './roles.ts'

// Passkeys (WebAuthn, issue 16; docs/auth.md "Passkeys"): added in the security settings, used to
// sign in without a password, or as the second step of a sign-in with 2FA on. Every ceremony is two
// calls: the options (a challenge the server keeps, named by `attempt_id`), then the browser's answer.

const tag = 'Passkeys'

export const PasskeyName = z
  .string({ error: 'passkeys.nameRequired' })
  .superRefine(refineWith(checkPasskeyName))
  .transform((value) => value.trim().replace(/\s+/g, ' '))

export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  created_at: IsoDateTime,
  last_used_at: IsoDateTime.nullable(),
  /** Whether the authenticator says the passkey is synced (backed up) to other devices. */
  backed_up: z.boolean(),
})
export type Passkey = z.infer<typeof Passkey>

/** One ceremony's options for `navigator.credentials` (WebAuthn's JSON form), and the attempt that finishes it. */
export const PasskeyOptions = z.object({
  attempt_id: z.string(),
  /** `PublicKeyCredentialCreationOptionsJSON` or `PublicKeyCredentialRequestOptionsJSON`. */
  options: z.record(z.string(), z.unknown()),
})
export type PasskeyOptions = z.infer<typeof PasskeyOptions>

const Base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/)
const Transports = z.array(z.string().max(32)).max(8)

/** What `navigator.credentials.create()` gave, in WebAuthn's JSON form (`RegistrationResponseJSON`). */
export const RegistrationCredential = z.object({
  id: Base64url(1400),
  rawId: Base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64url(8192),
    attestationObject: Base64url(65_536),
    transports: Transports.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
})

/** What `navigator.credentials.get()` gave, in WebAuthn's JSON form (`AuthenticationResponseJSON`). */
export const AuthenticationCredential = z.object({
  id: Base64url(1400),
  rawId: Base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64url(8192),
    authenticatorData: Base64url(8192),
    signature: Base64url(2048),
    userHandle: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]*$/)
      .optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
})

const ChallengeToken = z.string().min(1).max(2000)

export const listPasskeys = endpoint({
  method: 'GET',
  path: '/v1/users/passkeys',
  roles: ALL_ROLES,
  tag,
  summary: "The signed-in account's passkeys.",
  data: z.array(Passkey),
})

export const passkeyRegistrationOptions = endpoint({
  method: 'POST',
  path: '/v1/users/passkeys/options',
  roles: ALL_ROLES,
  tag,
  summary:
    'Start adding a passkey: WebAuthn creation options with a single-use challenge (5 minutes). Needs a step-up of this session (POST /v1/users/step-up) within the last 10 minutes.',
  data: PasskeyOptions,
})

export const addPasskey = endpoint({
  method: 'POST',
  path: '/v1/users/passkeys',
  roles: ALL_ROLES,
  tag,
  summary: 'Finish adding a passkey: the attempt, a name and what the browser answered. The account is e-mailed.',
  body: z.strictObject({ attempt_id: Id, name: PasskeyName, credential: RegistrationCredential }),
  data: Passkey,
})

export const deletePasskey = endpoint({
  method: 'DELETE',
  path: '/v1/users/passkeys/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'Remove one of the signed-in account’s passkeys. The account is e-mailed.',
  params: IdParams,
  data: Done,
})

export const passkeySignInOptions = endpoint({
  method: 'POST',
  path: '/v1/login-passkey/options',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary:
    'Start a password-less sign-in: WebAuthn request options for a discoverable passkey (5 minutes, single-use).',
  data: PasskeyOptions,
})

export const loginPasskey = endpoint({
  method: 'POST',
  path: '/v1/login-passkey',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary:
    'Sign in with a passkey (user verification required, so it counts as both factors): the attempt and what the browser answered give the session.',
  body: z.strictObject({ attempt_id: Id, credential: AuthenticationCredential }),
  data: Session,
})

export const passkeySecondFactorOptions = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/passkey-options',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary: 'Second sign-in step with a passkey: WebAuthn request options for the passkeys of the challenge’s account.',
  body: z.strictObject({ token: ChallengeToken }),
  data: PasskeyOptions,
})

export const verifyTwoFactorPasskey = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/verify-passkey',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary:
    'Finish a sign-in with a passkey instead of the app’s code: the challenge token, the attempt and the answer.',
  body: z.strictObject({ token: ChallengeToken, attempt_id: Id, credential: AuthenticationCredential }),
  data: Session,
})

/** What the browser sends: `RegistrationResponseJSON` and `AuthenticationResponseJSON` of WebAuthn. */
export type RegistrationCredentialJSON = z.input<typeof RegistrationCredential>
export type AuthenticationCredentialJSON = z.input<typeof AuthenticationCredential>
