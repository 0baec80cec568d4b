import {
  type AuthenticationCredential,
  ErrorCode,
  joinName,
  PASSKEYS_MAX,
  type Passkey,
  type PasskeyOptions,
  type RegistrationCredential,
  type Session,
} from '@app/contract'
import type { AuthenticatorTransportFuture } from '@simplewebauthn/server'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { PG_UNIQUE_VIOLATION, pgCode } from '../../db/client.ts'
import { passkeys, users } from '../../db/schema/index.ts'
import { AppError, badRequest, conflict, notFound, refused, tooManyRequests } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import * as throttle from '../../lib/throttle.ts'
import { readChallenge } from '../auth/challenge.ts'
import { admit, openSession } from '../auth/service.ts'
import { failure, finishSignIn, refuseWhileLocked } from '../two-factor/service.ts'
import { findUserById, listRoles, type UserRow } from '../users/queries.ts'
import {
  findPasskeyByCredential,
  listPasskeyRows,
  newPasskeyId,
  type PasskeyRow,
  recordPasskeyUse,
  saveChallenge,
  takeChallenge,
  toPasskey,
} from './queries.ts'

// Passkeys (WebAuthn Level 3 through @simplewebauthn/server; docs/auth.md "Passkeys").
//
// Every ceremony is two calls. The first makes a random challenge, keeps it in `webauthn_challenges`
// (so any instance can finish it) bound to its purpose and to the session (adding) or the user (second
// step), and answers its id with the options. The second takes (deletes) that row — a challenge is
// answered at most once and only within CHALLENGE_MINUTES — and has the library check the answer
// against it, PUBLIC_URL's origin and RP ID, and the stored public key and signature counter.

const CHALLENGE_MINUTES = 5
const FIFTEEN_MINUTES = 15 * 60
/** Options asked for without signing in, per address and 15 minutes (as Google and Facebook sign-in). */
const OPTIONS_PER_IP = 30
/** Failed password-less sign-ins per address before a 15-minute lock: the password sign-in's budget. */
const LOCK_AFTER_FAILURES_PER_IP = 50

type RegistrationJSON = z.output<typeof RegistrationCredential>
type AuthenticationJSON = z.output<typeof AuthenticationCredential>

// The library and its ASN.1 and CBOR parsers load with the first passkey call (ARCHITECTURE "Memory at rest").
let library: Promise<typeof import('@simplewebauthn/server')> | undefined
const webauthn = () => {
  library ??= import('@simplewebauthn/server')
  return library
}

const rp = (ctx: Ctx) => ctx.config.passkey
const expiry = (now: Date) => new Date(now.getTime() + CHALLENGE_MINUTES * 60_000)
const tooMany = () => new AppError(ErrorCode.Conflict, 409, 'passkeys.tooMany', { max: PASSKEYS_MAX })
const attemptInvalid = () => badRequest(ErrorCode.TokenExpired, 'passkeys.attemptInvalid')
const TRANSPORTS: readonly AuthenticatorTransportFuture[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]
/** The transports WebAuthn names today; a browser's newer ones are dropped rather than refused. */
const knownTransports = (list: readonly string[] | undefined): AuthenticatorTransportFuture[] =>
  (list ?? []).filter((item): item is AuthenticatorTransportFuture => (TRANSPORTS as readonly string[]).includes(item))
const transportsOf = (row: PasskeyRow) => knownTransports(row.transports)

function tellUser(ctx: Ctx, tx: Db, user: UserRow, template: 'passkeyAdded' | 'passkeyRemoved', passkey: string) {
  return ctx.mail.queue(tx, {
    to: user.email,
    userId: user.id,
    template,
    lang: user.language,
    vars: { name: joinName(user.firstName, user.lastName) || user.email, passkey },
  })
}

export async function list(ctx: Ctx, user: AuthUser): Promise<Passkey[]> {
  return (await listPasskeyRows(ctx.db, user.id)).map(toPasskey)
}

/**
 * Options to add a passkey, for a session that stepped up (the route checks it). Discoverable
 * credentials are asked for, so the passkey can sign in without an e-mail address; the account's
 * existing passkeys are excluded so one authenticator is not added twice.
 */
