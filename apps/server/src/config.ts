import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

// The only reader of process.env. Every variable is listed in README.md with its default.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_SECRET: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Maps Portal <no-reply@localhost>'),
  NOTIFICATION_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(20),
  JOBS: z.enum(['on', 'off']).default('on'),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(1000),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  REDIS_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.default(false),
  TRUST_PROXY: z.string().default('false'),
  SANDBOX_CONSOLE: z.enum(['loopback', 'on', 'off']).default('loopback'),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().optional(),
  GATEWAY_TOKEN: z.string().optional(),
  MAP_URL: z.string().default('/maps'),
  DOCS_URL: z.string().default('/docs'),
  // The local nginx gateway of `npm run gateway:nginx` on its default GATEWAY_PORT.
  MAPS_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
  MAP_STYLE_NORMAL: z.string().optional(),
  MAP_STYLE_DARK: z.string().optional(),
  MAP_STYLE_SATELLITE: z.string().optional(),
  MAP_STYLE_NAVIGATION_DAY: z.string().optional(),
  MAP_STYLE_NAVIGATION_NIGHT: z.string().optional(),
  MAP_TILE_ORIGINS: z.string().default(''),
  MAP_EDITOR_URL: z.string().optional(),
  MAP_EDITOR_ORIGINS: z.string().optional(),
  VNPAY_TMN_CODE: z.string().optional(),
  VNPAY_HASH_SECRET: z.string().optional(),
  VNPAY_PAY_URL: z.url().default('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html'),
  VNPAY_API_URL: z.url().default('https://sandbox.vnpayment.vn/merchant_webapi/api/transaction'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  TOTP_ISSUER: z.string().min(1).max(64).default('Maps Portal'),
  // Passkeys (issue 16, passkeys): the origin browsers sign in from, when it is not PUBLIC_URL's.
  PASSKEY_ORIGIN: z.url().optional(),
})

type Env = z.infer<typeof EnvSchema>

export interface Config {
  env: Env['NODE_ENV']
  isProduction: boolean
  /**
   * Whether the back office's outbox shows one-time links and codes (docs/security.md "Secrets in the
   * outbox"): outside production only, so a fresh machine can verify its sign-ups without SMTP.
   */
  revealOutboxSecrets: boolean
  port: number
  host: string
  publicUrl: string
  /**
   * Whether PUBLIC_URL was set. When it was not, payment providers send the customer back to the origin
   * the payment was started from, if it is this server's own host (docs/payments.md "Return address").
   */
  publicUrlConfigured: boolean
  /** PostgreSQL connection string, or null for embedded PGlite. */
  databaseUrl: string | null
  /** Folder of the PGlite data (`memory://` keeps it in memory). */
  pgliteDir: string
  dataDir: string
  secret: string
  sessionTtlHours: number
  smtpUrl: string | null
  mailFrom: string
  /** E-mail notifications sent per second by each instance (docs/notifications.md). */
  notificationRatePerSecond: number
  /** Whether this instance works the background job queues (docs/jobs.md). */
  jobs: boolean
  /** After SIGTERM, how long /readyz says 503 before the instance stops listening. */
  shutdownDelayMs: number
  /** GET /metrics: with this bearer token on the main port, and/or on an internal listener of its own. */
  metrics: { token: string | null; port: number | null; host: string }
  /** Where plan limits per minute are counted for all instances; PostgreSQL (or nothing on PGlite) when unset. */
  redisUrl: string | null
  adminEmail: string | null
  adminPassword: string | null
  logLevel: Env['LOG_LEVEL']
  logPretty: boolean
  trustProxy: boolean | number | string
  /**
   * Who may open the payment sandbox's pages (docs/payments.md "The sandbox"): `loopback` (a developer
   * on their own machine only), `on` (anyone who reaches the server) or `off`. Never in production.
   */
  sandboxConsole: 'loopback' | 'on' | 'off'
  corsOrigins: string[]
  webDist: string
  mapUrl: string
  docsUrl: string
  /** The maps API's base address as customers call it (the gateway), without a trailing slash. */
  mapsApiUrl: string
  /** The bearer token the maps API gateway presents to /v1/gateway/*. */
  gatewayToken: string
  /** How each payment gateway is reached (docs/payments.md). */
  payments: PaymentsConfig
  /** Custom maps: style URLs, the hosts they load from, and the editor origins (docs/maps.md). */
  maps: MapsSettings
  /** Google and Facebook sign-in (null: not offered) and the TOTP issuer name (docs/auth.md). */
  signIn: SignInConfig
  /** The WebAuthn relying party of passkeys (docs/auth.md "Passkeys"). */
  passkey: PasskeyConfig
}

/**
 * `origin` is PUBLIC_URL's origin unless PASSKEY_ORIGIN is set, `rpId` its host name, so a passkey
 * made here signs in only here.
 */
interface PasskeyConfig {
  rpId: string
  origin: string
  rpName: string
}

