import {
  accessOf,
  type EndpointSpec,
  ErrorCode,
  hasAnyRole,
  isStaff,
  REFUSED_CALL_ACTION,
  SUBJECTS,
} from '@app/contract'
import type { FastifyRequest } from 'fastify'
import type { Ctx } from '../context.ts'
import type { AuthUser } from '../lib/auth-user.ts'
import { writeAudit } from '../modules/audit/audit.ts'
import { AppError, forbidden } from './errors.ts'
import { requestMeta } from './lang.ts'

// "For another user" (docs/access.md), from the one table in packages/contract/src/access.ts: a signed-in
// caller may always act on their own data; on another user's data only with a role of the pages
// that do so (`forOthers`). docs/security.md "Access control" states the rule and its tests.

export interface Caller {
  id: string
  email?: string
  roles: readonly string[]
}

/** Whether `caller` may use `endpoint` on the data of `ownerId`. */
export function mayActFor(caller: Caller, endpoint: EndpointSpec, ownerId: string): boolean {
  return ownerId === caller.id || mayActForOthers(caller, endpoint)
}

/**
 * Whether the caller may see everyone's data at once where the endpoint, given no user, would show
 * it (a usage total over every account): the same roles as acting for another user.
 */
export function mayActForOthers(caller: Caller, endpoint: EndpointSpec): boolean {
  const { forOthers } = accessOf(endpoint)
  // hasAnyRole lets everyone through an empty list (the menu rule of docs/requirements.md §2.1); here empty means nobody.
  return forOthers.length > 0 && hasAnyRole(caller.roles, forOthers)
}

/**
 * Refuses a record of another user unless the caller's role may act for others here. A customer
 * gets the record's "not found" (an id they guessed reveals nothing); staff, who reach records from
 * their own pages, get 403 FORBIDDEN, which leaves a security event (`recordRefusal` below).
 */
export function assertActFor(caller: Caller, endpoint: EndpointSpec, ownerId: string, notFound: () => AppError) {
  if (mayActFor(caller, endpoint, ownerId)) return
  throw isStaff(caller.roles) ? forbidden() : notFound()
}

/** A handler's check of a record's owner, bound to its caller and endpoint. */
export type ActFor = (ownerId: string, notFound: () => AppError) => void

export function actForOf(caller: Caller, endpoint: EndpointSpec): ActFor {
  return (ownerId, notFound) => assertActFor(caller, endpoint, ownerId, notFound)
}

/**
 * The guard's second half, after the input is parsed: an endpoint whose input names a user
 * (`SUBJECTS`) is refused with 403 when that user is not the caller and the caller's role may not act
 * for others. Naming no one, or oneself, is a call about oneself.
 */
export function checkSubject(endpoint: EndpointSpec, req: FastifyRequest, user: AuthUser) {
  const subject = SUBJECTS.get(endpoint)
  if (!subject) return
  const source = (subject.in === 'query' ? req.query : subject.in === 'body' ? req.body : req.params) as
    | Record<string, unknown>
    | null
    | undefined
  for (const field of subject.fields) {
    const value = source?.[field]
    const named = value === undefined || value === null ? '' : String(value).trim()
    // A blank field names no one (the services read it so too).
    if (named === '') continue
    const isSelf = field === 'email' ? named.toLowerCase() === user.email.toLowerCase() : named === user.id
    if (!isSelf && !mayActForOthers(user, endpoint)) throw forbidden()
  }
}

// ── Security events ────────────────────────────────────────────────────────────────────────────────

export const REFUSAL_ACTION = REFUSED_CALL_ACTION

/**
 * A staff member's refused call is worth an investigator's attention (a support account probing
 * admin-only data), so it becomes an audit-log row, not only an access-log line. Customers' refusals
 * are not recorded: anyone can sign up and turn requests into rows of an append-only table (a write
 * amplification), and a customer's 403 reveals nothing about another account. Each staff member gets
 * at most REFUSALS_PER_MINUTE rows per instance; beyond that the access log keeps the count.
 */
export const REFUSALS_PER_MINUTE = 60

const recentRefusals = new WeakMap<Ctx, Map<string, { windowStart: number; count: number }>>()

function underCap(ctx: Ctx, actorId: string, now: number): boolean {
  let byActor = recentRefusals.get(ctx)
  if (!byActor) {
    byActor = new Map()
    recentRefusals.set(ctx, byActor)
  }
  const entry = byActor.get(actorId)
  if (!entry || now - entry.windowStart >= 60_000) {
    // Old windows go as new ones start, so the map holds at most the staff refused in the last minute.
    for (const [id, old] of byActor) if (now - old.windowStart >= 60_000) byActor.delete(id)
    byActor.set(actorId, { windowStart: now, count: 1 })
    return true
  }
  entry.count += 1
  return entry.count <= REFUSALS_PER_MINUTE
}

export async function recordRefusal(ctx: Ctx, endpoint: EndpointSpec, req: FastifyRequest, error: Error) {
  if (!(error instanceof AppError) || error.code !== ErrorCode.Forbidden || error.httpStatus !== 403) return
  const user = req.user
  if (!user || !isStaff(user.roles)) return
  const now = ctx.clock.now()
  if (!underCap(ctx, user.id, now.getTime())) {
    req.log.warn({ actor: user.id, endpoint: `${endpoint.method} ${endpoint.path}` }, 'refusal not audited (cap)')
    return
  }
  const target = `${endpoint.method} ${endpoint.path}`
  try {
    await writeAudit(
      ctx.db,
      user,
      requestMeta(req),
      {
        action: REFUSAL_ACTION,
        targetType: 'endpoint',
        targetId: target,
        // The path as called, without its query (a download token or an e-mail stays out of the log).
        after: { method: endpoint.method, endpoint: endpoint.path, url: req.url.split('?')[0], roles: user.roles },
      },
      now,
    )
  } catch (failure) {
    // The refusal stands whether or not it could be recorded; the access log still has it.
    req.log.error({ err: failure }, 'could not record a refused call in the audit log')
  }
}
