import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import * as auth from './service.ts'

export const authRoutes = routes((r) => {
  r.on(contract.login, async ({ ctx, req, body }) => {
    const result = await auth.login(ctx, req, body.email, body.password)
    if (contract.needsSecondFactor(result)) return ok(result, 'twoFactor.required')
    return ok(result, 'auth.welcome', { name: result.full_name })
  })

  r.on(contract.logout, async ({ ctx, user }) => {
    await auth.logout(ctx, user)
    return ok(null, 'auth.loggedOut')
  })

  r.on(contract.register, async ({ ctx, req, body }) => {
    return ok(await auth.register(ctx, req, body), 'auth.registered')
  })

  r.on(contract.verifyEmail, async ({ ctx, req, params }) => {
    return ok(await auth.verifyEmail(ctx, req, params.token), 'auth.verified')
  })

  r.on(contract.sendVerifyEmail, async ({ ctx, req, body }) => {
    await auth.resendVerification(ctx, req, body.email)
    return ok(null, 'auth.verifySent')
  })

  r.on(contract.forgotPassword, async ({ ctx, req, body }) => {
    await auth.requestPasswordReset(ctx, req, body.email)
    return ok(null, 'auth.resetSent')
  })

  r.on(contract.checkResetToken, async ({ ctx, req, query }) => {
    return ok(await auth.checkResetToken(ctx, req, query.token), 'auth.resetTokenValid')
  })

  r.on(contract.resetPassword, async ({ ctx, req, body }) => {
    await auth.resetPassword(ctx, req, body.token, body.password)
    return ok(null, 'auth.passwordReset')
  })

  r.on(contract.checkEmailExisted, async ({ ctx, req, body }) => {
    const result = await auth.checkEmailExisted(ctx, req, body.email)
    return ok(result, result.existed ? 'auth.emailUsed' : 'auth.emailFree')
  })

  r.on(contract.changePassword, async ({ ctx, user, body }) => {
    await auth.changePassword(ctx, user, body.current_password, body.new_password)
    return ok(null, 'auth.passwordChanged')
  })
})
