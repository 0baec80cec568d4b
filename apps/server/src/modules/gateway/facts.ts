import { compileRestrictions, type LimitDuration, type ServiceType } from '@app/contract'
import type { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import type { Database, Db } from '../../db/client.ts'
import { keySecrets, keys, userPlans, users } from '../../db/schema/index.ts'
import { type KeyFacts, type PlanFacts, planFacts } from './cache.ts'

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>()

/** The owner's plan: their own, or the default one (user_plan_id null). Both are primary-key probes. */
const PLAN_OF_OWNER = sql`${userPlans.id} = coalesce(${users.userPlanId}, (select d.id from user_plans d where d.is_default limit 1))`

function planOf(row: {
  planId: string | null
  requestLimit: number | null
  requestDuration: LimitDuration | null
  loadLimit: number | null
  loadDuration: LimitDuration | null
}): PlanFacts | null {
  if (row.planId === null) return null
  return planFacts({
    id: row.planId,
    requestLimit: row.requestLimit,
    requestDuration: row.requestDuration ?? 'month',
    loadLimit: row.loadLimit,
    loadDuration: row.loadDuration ?? 'month',
  })
}

/**
 * One indexed lookup by secret hash, joined to the key, its owner and the owner's plan: a prepared
 * statement per database, so a first sight of a key costs no parsing or planning.
 */
function prepare(db: Db) {
  return db
    .select({
      keyId: keys.id,
      userId: keys.userId,
      type: keys.type,
      keyStatus: keys.status,
      deletedAt: keys.deletedAt,
      restrictionList: keys.restrictionList,
      services: keys.services,
      capBlockedUntil: keys.capBlockedUntil,
      secretExpiresAt: keySecrets.expiresAt,
      userStatus: users.status,
      emailVerifiedAt: users.emailVerifiedAt,
      checkBalance: users.checkBalance,
      balanceCents: users.balanceCents,
      planId: userPlans.id,
      requestLimit: userPlans.requestLimit,
      requestDuration: userPlans.requestLimitDuration,
      loadLimit: userPlans.loadLimit,
      loadDuration: userPlans.loadLimitDuration,
    })
    .from(keySecrets)
    .innerJoin(keys, eq(keys.id, keySecrets.keyId))
    .innerJoin(users, eq(users.id, keys.userId))
    .leftJoin(userPlans, PLAN_OF_OWNER)
    .where(eq(keySecrets.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('gateway_key_facts')
}

async function loadWithDrizzle(db: Db, hash: string): Promise<KeyFacts | null> {
  let statement = prepared.get(db)
  if (!statement) {
    statement = prepare(db)
    prepared.set(db, statement)
  }
  const [row] = await statement.execute({ hash })
  if (!row) return null
  return {
    keyId: row.keyId,
    userId: row.userId,
    type: row.type,
    keyStatus: row.keyStatus,
    deleted: row.deletedAt !== null,
    secretExpiresAt: row.secretExpiresAt?.getTime() ?? null,
    userStatus: row.userStatus,
    userVerified: row.emailVerifiedAt !== null,
    checkBalance: row.checkBalance,
    balancePositive: row.balanceCents > 0n,
    matcher: compileRestrictions(row.restrictionList),
    services: row.services ?? null,
    capBlockedUntil: row.capBlockedUntil?.getTime() ?? null,
    plan: planOf(row),
  }
}

// Embedded PGlite plans a statement afresh on every query, and planning this join costs more than
// running it (≈ 0.75 ms vs ≈ 0.3 ms per first sight, measured). Drizzle's prepare() does not make a
// server-side statement there, so the PGlite path PREPAREs one itself (PGlite is one session) and
// EXECUTEs it. On PostgreSQL, drizzle's named statement is prepared per pooled connection.
const PGLITE_STATEMENT = 'gateway_key_facts'
const PGLITE_SQL = `select k.id as key_id, k.user_id, k.type, k.status as key_status,
  k.deleted_at is not null as deleted, k.restriction_list, k.services,
  (extract(epoch from k.cap_blocked_until) * 1000)::float8 as cap_blocked_until,
  (extract(epoch from s.expires_at) * 1000)::float8 as secret_expires_at,
  u.status as user_status, u.email_verified_at is not null as user_verified, u.check_balance,
  u.balance_cents > 0 as balance_positive,
  p.id as plan_id, p.request_limit, p.request_limit_duration, p.load_limit, p.load_limit_duration
from key_secrets s join keys k on k.id = s.key_id join users u on u.id = k.user_id
  left join user_plans p on p.id = coalesce(u.user_plan_id, (select d.id from user_plans d where d.is_default limit 1))
where s.hash = $1 limit 1`

interface PgliteRow {
  key_id: string
  user_id: string
  type: KeyFacts['type']
  key_status: KeyFacts['keyStatus']
  deleted: boolean
  restriction_list: Parameters<typeof compileRestrictions>[0]
  services: ServiceType[] | null
  cap_blocked_until: number | null
  secret_expires_at: number | null
  user_status: KeyFacts['userStatus']
  user_verified: boolean
  check_balance: boolean
  balance_positive: boolean
  plan_id: string | null
  request_limit: number | null
  request_limit_duration: LimitDuration | null
  load_limit: number | null
  load_limit_duration: LimitDuration | null
}

const preparedOn = new WeakMap<PGlite, Promise<void>>()

function preparePglite(pglite: PGlite): Promise<void> {
  let ready = preparedOn.get(pglite)
  if (!ready) {
    ready = pglite.exec(`prepare ${PGLITE_STATEMENT}(text) as ${PGLITE_SQL}`).then(
      () => undefined,
      (error: { code?: string }) => {
        // Another app in this process (tests run two on one PGlite) prepared it already.
        if (error.code !== '42P05') throw error
      },
    )
    preparedOn.set(pglite, ready)
  }
  return ready
}

async function loadWithPglite(pglite: PGlite, hash: string): Promise<KeyFacts | null> {
  // The hash goes into the statement text: only ever a SHA-256 in hex, which cannot break out of it.
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('a key hash must be 64 hexadecimal digits')
  await preparePglite(pglite)
  const { rows } = await pglite.query<PgliteRow>(`execute ${PGLITE_STATEMENT}('${hash}')`)
  const row = rows[0]
  if (!row) return null
  return {
    keyId: row.key_id,
    userId: row.user_id,
    type: row.type,
    keyStatus: row.key_status,
    deleted: row.deleted,
    secretExpiresAt: row.secret_expires_at,
    userStatus: row.user_status,
    userVerified: row.user_verified,
    checkBalance: row.check_balance,
    balancePositive: row.balance_positive,
    matcher: compileRestrictions(row.restriction_list),
    services: row.services,
    capBlockedUntil: row.cap_blocked_until,
    plan: planOf({
      planId: row.plan_id,
      requestLimit: row.request_limit,
      requestDuration: row.request_limit_duration,
      loadLimit: row.load_limit,
      loadDuration: row.load_limit_duration,
    }),
  }
}

/** What the key check needs to know about the secret with this SHA-256, or null when none has it. */
export function loadKeyFacts(database: Database, hash: string): Promise<KeyFacts | null> {
  return database.pglite ? loadWithPglite(database.pglite, hash) : loadWithDrizzle(database.db, hash)
}
