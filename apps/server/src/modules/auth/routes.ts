import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import * as auth from './service.ts'

export const authRoutes = routes((r) => {
  r.on(contract.login, async ({ ctx, meta, body }) => {
    const result = await auth.login(ctx, meta, body.email, body.password)
    if (contract.needsSecondFactor(result)) return ok(result, 'twoFactor.required')
    return ok(result, 'auth.welcome', { name: result.full_name })
  })

  r.on(contract.logout, async ({ ctx, user }) => {
    await auth.logout(ctx, user)
    return ok(null, 'auth.loggedOut')
  })

  r.on(contract.register, async ({ ctx, meta, body }) => {
    return ok(await auth.register(ctx, meta, body), 'auth.registered')
  })

  r.on(contract.verifyEmail, async ({ ctx, meta, params }) => {
    return ok(await auth.verifyEmail(ctx, meta, params.token), 'auth.verified')
  })

  r.on(contract.sendVerifyEmail, async ({ ctx, meta, body }) => {
    await auth.resendVerification(ctx, meta, body.email)
    return ok(null, 'auth.verifySent')
  })

  r.on(contract.forgotPassword, async ({ ctx, meta, body }) => {
    await auth.requestPasswordReset(ctx, meta, body.email)
    return ok(null, 'auth.resetSent')
  })

  r.on(contract.checkResetToken, async ({ ctx, meta, query }) => {
    return ok(await auth.checkResetToken(ctx, meta, query.token), 'auth.resetTokenValid')
  })

  r.on(contract.resetPassword, async ({ ctx, meta, body }) => {
    await auth.resetPassword(ctx, meta, body.token, body.password)
    return ok(null, 'auth.passwordReset')
  })

  r.on(contract.checkEmailExisted, async ({ ctx, meta, body }) => {
    const result = await auth.checkEmailExisted(ctx, meta, body.email)
    return ok(result, result.existed ? 'auth.emailUsed' : 'auth.emailFree')
  })

  r.on(contract.changePassword, async ({ ctx, user, body }) => {
    await auth.changePassword(ctx, user, body.current_password, body.new_password)
    return ok(null, 'auth.passwordChanged')
  })
})
