import { createHash } from 'node:crypto'
import { type AppConfig, ErrorCode, isStaff, type LoginResult, NAME_PART_MAX, splitFullName } from '@app/contract'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { SignInConfig } from '../../config.ts'
import type { Ctx } from '../../context.ts'
import { PG_UNIQUE_VIOLATION, pgCode } from '../../db/client.ts'
import { googleSignInNonces, userIdentities } from '../../db/schema/index.ts'
import { AppError, conflict, tooManyRequests } from '../../http/errors.ts'
import { maintenanceError } from '../../http/routes.ts'
import { newId, randomToken } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import * as throttle from '../../lib/throttle.ts'
import { issueChallenge, twoFactorEnabled } from '../auth/challenge.ts'
import { openSession } from '../auth/service.ts'
import { grantFirstRegisterCredit } from '../balance/service.ts'
import { findUserByEmail, getUserById, insertUser, listRoles, type UserRow } from '../users/queries.ts'
import { verifyFacebookToken } from './facebook.ts'
import { verifyGoogleIdToken } from './google.ts'

// Sign-in with Google or Facebook (docs/auth.md). An identity is (provider, subject) in
// `user_identities`; the e-mail only decides what happens at the first sign-in:
// - an account with that address whose address is confirmed gets the identity linked to it;
// - an account with that address not yet confirmed is refused (anyone can sign up with any address, so
//   linking would hand the account to whoever registered it first, or to the provider's user);
// - no account: a new customer is made, its address confirmed by the provider.

type Provider = 'google' | 'facebook'

export interface ProviderIdentity {
  subject: string
  /** Lower-cased; null when the provider shared none. */
  email: string | null
  /** Whether the provider vouches for the address. */
  emailVerified: boolean
  firstName: string | null
  lastName: string | null
  name: string | null
}

const FIFTEEN_MINUTES = 15 * 60

const failed = (provider: Provider) =>
  new AppError(ErrorCode.BadCredentials, 401, provider === 'google' ? 'social.googleFailed' : 'social.facebookFailed')
const notConfigured = () => new AppError(ErrorCode.NotFound, 404, 'social.notConfigured')

/** What /login needs to show the buttons: ids and addresses only, never the app secret. */
export function publicSignIn(config: SignInConfig): NonNullable<AppConfig['sign_in']> {
  return {
    google: config.google ? { client_id: config.google.clientId, auth_url: config.google.authUrl } : null,
    facebook: config.facebook ? { app_id: config.facebook.appId, dialog_url: config.facebook.dialogUrl } : null,
  }
}

async function limitByIp(ctx: Ctx, meta: RequestMeta) {
  const verdict = await throttle.hit(ctx.db, `social:ip:${meta.ip}`, 30, FIFTEEN_MINUTES, ctx.clock.now())
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter)
}

// The Google nonce (docs/auth.md "Nonce"): issued here, one per attempt, for NONCE_MINUTES. The browser
// keeps `attempt` (never sent to Google) and sends Google its hash; an ID token opens a session only
// with the attempt whose hash it carries, and only once: a token stolen on its way back (history, a
// log, a shoulder) is useless without the secret, and a replay finds the nonce gone.
const NONCE_MINUTES = 10

const nonceOf = (attempt: string) => createHash('sha256').update(attempt).digest('base64url')

export async function startGoogleSignIn(ctx: Ctx, meta: RequestMeta) {
  if (!ctx.config.signIn.google) throw notConfigured()
  await limitByIp(ctx, meta)
  const now = ctx.clock.now()
  const expiresAt = new Date(now.getTime() + NONCE_MINUTES * 60_000)
  const attempt = randomToken(32)
  const nonce = nonceOf(attempt)
  // Attempts never finished leave rows behind; each start sweeps the expired ones (an index range).
  await ctx.db.delete(googleSignInNonces).where(lt(googleSignInNonces.expiresAt, now))
  await ctx.db.insert(googleSignInNonces).values({ nonce, createdAt: now, expiresAt })
  return { attempt, nonce, expires_at: expiresAt.toISOString() }
}