function resolvePasskey(env: Env, publicUrl: string): PasskeyConfig {
  const origin = new URL(env.PASSKEY_ORIGIN ?? publicUrl)
  return { origin: origin.origin, rpId: origin.hostname, rpName: env.TOTP_ISSUER }
}

export interface SignInConfig {
  /** `authUrl`: where the browser is sent to sign in (OpenID Connect, `response_type=id_token`). */
  google: { clientId: string; jwksUrl: string; issuers: string[]; authUrl: string } | null
  /** `dialogUrl`: the login dialog the browser is sent to (`response_type=token`). */
  facebook: { appId: string; appSecret: string; graphUrl: string; dialogUrl: string } | null
  totpIssuer: string
}

function resolveSignIn(env: Env): SignInConfig {
  if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
    throw new Error('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set together.')
  }
  return {
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          jwksUrl: env.GOOGLE_JWKS_URL,
          issuers: list(env.GOOGLE_ISSUERS),
          authUrl: env.GOOGLE_AUTH_URL,
        }
      : null,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
            dialogUrl: env.FACEBOOK_DIALOG_URL,
          }
        : null,
    totpIssuer: env.TOTP_ISSUER,
  }
}

interface MapsSettings {
  /** A MapLibre style URL per base style (`{key}` stands for the map's key); null: the built-in offline style. */
  styles: Record<'normal' | 'dark' | 'satellite' | 'navigation_day' | 'navigation_night', string | null>
  /** Origins the configured styles and the maps API load from (the CSP's connect-src and img-src). */
  tileOrigins: string[]
  /** Windows of these origins may send the map screens messages (docs/requirements.md §3.8). */
  editorOrigins: string[]
}

/** docs/requirements.md §3.8: messages come from the online editor site and a local development address on port 8888. */
const DEV_EDITOR_ORIGIN = 'http://localhost:8888'

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

function mapsSettings(env: Env): MapsSettings {
  const styleOf = (value: string | undefined) => {
    if (!value) return null
    // A style URL is absolute (a provider) or a path on this server.
    if (!value.startsWith('/') && !originOf(value.replace('{key}', 'key'))) {
      throw new Error(`A MAP_STYLE_* value must be an http(s) URL or a path: ${value}`)
    }
    return value
  }
  const styles = {
    normal: styleOf(env.MAP_STYLE_NORMAL),
    dark: styleOf(env.MAP_STYLE_DARK),
    satellite: styleOf(env.MAP_STYLE_SATELLITE),
    navigation_day: styleOf(env.MAP_STYLE_NAVIGATION_DAY),
    navigation_night: styleOf(env.MAP_STYLE_NAVIGATION_NIGHT),
  }
  const styleOrigins = Object.values(styles).flatMap((url) =>
    url ? (originOf(url.replace('{key}', 'key')) ?? []) : [],
  )
  const extraOrigins = list(env.MAP_TILE_ORIGINS).flatMap((o) => originOf(o) ?? [])
  // The Get started page calls the maps API from the browser and draws its tiles.
  const mapsApiOrigin = originOf(env.MAPS_API_URL) ?? []
  const tileOrigins = [...new Set([...styleOrigins, ...extraOrigins].concat(mapsApiOrigin))]
  const editorSite = env.MAP_EDITOR_URL ? originOf(env.MAP_EDITOR_URL) : null
  const editorOrigins =
    env.MAP_EDITOR_ORIGINS !== undefined
      ? list(env.MAP_EDITOR_ORIGINS).flatMap((o) => originOf(o) ?? [])
      : [...(editorSite ? [editorSite] : []), DEV_EDITOR_ORIGIN]
  return { styles, tileOrigins, editorOrigins }
}

/**
 * How each gateway is reached (docs/payments.md): `live` with the credentials from the environment,
 * `sandbox` (the built-in sandbox at /sandbox/…, spoken to inside the process) when none are set
 * outside production, `off` in production without credentials.
 */
export interface PaymentsConfig {
  vnpay: { mode: 'live' | 'sandbox' | 'off'; tmnCode: string; hashSecret: string; payUrl: string; apiUrl: string }
  paypal: {
    mode: 'live' | 'sandbox' | 'off'
    clientId: string
    clientSecret: string
    webhookId: string
    apiUrl: string
  }
}

const here = path.dirname(fileURLToPath(import.meta.url))
const MIN_SECRET_LENGTH = 32

/** Paths given relative are read from where `npm` was started, so `./data` means the repository root. */
function fromStartDir(p: string): string {
  if (p.startsWith('memory://') || path.isAbsolute(p)) return p
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p)
}

function defaultWebDist(): string {
  // src/config.ts under tsx, or dist/main.js once bundled: both sit two levels below apps/.
  return path.resolve(here, '../../web/dist')
}

/**
 * Outside production a missing APP_SECRET is generated once and kept beside the data, so that sessions
 * survive restarts. In production the server refuses to start without a real secret.
 */
