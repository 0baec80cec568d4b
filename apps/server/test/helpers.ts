import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildPath, type EndpointSpec, type Envelope, type RequestOf, type ResponseOf, type Role } from '@app/contract'
import { hash as argon2Hash } from '@node-rs/argon2'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll } from 'vitest'
import { buildApp } from '../src/app.ts'
import { type Config, loadConfig } from '../src/config.ts'
import type { Ctx } from '../src/context.ts'
import { type Database, migrationsFolder, openPglite, openPostgres } from '../src/db/client.ts'
import { emailOutbox, users } from '../src/db/schema/index.ts'
import { installJobSchema } from '../src/jobs/runner.ts'
import { fixedClock } from '../src/lib/clock.ts'
import { newId } from '../src/lib/ids.ts'
import { outboxSecretKey, shownBodies } from '../src/mail/secrets.ts'
import { insertUser, type NewUser, type UserRow } from '../src/modules/users/queries.ts'

// Integration tests drive the real app through app.inject() on a database of their own: an in-memory
// PGlite by default, or a fresh PostgreSQL database when the project runs with TEST_DB=postgres.

let template: Promise<Blob> | undefined

/** An installed package's version. */
function versionOf(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name))
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  return String(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version)
}

/** The installed PGlite's version: a template made by another version may not load. */
const pgliteVersion = () => versionOf('@electric-sql/pglite')

/**
 * A digest of the migrations and of the job queue's schema (pg-boss's version): a template made from
 * other migrations is never reused.
 */
function migrationsDigest(): string {
  const folder = migrationsFolder()
  const hash = createHash('sha256').update(`pg-boss ${versionOf('pg-boss')}`)
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file)
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * A migrated, empty PGlite data folder. Creating one costs seconds (initdb in WebAssembly), so it is
 * made once per set of migrations and kept in the temporary folder for every test file and later runs.
 */
async function pgliteTemplate(): Promise<Blob> {
  const key = createHash('sha256').update(pgliteVersion()).update(migrationsDigest()).digest('hex').slice(0, 16)
  const cached = path.join(tmpdir(), `maps-portal-test-pglite-${key}.tar`)
  if (existsSync(cached)) return new Blob([readFileSync(cached)])
  const seed = await openPglite('memory://')
  await seed.migrate()
  await installJobSchema(seed)
  // Without a checkpoint the dump can miss what the migrations just wrote.
  await seed.pglite?.exec('checkpoint')
  const blob = (await seed.pglite?.dumpDataDir('none')) as Blob
  await seed.close()
  // Written aside and renamed, so that a test file starting in parallel never reads half a file.
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()))
  renameSync(partial, cached)
  return blob
}

async function freshPglite(): Promise<Database> {
  template ??= pgliteTemplate()
  return openPglite('memory://', { loadDataDir: await template })
}

/**
 * pool.end() resolves before its connections have said goodbye; a database they are still on cannot be
 * renamed, and a forced drop at that moment kills them mid-close (an uncaught 57P01 error). Gives them
 * up to 2 s to leave.
 */
async function untilNoneConnected(admin: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    )
    if (!rows[0]?.n) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

let postgresTemplateName: Promise<string> | undefined

