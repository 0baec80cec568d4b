import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import * as social from './service.ts'

export const socialRoutes = routes((r) => {
  r.on(contract.startGoogleSignIn, async ({ ctx, meta }) => social.startGoogleSignIn(ctx, meta))

  r.on(contract.loginGoogle, async ({ ctx, meta, body }) => {
    const result = await social.signInWithGoogle(ctx, meta, body.credential, body.attempt)
    if (contract.needsSecondFactor(result)) return ok(result, 'twoFactor.required')
    return ok(result, 'auth.welcome', { name: result.full_name })
  })

  r.on(contract.loginFacebook, async ({ ctx, meta, body }) => {
    const result = await social.signInWithFacebook(ctx, meta, body.access_token, body.facebook_id)
    if (contract.needsSecondFactor(result)) return ok(result, 'twoFactor.required')
    return ok(result, 'auth.welcome', { name: result.full_name })
  })
})