function resolveSecret(env: Env, dataDir: string): string {
  if (env.APP_SECRET) {
    if (env.APP_SECRET.length < MIN_SECRET_LENGTH) {
      throw new Error(`APP_SECRET must be at least ${MIN_SECRET_LENGTH} characters long.`)
    }
    return env.APP_SECRET
  }
  if (env.NODE_ENV === 'production') {
    throw new Error('APP_SECRET is required in production (at least 32 random characters).')
  }
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('base64url')
  const file = path.join(dataDir, 'app-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

/** Outside production the gateway simulator's default token works; production needs a real one. */
const DEV_GATEWAY_TOKEN = 'dev-gateway-token'

function resolveGatewayToken(env: Env): string {
  if (env.GATEWAY_TOKEN) {
    if (env.GATEWAY_TOKEN.length < 24 && env.NODE_ENV === 'production') {
      throw new Error('GATEWAY_TOKEN must be at least 24 characters long in production.')
    }
    return env.GATEWAY_TOKEN
  }
  if (env.NODE_ENV === 'production') throw new Error('GATEWAY_TOKEN is required in production.')
  return DEV_GATEWAY_TOKEN
}

function resolvePayments(env: Env, publicUrl: string, secret: string): PaymentsConfig {
  const production = env.NODE_ENV === 'production'
  const derived = (purpose: string) => createHash('sha256').update(`${purpose}:${secret}`).digest('hex')
  const vnpayLive = Boolean(env.VNPAY_TMN_CODE && env.VNPAY_HASH_SECRET)
  if (Boolean(env.VNPAY_TMN_CODE) !== Boolean(env.VNPAY_HASH_SECRET)) {
    throw new Error('VNPAY_TMN_CODE and VNPAY_HASH_SECRET are set together.')
  }
  const paypalLive = Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID)
  if ((env.PAYPAL_CLIENT_ID || env.PAYPAL_CLIENT_SECRET || env.PAYPAL_WEBHOOK_ID) && !paypalLive) {
    throw new Error('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are set together.')
  }
  const mode = (live: boolean) => (live ? 'live' : production ? 'off' : 'sandbox')
  return {
    vnpay: vnpayLive
      ? {
          mode: 'live',
          tmnCode: env.VNPAY_TMN_CODE ?? '',
          hashSecret: env.VNPAY_HASH_SECRET ?? '',
          payUrl: env.VNPAY_PAY_URL,
          apiUrl: env.VNPAY_API_URL,
        }
      : {
          mode: mode(false),
          tmnCode: 'MAPSSBX1',
          hashSecret: derived('vnpay-sandbox').toUpperCase(),
          payUrl: `${publicUrl}/sandbox/vnpay/paymentv2/vpcpay.html`,
          apiUrl: `${publicUrl}/sandbox/vnpay/merchant_webapi/api/transaction`,
        },
    paypal: paypalLive
      ? {
          mode: 'live',
          clientId: env.PAYPAL_CLIENT_ID ?? '',
          clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
          webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
          apiUrl: env.PAYPAL_API_URL.replace(/\/+$/, ''),
        }
      : {
          mode: mode(false),
          clientId: 'sandbox-client',
          clientSecret: derived('paypal-sandbox'),
          webhookId: 'WH-SANDBOX',
          apiUrl: `${publicUrl}/sandbox/paypal`,
        },
  }
}

function resolveSandboxConsole(env: Env): Config['sandboxConsole'] {
  // The sandbox moves pretend money; production has none, and saying otherwise is a mistake to stop on.
  if (env.NODE_ENV === 'production' && env.SANDBOX_CONSOLE === 'on') {
    throw new Error('SANDBOX_CONSOLE=on is refused in production: the payment sandbox never runs there.')
  }
  return env.SANDBOX_CONSOLE
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true
  if (value === 'false' || value === '') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new Error(`Invalid configuration:\n${problems}`)
  }
  const env = parsed.data
  const dataDir = fromStartDir(env.DATA_DIR)
  const port = env.PORT
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  const secret = resolveSecret(env, dataDir)
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    revealOutboxSecrets: env.NODE_ENV !== 'production',
    port,
    host: env.HOST,
    publicUrl,
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    databaseUrl: env.DATABASE_URL || null,
    pgliteDir: dataDir.startsWith('memory://') ? 'memory://' : path.join(dataDir, 'pglite'),
    dataDir,
    secret,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM,
    notificationRatePerSecond: env.NOTIFICATION_RATE_PER_SECOND,
    jobs: env.JOBS === 'on',
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    metrics: { token: env.METRICS_TOKEN ?? null, port: env.METRICS_PORT ?? null, host: env.METRICS_HOST },
    redisUrl: env.REDIS_URL || null,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sandboxConsole: resolveSandboxConsole(env),
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: env.WEB_DIST ? fromStartDir(env.WEB_DIST) : defaultWebDist(),
    mapUrl: env.MAP_URL,
    gatewayToken: resolveGatewayToken(env),
    docsUrl: env.DOCS_URL,
    mapsApiUrl: env.MAPS_API_URL.replace(/\/+$/, ''),
    maps: mapsSettings(env),
    payments: resolvePayments(env, publicUrl, secret),
    signIn: resolveSignIn(env),
    passkey: resolvePasskey(env, publicUrl),
  }
}