/** Takes the attempt's nonce: true once per issued, unexpired nonce. */
async function takeNonce(ctx: Ctx, nonce: string): Promise<boolean> {
  const taken = await ctx.db
    .delete(googleSignInNonces)
    .where(and(eq(googleSignInNonces.nonce, nonce), gt(googleSignInNonces.expiresAt, ctx.clock.now())))
    .returning({ nonce: googleSignInNonces.nonce })
  return taken.length === 1
}

export async function signInWithGoogle(
  ctx: Ctx,
  meta: RequestMeta,
  credential: string,
  attempt: string,
): Promise<LoginResult> {
  const config = ctx.config.signIn.google
  if (!config) throw notConfigured()
  await limitByIp(ctx, meta)
  const nonce = nonceOf(attempt)
  const identity = await verifyGoogleIdToken(config, credential, ctx.clock.now(), nonce)
  if (!identity || !(await takeNonce(ctx, nonce))) throw failed('google')
  return finish(ctx, meta, 'google', identity)
}

export async function signInWithFacebook(
  ctx: Ctx,
  meta: RequestMeta,
  accessToken: string,
  facebookId: string | undefined,
): Promise<LoginResult> {
  const config = ctx.config.signIn.facebook
  if (!config) throw notConfigured()
  await limitByIp(ctx, meta)
  const identity = await verifyFacebookToken(config, accessToken, facebookId, ctx.clock.now())
  if (!identity) throw failed('facebook')
  return finish(ctx, meta, 'facebook', identity)
}

async function finish(ctx: Ctx, meta: RequestMeta, provider: Provider, identity: ProviderIdentity) {
  const user = await userFor(ctx, meta, provider, identity)
  const now = ctx.clock.now()
  const roles = await listRoles(ctx.db, user.id)
  if (!isStaff(roles) && (await ctx.settings.maintenance())) throw maintenanceError()
  if (await twoFactorEnabled(ctx.db, user.id)) return issueChallenge(ctx, user.id, now)
  return openSession(ctx, meta, user, roles, now)
}

function namesOf(identity: ProviderIdentity) {
  const clip = (value: string) => value.slice(0, NAME_PART_MAX)
  if (identity.firstName || identity.lastName) {
    return { first: clip(identity.firstName ?? ''), last: clip(identity.lastName ?? '') }
  }
  const split = splitFullName(identity.name ?? '')
  return { first: clip(split.first_name), last: clip(split.last_name) }
}

async function userFor(ctx: Ctx, meta: RequestMeta, provider: Provider, identity: ProviderIdentity) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await linkOrCreate(ctx, meta, provider, identity)
    } catch (error) {
      // Two first sign-ins at once: the second finds the identity (or the account) the first made.
      if (attempt === 0 && pgCode(error) === PG_UNIQUE_VIOLATION) continue
      throw error
    }
  }
}

async function linkOrCreate(
  ctx: Ctx,
  meta: RequestMeta,
  provider: Provider,
  identity: ProviderIdentity,
): Promise<UserRow> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)))
      .limit(1)
    if (known) {
      await tx
        .update(userIdentities)
        .set({ lastUsedAt: now })
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)))
      return getUserById(tx, known.userId)
    }
    if (!identity.email || !identity.emailVerified) {
      throw new AppError(ErrorCode.BadCredentials, 401, 'social.noEmail')
    }
    const existing = await findUserByEmail(tx, identity.email)
    if (existing && !existing.emailVerifiedAt) throw conflict(ErrorCode.Unverified, 'social.unverifiedAccount')
    let user = existing
    if (!user) {
      const names = namesOf(identity)
      user = await insertUser(
        tx,
        {
          id: newId('usr', now.getTime()),
          email: identity.email,
          // No password: this account signs in through its provider (or sets one by "forgot password").
          passwordHash: null,
          firstName: names.first,
          lastName: names.last,
          emailVerifiedAt: now,
          language: meta.lang,
          createdAt: now,
          updatedAt: now,
        },
        ['customer'],
      )
      await grantFirstRegisterCredit(ctx, tx, user.id)
    }
    await tx.insert(userIdentities).values({
      provider,
      subject: identity.subject,
      userId: user.id,
      email: identity.email,
      createdAt: now,
      lastUsedAt: now,
    })
    return user
  })
}
