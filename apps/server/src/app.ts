import { existsSync } from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import fastifyCors from '@fastify/cors'
import fastifyMultipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { HelmetOptions } from 'helmet'
import type { Config } from './config.ts'
import { type Ctx, createContext } from './context.ts'
import type { Database } from './db/client.ts'
import { apiNotFound, frameworkErrors, installErrorHandling } from './http/error-handler.ts'
import { installMetrics, listenForMetrics } from './http/metrics.ts'
import { type Route, registerRoutes } from './http/routes.ts'
import { securityHeaders } from './http/security-headers.ts'
import { refuseNul } from './http/text-input.ts'
import { jobDefinitions } from './jobs/definitions.ts'
import { createNotificationWorker } from './jobs/notifications.ts'
import { createJobRunner, type JobRunner } from './jobs/runner.ts'
import { type Clock, systemClock } from './lib/clock.ts'
import { createMailer } from './mail/mailer.ts'
import { outboxSecretKey } from './mail/secrets.ts'
import { accountRoutes } from './modules/accounts/routes.ts'
import { auditRoutes } from './modules/audit/routes.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { balanceRoutes } from './modules/balance/routes.ts'
import { billingRoutes } from './modules/billing/routes.ts'
import { campaignRoutes } from './modules/campaigns/routes.ts'
import { couponRoutes } from './modules/coupons/routes.ts'
import { emailChangeRoutes } from './modules/email-change/routes.ts'
import { faqRoutes } from './modules/faqs/routes.ts'
import { fileRoutes } from './modules/files/routes.ts'
import { createVerifyFastPath } from './modules/gateway/fast-path.ts'
import { gatewayRoutes } from './modules/gateway/routes.ts'
import { jobRoutes } from './modules/jobs/routes.ts'
import { keyRoutes } from './modules/keys/routes.ts'
import { mapRoutes } from './modules/maps/routes.ts'
import { notificationRoutes } from './modules/notifications/routes.ts'
import { outboxRoutes } from './modules/outbox/routes.ts'
import { passkeyRoutes } from './modules/passkeys/routes.ts'
import { paymentRoutes } from './modules/payments/routes.ts'
import { createTransport } from './modules/payments/transport.ts'
import { planRoutes } from './modules/plans/routes.ts'
import { rateRoutes } from './modules/pricing/routes.ts'
import { createSandboxNotifier, registerSandbox } from './modules/sandbox/routes.ts'
import { searchRoutes } from './modules/search/routes.ts'
import { settingsRoutes } from './modules/settings/routes.ts'
import { socialRoutes } from './modules/social/routes.ts'
import { stepUpRoutes } from './modules/step-up/routes.ts'
import { supportRoutes } from './modules/support/routes.ts'
import { APP_VERSION, systemRoutes } from './modules/system/routes.ts'
import { twoFactorRoutes } from './modules/two-factor/routes.ts'
import { usageRoutes } from './modules/usage/routes.ts'
import { userRoutes } from './modules/users/routes.ts'

/** Every feature's routes. The contract test checks that this covers every declared endpoint. */
export const allRoutes: readonly Route[] = [
  ...systemRoutes,
  ...authRoutes,
  ...userRoutes,
  ...stepUpRoutes,
  ...passkeyRoutes,
  ...accountRoutes,
  ...keyRoutes,
  ...gatewayRoutes,
  ...usageRoutes,
  ...rateRoutes,
  ...planRoutes,
  ...billingRoutes,
  ...balanceRoutes,
  ...couponRoutes,
  ...emailChangeRoutes,
  ...auditRoutes,
  ...searchRoutes,
  ...settingsRoutes,
  ...campaignRoutes,
  ...notificationRoutes,
  ...fileRoutes,
  ...outboxRoutes,
  ...jobRoutes,
  ...mapRoutes,
  ...paymentRoutes,
  ...supportRoutes,
  ...faqRoutes,
  ...twoFactorRoutes,
  ...socialRoutes,
]

const PRERENDERED = new Set(['/login', '/register', '/forgot-password', '/send-verify'])

/**
 * The sign-in pages are rendered at build time in each language and theme (apps/web/scripts/prerender.mjs);
 * the SPA keeps the visitor's choice in the `prefs` cookie (`en.light`, `my.dark`…).
 */
function prerenderedPage(webDist: string, url: string, cookie: string | undefined): string | null {
  const pathname = url.split('?')[0] ?? url
  if (!PRERENDERED.has(pathname)) return null
  const prefs = /(?:^|;\s*)prefs=(en|my)\.(light|dark)(?:;|$)/.exec(cookie ?? '')
  const file = `prerender${pathname}.${prefs?.[1] ?? 'en'}.${prefs?.[2] ?? 'light'}.html`
  return existsSync(path.join(webDist, file)) ? file : null
}

export interface BuildOptions {
  config: Config
  database: Database
  clock?: Clock
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean
  /** Work the background job queues on this instance (default: `JOBS`, on unless set to off). */
  jobs?: boolean
  /** Where log lines go instead of stdout (tests read them); logs even when LOG_LEVEL is silent. */
  logStream?: { write(line: string): void }
}

const JSON_BODY_LIMIT = 1024 * 1024
/** Credentials never reach the log: bearer tokens (sessions, the gateway's) and cookies. */
const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie']
const MULTIPART_LIMIT = 11 * 1024 * 1024