/**
 * A migrated, empty PostgreSQL database that each test file's database is copied from (`create
 * database … template`), instead of running every migration again per file. Named after the
 * migrations and kept on the server for later runs; built under an advisory lock, so that test files
 * starting together in parallel workers build it once, and renamed into place only when complete.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `test_template_${migrationsDigest()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name])
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) {
      const building = `${name}_building`
      // What a run stopped halfway through left behind.
      await admin.query(`drop database if exists ${building} with (force)`)
      await admin.query(`create database ${building}`)
      const url = new URL(adminUrl)
      url.pathname = `/${building}`
      const seed = await openPostgres(url.toString(), { max: 1 })
      try {
        await seed.migrate()
        await installJobSchema(seed)
      } finally {
        await seed.close()
      }
      await untilNoneConnected(admin, building)
      await admin.query(`alter database ${building} rename to ${name}`)
      // A copy cannot be made while anyone is connected to the template.
      await admin.query(`alter database ${name} with allow_connections false`)
    }
  } finally {
    await admin.end()
  }
  return name
}

async function freshPostgres(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL')
  postgresTemplateName ??= postgresTemplate(adminUrl)
  const source = await postgresTemplateName
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${source}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openPostgres(url.toString(), { max: 5 })
  return {
    database,
    drop: async () => {
      await database.close()
      const again = new pg.Client({ connectionString: adminUrl })
      await again.connect()
      await untilNoneConnected(again, name)
      await again.query(`drop database if exists ${name} with (force)`)
      await again.end()
    },
  }
}

export interface TestApp {
  app: FastifyInstance
  ctx: Ctx
  clock: ReturnType<typeof fixedClock>
  config: Config
  close(): Promise<void>
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  /** `jobs`: work the job queues (off unless a test is about them: starting pg-boss costs time). */
  options: { logStream?: { write(line: string): void }; jobs?: boolean; serveWeb?: boolean } = {},
): Promise<TestApp> {
  const usePostgres = process.env.TEST_DB === 'postgres'
  const { database, drop } = usePostgres
    ? await freshPostgres()
    : { database: await freshPglite(), drop: undefined as undefined | (() => Promise<void>) }
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
    ...overrides,
  }
  const clock = fixedClock(new Date('2026-11-02T08:00:00.000Z'))
  const { app, ctx } = await buildApp({
    config,
    database,
    clock,
    serveWeb: false,
    ...options,
    jobs: options.jobs ?? false,
  })
  await app.ready()
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await app.close()
    if (drop) await drop()
    else await database.close()
  }
  return { app, ctx, clock, config, close }
}

/** A test app for the whole file, closed after its last test. */
export async function useTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides)
  afterAll(() => t.close())
  return t
}

/**
 * A second server instance on the database of `t`, as in a scale-out deployment: its own gateway
 * cache, its own change listener, and the same clock. On PostgreSQL it opens its own pool and LISTEN
 * connection to the same database. An in-memory PGlite cannot be opened twice, so there the second app
 * shares the first one's Database object (one embedded session; NOTIFY still reaches both listeners).
 * Closed after the file's last test, before `t` (Vitest runs afterAll hooks in reverse order).
 */
export async function usePeerApp(t: TestApp, options: { jobs?: boolean } = {}): Promise<TestApp> {
  let database: Database = t.ctx.database
  let ownsDatabase = false
  if (t.ctx.database.kind === 'postgres') {
    const adminUrl = process.env.DATABASE_URL
    if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL')
    const result = (await t.ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[]
    }
    const url = new URL(adminUrl)
    url.pathname = `/${result.rows[0]?.name}`
    database = await openPostgres(url.toString(), { max: 3 })
    ownsDatabase = true
  }
  const { app, ctx } = await buildApp({
    config: t.config,
    database,
    clock: t.clock,
    serveWeb: false,
    jobs: options.jobs ?? false,
  })
  await app.ready()
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await app.close()
    if (ownsDatabase) await database.close()
  }
  afterAll(close)
  return { app, ctx, clock: t.clock, config: t.config, close }
}

export interface CallOptions {
  token?: string | null
  lang?: string
  ip?: string
  headers?: Record<string, string>
}

export interface CallResult<D = unknown> {
  status: number
  body: Envelope<D>
  headers: Record<string, unknown>
}

