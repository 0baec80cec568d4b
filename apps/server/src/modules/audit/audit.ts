import type { AuditAction } from '@app/contract'
import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema/index.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'

export interface AuditEntry {
  action: AuditAction
  targetType: string
  targetId?: string | null
  before?: unknown
  after?: unknown
}

/** Records who changed what. Call it inside the transaction that makes the change. */
export async function writeAudit(
  db: Db,
  actor: AuthUser | null,
  meta: RequestMeta | null,
  entry: AuditEntry,
  now: Date,
) {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: meta?.ip ?? null,
    createdAt: now,
  })
}
