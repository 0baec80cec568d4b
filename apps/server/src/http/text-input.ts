import { findNul, NUL } from '@app/contract'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { invalidField } from './errors.ts'

// A NUL character (U+0000) in any text of a request is refused with a 400 before validation runs
// (docs/security.md "Text input"): PostgreSQL cannot store it in text, so it would otherwise fail in
// the database as a 500. One hook for every route closes the whole class, whatever each schema says:
// path parameters, query values, the JSON body (strings nested in arrays and objects, and keys, too)
// and headers. Uploaded file names are checked where the upload is read (routes.ts).

/** The name of the first input holding a NUL (`email`, `points.0.name`, `idempotency-key`), or null. */
function nulField(req: FastifyRequest): string | null {
  for (const part of [req.params, req.query, req.body]) {
    const path = findNul(part)
    if (path) return path.length > 0 ? path.join('.') : 'body'
  }
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' ? value.includes(NUL) : value?.some((v) => v.includes(NUL))) return name
  }
  return null
}

/** A `preValidation` hook: synchronous, so it costs the gateway's hot calls next to nothing. */
export function refuseNul(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const field = nulField(req)
  done(field === null ? undefined : invalidField(field, 'validation.nulCharacter'))
}