export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: Ctx }> {
  const { config, database } = options
  // Set once the routes exist: the gateway's cached key check, served before Fastify's pipeline.
  let fastPath: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined
  const app = Fastify({
    // Fastify's own HTTP/1 server, with its timeouts, and one hot call answered ahead of the router.
    serverFactory: (handler, opts) => {
      const server = http.createServer((req, res) => {
        if (fastPath?.(req, res)) return
        handler(req, res)
      })
      // Fastify has filled these in with its defaults before it calls the factory.
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = opts as Record<
        'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout',
        number
      >
      server.keepAliveTimeout = keepAliveTimeout
      server.requestTimeout = requestTimeout
      server.setTimeout(connectionTimeout)
      return server
    },
    logger: options.logStream
      ? { level: 'trace', redact: LOG_REDACT, stream: options.logStream }
      : config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT,
            ...(config.logPretty ? { transport: { target: 'pino-pretty' } } : {}),
          },
    // A hop count is accepted at run time although Fastify's types only name the other forms.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  })
  // Bodies are JSON or multipart; Fastify's default text/plain parser would let a string reach validation.
  app.removeContentTypeParser('text/plain')
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorateRequest('user', null)

  const clock = options.clock ?? systemClock
  // The runner needs the context its jobs use, and the mailer inside it needs the runner's trigger.
  let jobs: JobRunner | undefined
  const mail = createMailer({
    db: database.db,
    clock,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    secretKey: outboxSecretKey(config.secret),
    revealSecrets: config.revealOutboxSecrets,
    kick: () => jobs?.trigger('mail-dispatch'),
  })
  const transport = createTransport(app, config.publicUrl)
  const notificationSender = createNotificationWorker({
    db: database.db,
    clock,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    ratePerSecond: config.notificationRatePerSecond,
  })
  const ctx = createContext({ config, database, db: database.db, clock, mail, log: app.log, transport }, (partial) => {
    jobs = createJobRunner({
      database,
      log: app.log,
      onRun: (job, outcome, seconds) => partial.metrics.jobRun(job, outcome, seconds),
      definitions: jobDefinitions(partial, {
        notifications: notificationSender,
        trigger: (name) => jobs?.trigger(name),
      }),
    })
    return jobs
  })

  installErrorHandling(app)
  installMetrics(app, ctx)

  const securityOptions = (frameAncestors: string[]): HelmetOptions => ({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its component styles into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Custom maps may load their base styles and tiles from configured hosts (docs/maps.md).
        imgSrc: ["'self'", 'data:', 'blob:', ...config.maps.tileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...config.maps.tileOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors,
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  const headers = securityHeaders(securityOptions(["'none'"]))
  // A shared map's public page (/m/{token}) is the one page other sites may frame (a map's embed, docs/requirements.md §14.5); it
  // keeps every other header. Map screens (/m/*, /maps/*) also let an editor window that opened them
  // keep its reference, so that it can post them messages (docs/requirements.md §3.8; docs/maps.md).
  const embeddableHeaders = securityHeaders(securityOptions(['*']))
  delete embeddableHeaders['x-frame-options']
  embeddableHeaders['cross-origin-opener-policy'] = 'unsafe-none'
  const mapScreenHeaders = { ...headers, 'cross-origin-opener-policy': 'unsafe-none' }
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(
      req.url.startsWith('/m/') ? embeddableHeaders : req.url.startsWith('/maps/') ? mapScreenHeaders : headers,
    )
    done()
  })
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: false })
  }
  await app.register(fastifyMultipart, { limits: { fileSize: MULTIPART_LIMIT, files: 1, fields: 5, parts: 6 } })

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Maps Portal account API',
        version: APP_VERSION,
        description:
          'Every response is an envelope `{status, data, message, error_code}`. Messages follow `Accept-Language` (en, vi, my).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  // Account data must never sit in a shared cache.
  app.addHook('onSend', (req, reply, payload, done) => {
    // A call that names its own caching (the offline map's static data) keeps it.
    if (req.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })

  // No request text may hold a NUL character (docs/security.md "Text input").
  app.addHook('preValidation', refuseNul)
  registerRoutes(app, ctx, allRoutes)
  fastPath = createVerifyFastPath({
    gateway: ctx.gateway,
    gatewayToken: config.gatewayToken,
    headers,
    cors: config.corsOrigins.length > 0,
  })
  await registerSandbox(app, ctx)

  const webIndex = path.join(config.webDist, 'index.html')
  const serveWeb = options.serveWeb !== false && existsSync(webIndex)
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      preCompressed: true,
      index: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }

  /** A page of the SPA: its pre-rendered form when there is one, else index.html (the SPA routes). */
  const webPage = (req: FastifyRequest, reply: FastifyReply) => {
    if (!serveWeb) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build -w @app/web` (npm start does it for you).')
    }
    const prerendered = prerenderedPage(config.webDist, req.url, req.headers.cookie)
    // Client-side routes: the SPA decides what to show, including its own not-found page.
    return reply.header('cache-control', 'no-cache').sendFile(prerendered ?? 'index.html')
  }
  // The static files' folder itself is not a file: without this route, `/` was refused (403).
  app.get('/', webPage)
  app.setNotFoundHandler((req, reply) => {
    const url = req.url
    const isApi = url.startsWith('/v1/') || url === '/v1' || url.startsWith('/files/') || url.startsWith('/sandbox/')
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) return apiNotFound(req, reply)
    return webPage(req, reply)
  })

  const sandboxNotifier = createSandboxNotifier(ctx)
  const runJobs = options.jobs ?? config.jobs
  let closeMetrics: (() => Promise<void>) | null = null
  app.addHook('onReady', async () => {
    await ctx.gateway.start()
    if (runJobs) await ctx.jobs.start()
    sandboxNotifier.start()
    closeMetrics = await listenForMetrics(ctx)
  })
  app.addHook('onClose', async () => {
    await closeMetrics?.()
    await ctx.jobs.stop()
    await sandboxNotifier.stop()
    await notificationSender.close()
    await mail.close()
    await ctx.gateway.stop()
  })

  return { app, ctx }
}