export async function registrationOptions(ctx: Ctx, user: AuthUser): Promise<PasskeyOptions> {
  const now = ctx.clock.now()
  const existing = await listPasskeyRows(ctx.db, user.id)
  if (existing.length >= PASSKEYS_MAX) throw tooMany()
  const { generateRegistrationOptions } = await webauthn()
  const options = await generateRegistrationOptions({
    rpName: rp(ctx).rpName,
    rpID: rp(ctx).rpId,
    userName: user.email,
    userDisplayName: joinName(user.row.firstName, user.row.lastName) || user.email,
    // The user handle is the account's opaque id (no e-mail or name), which a sign-in checks.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_MINUTES * 60_000,
  })
  const attemptId = await saveChallenge(
    ctx.db,
    'register',
    options.challenge,
    { userId: user.id, sessionId: user.sessionId },
    now,
    expiry(now),
  )
  return { attempt_id: attemptId, options: options as unknown as Record<string, unknown> }
}

export async function add(
  ctx: Ctx,
  user: AuthUser,
  input: { attempt_id: string; name: string; credential: RegistrationJSON },
): Promise<Passkey> {
  const now = ctx.clock.now()
  const challenge = await takeChallenge(
    ctx.db,
    'register',
    input.attempt_id,
    { userId: user.id, sessionId: user.sessionId },
    now,
  )
  if (!challenge) throw attemptInvalid()
  const { verifyRegistrationResponse } = await webauthn()
  const verification = await verifyRegistrationResponse({
    response: {
      ...input.credential,
      response: { ...input.credential.response, transports: knownTransports(input.credential.response.transports) },
    },
    expectedChallenge: challenge,
    expectedOrigin: rp(ctx).origin,
    expectedRPID: rp(ctx).rpId,
    requireUserVerification: false,
  }).catch(() => null)
  if (!verification?.verified) throw refused(ErrorCode.PasskeyRefused, 'passkeys.notVerified')
  const { credential, credentialBackedUp } = verification.registrationInfo
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // The user row is locked so that two additions at once cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
      if ((await listPasskeyRows(tx, user.id)).length >= PASSKEYS_MAX) {
        throw tooMany()
      }
      const [inserted] = await tx
        .insert(passkeys)
        .values({
          id: newPasskeyId(now),
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          signCount: credential.counter,
          transports: credential.transports ?? knownTransports(input.credential.response.transports),
          name: input.name,
          backedUp: credentialBackedUp,
          createdAt: now,
        })
        .returning()
      if (!inserted) throw new Error('passkey insert returned nothing')
      await tellUser(ctx, tx, user.row, 'passkeyAdded', inserted.name)
      return inserted
    })
    ctx.mail.kick()
    return toPasskey(row)
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(ErrorCode.Conflict, 'passkeys.alreadyAdded')
    throw error
  }
}

export async function remove(ctx: Ctx, user: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name })
    // Another account's passkey is "not found", never "forbidden": ids reveal nothing.
    if (!removed) throw notFound('passkeys.notFound')
    await tellUser(ctx, tx, user.row, 'passkeyRemoved', removed.name)
  })
  ctx.mail.kick()
}

/** Checks an assertion against a stored passkey and moves its counter; false when anything is off. */
async function verifyAssertion(
  ctx: Ctx,
  row: PasskeyRow,
  challenge: string,
  response: AuthenticationJSON,
  requireUserVerification: boolean,
  now: Date,
): Promise<boolean> {
  const { verifyAuthenticationResponse } = await webauthn()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp(ctx).origin,
    expectedRPID: rp(ctx).rpId,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(row.publicKey),
      counter: row.signCount,
      transports: transportsOf(row),
    },
    requireUserVerification,
  }).catch(() => null)
  // A counter that did not go up (a cloned authenticator, or a replay) is refused by the library.
  if (!verification?.verified) return false
  return recordPasskeyUse(ctx.db, row, verification.authenticationInfo.newCounter, now)
}

/** Options for a password-less sign-in: any discoverable passkey of this site, with user verification. */
export async function signInOptions(ctx: Ctx, meta: RequestMeta): Promise<PasskeyOptions> {
  const now = ctx.clock.now()
  const verdict = await throttle.hit(ctx.db, `passkey-options:ip:${meta.ip}`, OPTIONS_PER_IP, FIFTEEN_MINUTES, now)
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter)
  const { generateAuthenticationOptions } = await webauthn()
  const options = await generateAuthenticationOptions({
    rpID: rp(ctx).rpId,
    userVerification: 'required',
    timeout: CHALLENGE_MINUTES * 60_000,
  })
  const attemptId = await saveChallenge(ctx.db, 'sign_in', options.challenge, {}, now, expiry(now))
  return { attempt_id: attemptId, options: options as unknown as Record<string, unknown> }
}

