import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import { requireStepUp } from '../auth/sessions.ts'
import * as twoFactor from './service.ts'

export const twoFactorRoutes = routes((r) => {
  r.on(contract.twoFactorInfo, async ({ ctx, user }) => ok(await twoFactor.info(ctx, user), 'twoFactor.info'))

  r.on(contract.generateTwoFactorSecret, async ({ ctx, user }) =>
    ok(await twoFactor.generateSecret(ctx, user), 'twoFactor.secretGenerated'),
  )

  r.on(contract.enableTwoFactor, async ({ ctx, user, body }) =>
    ok(await twoFactor.enable(ctx, user, body.code, body.secret_key), 'twoFactor.enabled'),
  )

  r.on(contract.disableTwoFactor, async ({ ctx, user, body }) =>
    ok(await twoFactor.disable(ctx, user, body.code, body.password), 'twoFactor.disabled'),
  )

  r.on(contract.accountTwoFactor, async ({ ctx, params }) =>
    ok(await twoFactor.accountInfo(ctx, params.id), 'twoFactor.accountInfo'),
  )

  r.on(contract.turnOffAccountTwoFactor, async ({ ctx, meta, user, params, body }) =>
    ok(await twoFactor.turnOffFor(ctx, meta, user, params.id, body.reason), 'twoFactor.turnedOff'),
  )

  // Recovery codes (issue 16; docs/auth.md "Recovery codes").
  r.on(contract.recoveryCodesInfo, async ({ ctx, user }) =>
    ok(await twoFactor.recoveryInfo(ctx, user), 'recoveryCodes.info'),
  )
  r.on(contract.regenerateRecoveryCodes, async ({ ctx, user }) => {
    await requireStepUp(ctx, user)
    return ok(await twoFactor.regenerateRecoveryCodes(ctx, user), 'recoveryCodes.regenerated')
  })
  r.on(contract.verifyRecoveryCode, async ({ ctx, meta, body }) => {
    const session = await twoFactor.verifyRecoverySignIn(ctx, meta, body.token, body.code)
    return ok(session, 'auth.welcome', { name: session.full_name })
  })
  r.on(contract.verifyTwoFactorCode, async ({ ctx, meta, body }) => {
    const session = await twoFactor.verifySignIn(ctx, meta, body.token, body.code)
    return ok(session, 'auth.welcome', { name: session.full_name })
  })
})
