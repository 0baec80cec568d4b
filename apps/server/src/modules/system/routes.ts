import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import { writeAudit } from '../audit/audit.ts'
import { publicSupportContact } from '../settings/support-contact.ts'
import { publicSignIn } from '../social/service.ts'

export const APP_VERSION = '0.1.0'

export const systemRoutes = routes((r) => {
  r.on(contract.health, async ({ reply }) => reply.send({ ok: true }))

  r.on(contract.ready, async ({ ctx, reply }) => {
    // A stopping instance says so at once, before it stops listening (docs/deployment.md "Restarts").
    if (ctx.lifecycle.draining) return reply.code(503).send({ ok: false, database: ctx.database.kind, draining: true })
    try {
      await ctx.database.ping()
      return reply.send({ ok: true, database: ctx.database.kind })
    } catch (error) {
      ctx.log.error({ err: error }, 'readiness check failed')
      return reply.code(503).send({ ok: false, database: ctx.database.kind })
    }
  })

  r.on(contract.appConfig, async ({ ctx }) => ({
    maintenance: await ctx.settings.maintenance(),
    map_url: ctx.config.mapUrl,
    docs_url: ctx.config.docsUrl,
    maps_api_url: ctx.config.mapsApiUrl,
    version: APP_VERSION,
    sign_in: publicSignIn(ctx.config.signIn),
    support_contact: await publicSupportContact(ctx.db),
  }))

  r.on(contract.setMaintenance, async ({ ctx, meta, user, body }) => {
    const now = ctx.clock.now()
    const before = await ctx.settings.maintenance()
    await ctx.db.transaction(async (tx) => {
      await ctx.settings.setMaintenance(tx, body.enabled, user.id)
      await writeAudit(
        tx,
        user,
        meta,
        {
          action: 'settings.maintenance',
          targetType: 'setting',
          targetId: 'maintenance',
          before: { enabled: before },
          after: { enabled: body.enabled },
        },
        now,
      )
    })
    return ok({ maintenance: body.enabled }, body.enabled ? 'settings.maintenanceOn' : 'settings.maintenanceOff')
  })
})
