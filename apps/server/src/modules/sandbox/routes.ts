import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context.ts'
import { apiNotFound } from '../../http/error-handler.ts'
import { sandboxPageAllowed } from './console-access.ts'
import { registerPaypalSandbox } from './paypal.ts'
import { notifyDue, registerVnpaySandbox } from './vnpay.ts'

// The built-in payment sandbox (docs/requirements.md §10.8, docs/payments.md "The sandbox"): the gateway side of VNPay
// and PayPal at /sandbox/vnpay and /sandbox/paypal, for a gateway without credentials. These routes
// imitate other companies' protocols (form posts, their JSON, HTML pages), so they are not part of our
// API contract. They exist only outside production: in production nothing is registered here (404).
// Outside production their pages answer only whom SANDBOX_CONSOLE lets in (console-access.ts); anyone
// else gets the same 404 as for a path that does not exist.

function sandboxEnabled(ctx: Ctx): boolean {
  const { vnpay, paypal } = ctx.config.payments
  return !ctx.config.isProduction && (vnpay.mode === 'sandbox' || paypal.mode === 'sandbox')
}

export async function registerSandbox(app: FastifyInstance, ctx: Ctx) {
  if (!sandboxEnabled(ctx)) return
  await app.register(
    async (sandbox) => {
      sandbox.addHook('onRequest', async (req, reply) => {
        if (!sandboxPageAllowed(ctx.config, req)) return apiNotFound(req, reply)
      })
      // Gateways take form posts (the payment pages, OAuth); only inside /sandbox.
      sandbox.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))))
      })
      if (ctx.config.payments.vnpay.mode === 'sandbox') registerVnpaySandbox(sandbox, ctx)
      if (ctx.config.payments.paypal.mode === 'sandbox') registerPaypalSandbox(sandbox, ctx)
    },
    { prefix: '/sandbox' },
  )
}

/** Sends the sandbox's due IPN retries every 30 seconds on this instance. */
export function createSandboxNotifier(ctx: Ctx) {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  return {
    start() {
      if (!sandboxEnabled(ctx) || ctx.config.payments.vnpay.mode !== 'sandbox') return
      timer = setInterval(() => {
        if (running) return
        running = notifyDue(ctx)
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'sandbox IPN retry failed'))
          .finally(() => {
            running = null
          })
      }, 30_000)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running
    },
  }
}