/** Calls a contract endpoint the way a client would: path built from params, JSON body, bearer token. */
export async function call<E extends EndpointSpec>(
  t: TestApp,
  endpoint: E,
  request: Partial<RequestOf<E>> & { query?: Record<string, unknown> } = {},
  options: CallOptions = {},
): Promise<CallResult<ResponseOf<E>>> {
  const url = buildPath(endpoint.path, (request as { params?: Record<string, string> }).params)
  const query = (request as { query?: Record<string, unknown> }).query
  const search = query
    ? `?${new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]): [string, string] => [k, String(v)]),
      )}`
    : ''
  const body = (request as { body?: unknown }).body
  const response = await t.app.inject({
    method: endpoint.method,
    url: `${url}${search}`,
    remoteAddress: options.ip ?? '203.0.113.10',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

export const PASSWORD = 'correct-horse-battery'

/**
 * The password hash of the accounts `createUser` inserts: argon2id like every stored hash, at the
 * lowest cost the algorithm allows. Verifying reads the cost from the hash, so a sign-in in a test
 * checks the password for real in under a millisecond instead of ~50-100 ms of hashing, while every
 * password the app hashes itself (sign-up, reset, change) keeps the production cost.
 */
let passwordHash: Promise<string> | undefined
const CHEAP_ARGON2ID = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 } as const

/** Inserts a verified account directly (fast); sign in with `signIn` to get a token. */
export async function createUser(
  t: TestApp,
  options: {
    roles?: Role[]
    email?: string
    verified?: boolean
    createdAt?: Date
    phone?: string | null
    /** Mark the phone number as verified (keys need a verified phone). */
    phoneVerified?: boolean
  } = {},
): Promise<UserRow> {
  passwordHash ??= argon2Hash(PASSWORD, CHEAP_ARGON2ID)
  const now = options.createdAt ?? t.clock.now()
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`
  return insertUser(
    t.ctx.db,
    {
      id: newId('usr', now.getTime()),
      email,
      passwordHash: await passwordHash,
      firstName: 'Test',
      lastName: 'User',
      phoneNumber: options.phone === undefined ? '+84912345678' : options.phone,
      emailVerifiedAt: options.verified === false ? null : now,
      ...(options.phoneVerified ? { phoneVerifiedAt: now } : {}),
      createdAt: now,
      updatedAt: now,
    },
    options.roles ?? ['customer'],
  )
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  })
  const body = response.json() as Envelope<{ token: string }>
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${body.message}`)
  return body.data.token
}

/**
 * Proves a session's identity again (step-up, docs/auth.md), as revealing a key's secret needs:
 * the password by default, `{ code }` for an account with two-factor authentication.
 */
export async function stepUp(t: TestApp, token: string, proof: { password?: string; code?: string } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/users/step-up',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(proof.code ? { code: proof.code } : { password: proof.password ?? PASSWORD }),
  })
  if (response.statusCode !== 200) throw new Error(`step-up failed: ${response.statusCode} ${response.body}`)
}

/** A signed-in user of the given role. */
export async function userWithToken(t: TestApp, roles: Role[] = ['customer']) {
  const user = await createUser(t, { roles })
  return { user, token: await signIn(t, user.email) }
}

/**
 * An outbox row with its one-time secrets (links, codes) put back, as the outbox page shows it outside
 * production (docs/security.md "Secrets in the outbox"); the stored row holds them redacted.
 */
function revealed<R extends typeof emailOutbox.$inferSelect>(t: TestApp, row: R): R {
  const shown = shownBodies(row, outboxSecretKey(t.config.secret), true)
  return { ...row, textBody: shown.text, htmlBody: shown.html }
}

/**
 * The newest e-mail sent to an address, from the outbox (one-time links shown). Messages written at
 * the same clock instant have no order: a test that sends a second message to one address advances
 * `t.clock` first.
 */
export async function lastMailTo(t: TestApp, address: string) {
  const [row] = await t.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1)
  return row ? revealed(t, row) : null
}

/** The token in the link of the newest e-mail to an address (`?token=…`). */
export async function tokenFromMail(t: TestApp, address: string): Promise<string> {
  const mail = await lastMailTo(t, address)
  const match = mail?.textBody.match(/[?&]token=([\w-]+)/)
  if (!match?.[1]) throw new Error(`no token link in the last e-mail to ${address}`)
  return decodeURIComponent(match[1])
}

/** Every e-mail sent to an address, oldest first (one-time links shown). */
export async function mailsTo(t: TestApp, address: string) {
  const rows = await t.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
  return rows.map((row) => revealed(t, row))
}

/** The newest SMS to a user (outbox channel `sms`, its code shown), or null. */
export async function lastSmsFor(t: TestApp, userId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.channel, 'sms')))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1)
  return row ? revealed(t, row) : null
}

/** The 6-digit code in the newest SMS to a user. */
export async function smsCodeFor(t: TestApp, userId: string): Promise<string> {
  const sms = await lastSmsFor(t, userId)
  const match = sms?.textBody.match(/\b(\d{6})\b/)
  if (!match?.[1]) throw new Error(`no 6-digit code in the last SMS to ${userId}`)
  return match[1]
}

/** Changes a user row directly, for states no endpoint sets yet (suspension, a verified phone…). */
/**
 * Rates (USD per request) a test's arithmetic is written against: Google Maps Platform's list, which
 * the seed copied before migration 0025 gave the product its own launch book. A test that checks
 * bills to the cent states its prices with `useCommonRates` instead of following the seeded book.
 */