/**
 * A password-less sign-in. The passkey did user verification (a PIN or biometrics on the device), so it
 * is both factors and no two-factor step follows. Failures count on the address's sign-in budget; the
 * per-account lock is about guessing a password, which a passkey cannot be, so it does not stop the
 * owner's passkey. The same checks as a password sign-in follow, and the same kind of session.
 */
export async function signIn(
  ctx: Ctx,
  meta: RequestMeta,
  input: { attempt_id: string; credential: AuthenticationJSON },
): Promise<Session> {
  const now = ctx.clock.now()
  const ipBucket = `login:ip:${meta.ip}`
  const blocked = await throttle.blockedFor(ctx.db, ipBucket, now)
  if (blocked > 0) throw tooManyRequests(blocked, 'auth.locked')
  const challenge = await takeChallenge(ctx.db, 'sign_in', input.attempt_id, {}, now)
  if (!challenge) throw attemptInvalid()

  const refuse = async (): Promise<never> => {
    const verdict = await throttle.hit(
      ctx.db,
      ipBucket,
      LOCK_AFTER_FAILURES_PER_IP - 1,
      FIFTEEN_MINUTES,
      now,
      FIFTEEN_MINUTES,
    )
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'auth.locked')
    throw new AppError(ErrorCode.BadCredentials, 401, 'passkeys.signInFailed')
  }
  const row = await findPasskeyByCredential(ctx.db, input.credential.id)
  if (!row) return refuse()
  // The authenticator names the account it made the passkey for; it must be the passkey's owner.
  const handle = input.credential.response.userHandle
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== row.userId) return refuse()
  if (!(await verifyAssertion(ctx, row, challenge, input.credential, true, now))) return refuse()
  const user = await findUserById(ctx.db, row.userId)
  if (!user) return refuse()
  const roles = await listRoles(ctx.db, user.id)
  await admit(ctx, user, roles, now)
  return openSession(ctx, meta, user, roles, now)
}

/** Options for the second step with a passkey: the passkeys of the account the challenge names. */
export async function secondFactorOptions(ctx: Ctx, token: string): Promise<PasskeyOptions> {
  const now = ctx.clock.now()
  const userId = await readChallenge(ctx, token, now)
  if (!userId) throw badRequest(ErrorCode.TokenExpired, 'twoFactor.challengeInvalid')
  await refuseWhileLocked(ctx, userId, now)
  const rows = await listPasskeyRows(ctx.db, userId)
  if (rows.length === 0) throw refused(ErrorCode.PasskeyRefused, 'passkeys.noneForAccount')
  const { generateAuthenticationOptions } = await webauthn()
  const options = await generateAuthenticationOptions({
    rpID: rp(ctx).rpId,
    allowCredentials: rows.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_MINUTES * 60_000,
  })
  const attemptId = await saveChallenge(ctx.db, 'second_factor', options.challenge, { userId }, now, expiry(now))
  return { attempt_id: attemptId, options: options as unknown as Record<string, unknown> }
}

/**
 * The second step with a passkey instead of the app's code: the passkey must be the challenge's
 * account's. Failures count towards the same 2FA lock as wrong codes.
 */
export async function verifySecondFactor(
  ctx: Ctx,
  meta: RequestMeta,
  input: { token: string; attempt_id: string; credential: AuthenticationJSON },
): Promise<Session> {
  const now = ctx.clock.now()
  const userId = await readChallenge(ctx, input.token, now)
  if (!userId) throw badRequest(ErrorCode.TokenExpired, 'twoFactor.challengeInvalid')
  await refuseWhileLocked(ctx, userId, now)
  const challenge = await takeChallenge(ctx.db, 'second_factor', input.attempt_id, { userId }, now)
  if (!challenge) throw attemptInvalid()
  const row = await findPasskeyByCredential(ctx.db, input.credential.id)
  const wrong = () => failure(ctx, userId, now, refused(ErrorCode.PasskeyRefused, 'passkeys.notVerified'))
  if (!row || row.userId !== userId) return wrong()
  if (!(await verifyAssertion(ctx, row, challenge, input.credential, false, now))) return wrong()
  const user = await findUserById(ctx.db, userId)
  if (!user) throw badRequest(ErrorCode.TokenExpired, 'twoFactor.challengeInvalid')
  return finishSignIn(ctx, meta, user, now)
}
