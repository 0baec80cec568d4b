import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ErrorCode } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { AppError, badRequest, conflict, refused } from './errors.ts'

const SRC = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

// Never called: the type check is the test. A code outside the catalogue, or a status the catalogue
// does not list for its code, must not compile.
export function typeChecks() {
  // @ts-expect-error not a code of the catalogue
  refused('NO_SUCH_CODE', 'error.notFound')
  // @ts-expect-error NOT_FOUND is sent as 404, never 422
  refused(ErrorCode.NotFound, 'error.notFound')
  // @ts-expect-error EMAIL_USED is a 409
  badRequest(ErrorCode.EmailUsed, 'error.conflict')
  // @ts-expect-error TICKET_CLOSED is a 422
  conflict(ErrorCode.TicketClosed, 'error.conflict')
  // @ts-expect-error GATEWAY_ERROR is a 502
  return new AppError(ErrorCode.GatewayError, 500, 'error.internal')
}

describe('error codes at throw sites', () => {
  it('name a member of the contract’s catalogue, never a string literal', () => {
    const literal = /\b(new AppError|refused|conflict|badRequest)\(\s*['"`]/
    const offenders = sources(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(SRC, file)}:${index + 1}` }))
        .filter(({ line }) => literal.test(line))
        .map(({ at }) => at),
    )
    expect(offenders).toEqual([])
  })

  it('keeps the code and status it was thrown with', () => {
    const error = refused(ErrorCode.LastAdmin, 'accounts.lastAdmin')
    expect(error).toMatchObject({ code: 'LAST_ADMIN', httpStatus: 422, messageKey: 'accounts.lastAdmin' })
    expect(conflict(ErrorCode.Conflict, 'error.conflict').httpStatus).toBe(409)
    expect(badRequest(ErrorCode.CodeInvalid, 'phone.codeInvalid').httpStatus).toBe(400)
  })
})
