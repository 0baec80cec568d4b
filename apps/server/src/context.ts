import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Database, Db } from './db/client.ts'
import type { JobRunner } from './jobs/runner.ts'
import type { Clock } from './lib/clock.ts'
import { deriveKey } from './lib/crypto.ts'
import { createMetrics, type Metrics } from './lib/metrics.ts'
import type { Mailer } from './mail/mailer.ts'
import { outboxSecretKey } from './mail/secrets.ts'
import { outboxSms, type SmsSender } from './mail/sms.ts'
import { createGateway, type Gateway } from './modules/gateway/gateway.ts'
import { createPaypalClient, type PaypalClient } from './modules/payments/paypal.ts'
import type { Transport } from './modules/payments/transport.ts'
import { createSettingsCache, type SettingsCache } from './modules/settings/settings.ts'
import { type ClassifierSource, createClassifierSource } from './modules/usage/ingest.ts'

/** What every handler and job may use. Built once per app; tests build their own. */
export interface Ctx {
  config: Config
  database: Database
  db: Db
  clock: Clock
  mail: Mailer
  settings: SettingsCache
  log: FastifyBaseLogger
  keys: { jwt: Uint8Array; keySecrets: Buffer }
  gateway: Gateway
  sms: SmsSender
  /** The rate settings' request paths, for classifying usage reported by path. */
  usagePaths: ClassifierSource
  /** HTTP to the payment gateways (and, in the built-in sandbox, back to us). */
  transport: Transport
  paypal: PaypalClient
  /** The background jobs' queues (docs/jobs.md): ask for a run, see them, start this instance's workers. */
  jobs: JobRunner
  /** Set when the instance begins to stop: /readyz answers 503 so the load balancer sends no more. */
  lifecycle: { draining: boolean }
  /** What GET /metrics shows (docs/operations.md "Metrics"). */
  metrics: Metrics
}

export function createContext(
  parts: Omit<
    Ctx,
    'settings' | 'keys' | 'gateway' | 'sms' | 'usagePaths' | 'paypal' | 'jobs' | 'lifecycle' | 'metrics'
  >,
  /** The job runner, made from the context its jobs use (complete by the time any of them runs). */
  jobs: (ctx: Ctx) => JobRunner,
): Ctx {
  const metrics = createMetrics()
  const usagePaths = createClassifierSource(parts.db, () => parts.clock.now().getTime())
  const ctx: Omit<Ctx, 'jobs'> = {
    ...parts,
    lifecycle: { draining: false },
    metrics,
    settings: createSettingsCache(parts.db, parts.clock),
    keys: {
      jwt: new Uint8Array(deriveKey(parts.config.secret, 'jwt-hs256')),
      keySecrets: deriveKey(parts.config.secret, 'api-key-secrets-aes256gcm'),
    },
    gateway: createGateway({
      database: parts.database,
      clock: parts.clock,
      log: parts.log,
      metrics,
      onPathsChanged: () => usagePaths.forget(),
      redisUrl: parts.config.redisUrl,
    }),
    sms: outboxSms(parts.clock, {
      secretKey: outboxSecretKey(parts.config.secret),
      revealSecrets: parts.config.revealOutboxSecrets,
    }),
    usagePaths,
    paypal: createPaypalClient(parts.config.payments.paypal, parts.transport, () => Date.now()),
  }
  const complete = ctx as Ctx
  complete.jobs = jobs(complete)
  return complete
}
