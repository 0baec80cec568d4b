import type { MessageKey } from '@app/contract'
import { ErrorCode } from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { idempotencyKeys } from '../../db/schema/index.ts'
import { refused } from '../../http/errors.ts'
import { sha256Hex } from '../../lib/crypto.ts'

// `Idempotency-Key` on calls that move money (docs/requirements.md §10.3, docs/balance.md "Idempotency-Key"). The key
// is claimed by inserting its row first thing in the transaction that moves the money, and the answer
// is written into that row before the transaction commits, so:
// - a retry after the commit finds the row and replays its answer without doing anything;
// - two requests with one key at the same moment: the second's insert waits on the first's
//   uncommitted row (the primary key (user_id, key)); when the first commits it finds the row and
//   replays, when the first rolls back (an error answer) it claims the key and runs itself;
// - an error rolls the claim back with everything else: errors are not stored, a retry runs again.

export interface IdempotentCall {
  userId: string
  /** The header's value; without one the call simply runs in a transaction. */
  key: string | undefined
  /** Method and path with the ids filled in, e.g. `PUT /v1/bills/pay/bil_…`. */
  request: string
  /** The parsed body (undefined or null when there is none). */
  body: unknown
}

/** A success answer: what the handler gives `ok()`. */
export interface Answer<T> {
  data: T
  messageKey: MessageKey
  params?: Record<string, string | number>
}

interface StoredResponse<T> {
  status: 'success'
  data: T
  message_key: MessageKey
  params: Record<string, string | number> | null
  error_code: null
}

/** JSON with object keys sorted, so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? ''
}

function bodyHash(body: unknown): string {
  return sha256Hex(body === undefined || body === null ? '' : canonical(body))
}

const mismatch = () => refused(ErrorCode.IdempotencyMismatch, 'balance.idempotencyMismatch')

/**
 * Runs `work` in a transaction, once per (user, key): a repeated key with the same request and body
 * answers the stored answer (`replayed: true`) and runs nothing; with another request or body, 422.
 */
export async function idempotent<T>(
  db: Db,
  call: IdempotentCall,
  work: (tx: Tx) => Promise<Answer<T>>,
  status = 200,
): Promise<Answer<T> & { replayed: boolean }> {
  const { key } = call
  if (key === undefined) return { ...(await db.transaction(work)), replayed: false }
  const hash = bodyHash(call.body)
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: call.userId,
        key,
        request: call.request,
        bodyHash: hash,
        status: 0,
        response: sql`'{}'::jsonb`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, key)))
        .limit(1)
      // Gone between the conflict and the read (deleted by a clean-up): treat as a mismatch rather than run twice.
      if (!stored || stored.request !== call.request || stored.bodyHash !== hash) throw mismatch()
      const response = stored.response as StoredResponse<T>
      return {
        data: response.data,
        messageKey: response.message_key,
        ...(response.params ? { params: response.params } : {}),
        replayed: true,
      }
    }
    const answer = await work(tx)
    const response: StoredResponse<T> = {
      status: 'success',
      data: answer.data,
      message_key: answer.messageKey,
      params: answer.params ?? null,
      error_code: null,
    }
    await tx
      .update(idempotencyKeys)
      .set({ status, response })
      .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, key)))
    return { ...answer, replayed: false }
  })
}