export const LIST_RATES: Record<string, string> = {
  LOAD_MAP: '0.007',
  STATIC_MAP: '0.002',
  GEOCODE: '0.005',
  FORWARD_GEOCODE: '0.005',
  REVERSE_GEOCODE: '0.005',
  DIRECTION: '0.005',
  DISTANCE_MATRIX: '0.005',
  PLACE_DETAIL: '0.017',
  AUTOCOMPLETE: '0.00283',
  SESSION_AUTOCOMPLETE: '0.017',
  FIND_PLACE_FROM_TEXT: '0.017',
  TRIP: '0.01',
}

/**
 * Sets the common settings' rates by service: the current book's at `rates` (its ranges keep their
 * steps: full, 80 %, 80 %, 60 %) and the legacy book's at 120 % of them, as the seed lays them out.
 */
export async function useCommonRates(t: TestApp, rates: Record<string, string> = LIST_RATES) {
  for (const [type, rate] of Object.entries(rates)) {
    await t.ctx.db.execute(sql`
      UPDATE range_requests r SET rate = round(${rate}::numeric * (r.rate / s.rate), 8)
      FROM settings_weight s
      WHERE r.setting_id = s.id AND s.type = ${type} AND s.user_id IS NULL AND s.is_new`)
    await t.ctx.db.execute(sql`
      UPDATE settings_weight
      SET rate = CASE WHEN is_new THEN ${rate}::numeric ELSE round(${rate}::numeric * 1.2, 8) END
      WHERE type = ${type} AND user_id IS NULL`)
  }
}

export async function setUser(t: TestApp, id: string, changes: Partial<NewUser>) {
  await t.ctx.db.update(users).set(changes).where(eq(users.id, id))
}

export async function findUserRow(t: TestApp, id: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

let addressCounter = 0

/** A client address of its own, so that one test's per-address limits do not reach the next. */
export function freshIp(): string {
  addressCounter += 1
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

let emailCounter = 0

/** A unique e-mail address for this test file. */
export function freshEmail(label = 'user'): string {
  emailCounter += 1
  return `${label}-${emailCounter}-${randomBytes(3).toString('hex')}@example.com`
}

export interface UploadFile {
  data: Buffer
  filename?: string
  contentType?: string
  /** The multipart field name (`file` unless a test wants another). */
  field?: string
}

/** Posts one file as multipart/form-data, the way a browser's form does. */
export async function upload<E extends EndpointSpec>(
  t: TestApp,
  endpoint: E,
  file: UploadFile,
  options: CallOptions = {},
): Promise<CallResult<ResponseOf<E>>> {
  const boundary = `----test${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename ?? 'image.png'}"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const response = await t.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    remoteAddress: options.ip ?? '203.0.113.10',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
      ...options.headers,
    },
    payload: Buffer.concat([head, file.data, tail]),
  })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

/** Asserts the error envelope's shape: status, a message, a code, and no trace of the server's insides. */
export function errorEnvelope(body: unknown): Envelope<unknown> {
  const envelope = body as Envelope<unknown>
  if (typeof envelope !== 'object' || envelope === null) throw new Error(`not an envelope: ${String(body)}`)
  const keys = Object.keys(envelope).sort()
  if (keys.join(',') !== 'data,error_code,message,status') throw new Error(`not an envelope: ${JSON.stringify(body)}`)
  if (envelope.status !== 'error' && envelope.status !== 'maintain') throw new Error(`not an error: ${envelope.status}`)
  if (typeof envelope.message !== 'string' || envelope.message.trim() === '') throw new Error('empty error message')
  if (typeof envelope.error_code !== 'string' || envelope.error_code === '') throw new Error('no error_code')
  const text = JSON.stringify(body)
  if (/\bat .+\(|\.ts:\d+|node_modules|stack/i.test(text)) throw new Error(`error leaks internals: ${text}`)
  return envelope
}

/** The field messages of a validation error (`data.fields`), or an empty object. */
export function fieldsOf(body: Envelope<unknown>): Record<string, string> {
  const data = body.data as { fields?: Record<string, string> } | null
  return data?.fields ?? {}
}
