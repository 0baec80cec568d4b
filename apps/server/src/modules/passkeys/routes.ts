import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import { requireStepUp } from '../auth/sessions.ts'
import * as passkeys from './service.ts'

// Passkeys (issue 16; docs/auth.md "Passkeys").
export const passkeyRoutes = routes((r) => {
  r.on(contract.listPasskeys, async ({ ctx, user }) => ok(await passkeys.list(ctx, user), 'passkeys.list'))
  r.on(contract.passkeyRegistrationOptions, async ({ ctx, user }) => {
    // Adding a way to sign in is as sensitive as revealing a secret: a fresh proof of identity first.
    await requireStepUp(ctx, user)
    return ok(await passkeys.registrationOptions(ctx, user), 'passkeys.options')
  })
  r.on(contract.addPasskey, async ({ ctx, user, body }) => ok(await passkeys.add(ctx, user, body), 'passkeys.added'))
  r.on(contract.deletePasskey, async ({ ctx, user, params }) => {
    await passkeys.remove(ctx, user, params.id)
    return ok(null, 'passkeys.deleted')
  })
  r.on(contract.passkeySignInOptions, async ({ ctx, meta }) =>
    ok(await passkeys.signInOptions(ctx, meta), 'passkeys.options'),
  )
  r.on(contract.loginPasskey, async ({ ctx, meta, body }) => {
    const session = await passkeys.signIn(ctx, meta, body)
    return ok(session, 'auth.welcome', { name: session.full_name })
  })
  r.on(contract.passkeySecondFactorOptions, async ({ ctx, body }) =>
    ok(await passkeys.secondFactorOptions(ctx, body.token), 'passkeys.options'),
  )
  r.on(contract.verifyTwoFactorPasskey, async ({ ctx, meta, body }) => {
    const session = await passkeys.verifySecondFactor(ctx, meta, body)
    return ok(session, 'auth.welcome', { name: session.full_name })
  })
})
