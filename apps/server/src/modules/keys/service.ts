import {
  ADMIN_ONLY,
  type AuditAction,
  type BodyOf,
  checkKeyServices,
  type createKey as createKeyEndpoint,
  ErrorCode,
  getKey as getKeyEndpoint,
  hasAnyRole,
  isStaff,
  KEY_NAME_MAX,
  type Key,
  type KeyType,
  type KeyWithSecret,
  type MessageKey,
  nameOfCopy,
  type RestrictionRow,
  type ServiceType,
  type updateKey as updateKeyEndpoint,
} from '@app/contract'
import { and, eq, isNull, lte } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db, Tx } from '../../db/client.ts'
import { keySecrets, keys } from '../../db/schema/index.ts'
import { assertActFor } from '../../http/access.ts'
import { AppError, invalidField, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { requireStepUp } from '../auth/sessions.ts'
import { announceChange } from '../gateway/gateway.ts'
import { getUserById, type UserRow } from '../users/queries.ts'
import { measureKeyCaps } from './caps.ts'
import { findKey, getKeyRow, type KeyRow, listKeys, lockKeyRow, toKey } from './queries.ts'
import { generateSecret, hashSecret, openSecret, previewSecret, sealSecret } from './secrets.ts'

// Keys (docs/requirements.md §5): customers manage their own, staff anyone's. Every change tells the gateway caches
// (announceChange) in the same transaction, and every staff change to someone else's key is audited.

const HOUR = 3_600_000

function actsForOther(actor: AuthUser, ownerId: string) {
  return actor.id !== ownerId
}

/**
 * Which user a list or a new key is about: the user named, else the caller. The guard has already
 * refused naming another user to a role that may not (admins only: packages/contract/src/access.ts).
 */
export function ownerFor(actor: AuthUser, requested: string | undefined): string {
  return requested ?? actor.id
}

const keyNotFound = () => notFound('keys.notFound')

/**
 * A key the actor may see: their own, or another user's for a role that may act for others on the
 * key endpoints (the admin's key-and-bill page; one rule for every call about one key, which
 * a contract test holds). Others' keys are "not found" to a customer, refused (403) to support.
 */
async function keyFor(ctx: Ctx, actor: AuthUser, id: string, db: Db = ctx.db): Promise<KeyRow> {
  const row = await getKeyRow(db, id).catch(() => null)
  if (!row) throw keyNotFound()
  assertActFor(actor, getKeyEndpoint, row.userId, keyNotFound)
  return row
}

/**
 * docs/requirements.md §4.3, §4.7 and §5.3 for customers: a suspended account may not change keys, an unverified one may not create
 * them, and a phone number (verified) is needed to create or edit one — `E401` sends the SPA to the
 * profile. Staff acting for a customer are not held to the customer's phone.
 */
function assertOwnerMayChangeKeys(actor: AuthUser, owner: UserRow, creating: boolean) {
  if (isStaff(actor.roles)) return
  if (owner.status === 'suspended') throw new AppError(ErrorCode.Suspended, 403, 'error.suspended')
  if (creating && !owner.emailVerifiedAt) throw refused(ErrorCode.Unverified, 'keys.unverified')
  if (!owner.phoneNumber || !owner.phoneVerifiedAt) throw refused(ErrorCode.NoPhone, 'keys.noPhone')
}

/**
 * Runs a change to an existing key; once it has committed, this instance forgets its cached gateway
 * answers for the key at once. Other instances hear of it by NOTIFY (announceChange), and so would this
 * one, but a moment later: the next key check here must already see the change.
 */
async function changeKey<T>(ctx: Ctx, id: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(change)
  ctx.gateway.cache.evictKey(id)
  return result
}

function assertLive(row: KeyRow) {
  if (row.deletedAt) throw refused(ErrorCode.KeyDeleted, 'keys.isDeleted')
}

async function present(ctx: Ctx, db: Db, id: string): Promise<Key> {
  const found = await findKey(db, id, ctx.clock.now())
  if (!found) throw notFound('keys.notFound')
  return toKey(found.key, found.userEmail, found.previousExpiresAt, ctx.clock.now())
}

function snapshot(row: KeyRow) {
  return {
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    restriction_list: row.restrictionList ?? null,
    services: row.services ?? null,
    request_cap: row.requestCap,
    spend_cap_cents: row.spendCapCents?.toString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
  }
}

async function audit(
  ctx: Ctx,
  db: Db,
  meta: RequestMeta,
  actor: AuthUser,
  row: KeyRow,
  action: AuditAction,
  before: KeyRow | null,
  after: KeyRow | null,
) {
  if (!actsForOther(actor, row.userId) && !isStaff(actor.roles)) return
  await writeAudit(
    db,
    actor,
    meta,
    {
      action,
      targetType: 'key',
      targetId: row.id,
      before: before ? { user_id: before.userId, ...snapshot(before) } : null,
      after: after ? { user_id: after.userId, ...snapshot(after) } : null,
    },
    ctx.clock.now(),
  )
}

/** Creates a key and its first secret (used by the calls below and by the demo data). */
export async function insertKey(
  ctx: Ctx,
  db: Db,
  values: {
    userId: string
    name: string
    type: KeyType
    description: string | null
    restrictionList: RestrictionRow[] | null
    services?: ServiceType[] | null
    requestCap?: number | null
    spendCapCents?: bigint | null
    createdBy: string
  },
): Promise<{ row: KeyRow; secret: string }> {
  const now = ctx.clock.now()
  const id = newId('key', now.getTime())
  const secret = generateSecret(values.type)
  const [row] = await db
    .insert(keys)
    .values({
      id,
      userId: values.userId,
      name: values.name,
      type: values.type,
      description: values.description,
      restrictionList: values.restrictionList,
      services: values.services ?? null,
      requestCap: values.requestCap ?? null,
      spendCapCents: values.spendCapCents ?? null,
      secretCiphertext: sealSecret(ctx.keys.keySecrets, id, secret),
      secretPreview: previewSecret(secret),
      createdBy: values.createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!row) throw new Error('insert into keys returned nothing')
  await db.insert(keySecrets).values({ hash: hashSecret(secret), keyId: id, createdAt: now })
  return { row, secret }
}

export async function createKey(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: BodyOf<typeof createKeyEndpoint>,
): Promise<KeyWithSecret> {
  const ownerId = ownerFor(actor, body.user_id)
  return ctx.db.transaction(async (tx) => {
    const owner = await getUserById(tx, ownerId)
    assertOwnerMayChangeKeys(actor, owner, true)
    const { row, secret } = await insertKey(ctx, tx, {
      userId: ownerId,
      name: body.name,
      type: body.type,
      description: body.description || null,
      restrictionList: body.restriction_list,
      services: body.services ?? null,
      requestCap: body.request_cap ?? null,
      spendCapCents: body.spend_cap ?? null,
      createdBy: actor.id,
    })
    await announceChange(tx, { key: row.id })
    await audit(ctx, tx, meta, actor, row, 'key.create', null, row)
    return { ...(await present(ctx, tx, row.id)), key: secret }
  })
}

export async function updateKey(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  body: BodyOf<typeof updateKeyEndpoint>,
): Promise<Key> {
  return changeKey(ctx, id, async (tx) => {
    const before = await keyFor(ctx, actor, id, tx)
    assertLive(before)
    if (body.type && body.type !== before.type) throw refused(ErrorCode.Validation, 'keys.typeFixed')
    assertOwnerMayChangeKeys(actor, await getUserById(tx, before.userId), false)
    // The body's own check knows the type only when it is sent; the stored one decides.
    const scopeProblem = body.services ? checkKeyServices(before.type, body.services) : null
    if (scopeProblem) throw invalidField('services', scopeProblem as MessageKey)
    const requestCap = body.request_cap === undefined ? before.requestCap : body.request_cap
    const spendCapCents = body.spend_cap === undefined ? before.spendCapCents : body.spend_cap
    const capsChanged = requestCap !== before.requestCap || spendCapCents !== before.spendCapCents
    const hasCaps = requestCap !== null || spendCapCents !== null
    const [updated] = await tx
      .update(keys)
      .set({
        name: body.name,
        description: body.description === undefined ? before.description : body.description || null,
        restrictionList: body.restriction_list,
        services: body.services === undefined ? before.services : body.services,
        requestCap,
        spendCapCents,
        // Without a cap nothing holds the key back; with one, the measurement below decides.
        ...(hasCaps ? {} : { capBlockedUntil: null }),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(keys.id, id))
      .returning()
    if (!updated) throw notFound('keys.notFound')
    await announceChange(tx, { key: id })
    // A new or raised cap is measured now: the answer shows where the key stands, and a raised cap
    // lifts a refusal at once (docs/gateway.md "Monthly caps").
    if (capsChanged && hasCaps) await measureKeyCaps(ctx, { db: tx, keyIds: [id] })
    const after = capsChanged && hasCaps ? await getKeyRow(tx, id) : updated
    await audit(ctx, tx, meta, actor, after, 'key.update', before, after)
    return present(ctx, tx, id)
  })
}

export async function deleteKey(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string): Promise<Key> {
  return changeKey(ctx, id, async (tx) => {
    const before = await keyFor(ctx, actor, id, tx)
    assertLive(before)
    const now = ctx.clock.now()
    const [after] = await tx.update(keys).set({ deletedAt: now, updatedAt: now }).where(eq(keys.id, id)).returning()
    if (!after) throw notFound('keys.notFound')
    await announceChange(tx, { key: id })
    await audit(ctx, tx, meta, actor, after, 'key.delete', before, after)
    return present(ctx, tx, id)
  })
}

export async function duplicateKey(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string): Promise<KeyWithSecret> {
  return ctx.db.transaction(async (tx) => {
    const source = await keyFor(ctx, actor, id, tx)
    // A deleted key stays as it was left: it cannot be changed, nor copied back into service.
    assertLive(source)
    assertOwnerMayChangeKeys(actor, await getUserById(tx, source.userId), true)
    const { row, secret } = await insertKey(ctx, tx, {
      userId: source.userId,
      // "Website (copy)": two keys of one name could not be told apart in the lists.
      name: nameOfCopy(meta.lang, source.name, KEY_NAME_MAX),
      type: source.type,
      description: source.description,
      restrictionList: source.restrictionList ?? null,
      services: source.services ?? null,
      requestCap: source.requestCap,
      spendCapCents: source.spendCapCents,
      createdBy: actor.id,
    })
    await announceChange(tx, { key: row.id })
    await audit(ctx, tx, meta, actor, row, 'key.duplicate', null, row)
    return { ...(await present(ctx, tx, row.id)), key: secret }
  })
}

/**
 * A new secret for the same key. The current secret keeps working for `graceHours` (0 ends it at
 * once), so the owner can deploy the new one without an outage.
 */
export async function rollKey(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  graceHours: number,
): Promise<KeyWithSecret> {
  return changeKey(ctx, id, async (tx) => {
    await keyFor(ctx, actor, id, tx)
    // Parallel rolls of one key take turns: each must see the secret the previous one issued, or every
    // new secret would stay current.
    const before = await lockKeyRow(tx, id)
    assertLive(before)
    assertOwnerMayChangeKeys(actor, await getUserById(tx, before.userId), false)
    const now = ctx.clock.now()
    // Secrets whose grace period is over are of no use to anyone any more.
    await tx.delete(keySecrets).where(and(eq(keySecrets.keyId, id), lte(keySecrets.expiresAt, now)))
    await tx
      .update(keySecrets)
      .set({ expiresAt: new Date(now.getTime() + graceHours * HOUR) })
      .where(and(eq(keySecrets.keyId, id), isNull(keySecrets.expiresAt)))
    const secret = generateSecret(before.type)
    await tx.insert(keySecrets).values({ hash: hashSecret(secret), keyId: id, createdAt: now })
    const [after] = await tx
      .update(keys)
      .set({
        secretCiphertext: sealSecret(ctx.keys.keySecrets, id, secret),
        secretPreview: previewSecret(secret),
        updatedAt: now,
      })
      .where(eq(keys.id, id))
      .returning()
    if (!after) throw notFound('keys.notFound')
    await announceChange(tx, { key: id })
    await audit(ctx, tx, meta, actor, after, 'key.roll', before, after)
    return { ...(await present(ctx, tx, id)), key: secret }
  })
}

export async function setKeyStatus(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  status: 'active' | 'suspended',
): Promise<Key> {
  return changeKey(ctx, id, async (tx) => {
    const before = await keyFor(ctx, actor, id, tx)
    assertLive(before)
    const [after] = await tx.update(keys).set({ status, updatedAt: ctx.clock.now() }).where(eq(keys.id, id)).returning()
    if (!after) throw notFound('keys.notFound')
    await announceChange(tx, { key: id })
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: status === 'suspended' ? 'key.suspend' : 'key.unsuspend',
        targetType: 'key',
        targetId: id,
        before: { user_id: before.userId, ...snapshot(before) },
        after: { user_id: after.userId, ...snapshot(after) },
      },
      ctx.clock.now(),
    )
    return present(ctx, tx, id)
  })
}

/** The secret, for the owner to copy; administrators may reveal any key, and that is audited. */
export async function revealKey(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string): Promise<string> {
  const row = await keyFor(ctx, actor, id)
  const forSomeoneElse = row.userId !== actor.id
  if (forSomeoneElse && !hasAnyRole(actor.roles, ADMIN_ONLY)) throw notFound('keys.notFound')
  // The owner and an administrator alike prove their identity again first (step-up, docs/auth.md):
  // a stolen or forgotten-open session alone does not give out secrets.
  assertLive(row)
  await requireStepUp(ctx, actor)
  if (forSomeoneElse) {
    await writeAudit(ctx.db, actor, meta, { action: 'key.reveal', targetType: 'key', targetId: id }, ctx.clock.now())
  }
  return openSecret(ctx.keys.keySecrets, row.id, row.secretCiphertext)
}

export async function getKey(ctx: Ctx, actor: AuthUser, id: string): Promise<Key> {
  await keyFor(ctx, actor, id)
  return present(ctx, ctx.db, id)
}

export async function pageOfKeys(
  ctx: Ctx,
  filter: Parameters<typeof listKeys>[1],
  page: { page: number; pageSize: number; offset: number },
) {
  const now = ctx.clock.now()
  const { rows, total } = await listKeys(ctx.db, filter, { limit: page.pageSize, offset: page.offset }, now)
  return {
    items: rows.map((r) => toKey(r.key, r.userEmail, r.previousExpiresAt, now)),
    total,
    page: page.page,
    page_size: page.pageSize,
  }
}
