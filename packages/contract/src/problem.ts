import type { z } from 'zod'
import type { MessageKey } from './messages/index.ts'
import { checkNoNul } from './text-rules.ts'

/** A validation finding: a message key plus the values its text needs. */
export interface Problem {
  key: MessageKey
  params?: Record<string, string | number | undefined>
}

export type Check<T> = (value: T) => Problem | null

/**
 * Turns a pure check into a zod refinement. The issue's message is the key and its params ride along,
 * so the server can translate it into the caller's language.
 */
export function refineWith<T>(check: Check<T>) {
  return (value: T, ctx: z.RefinementCtx) => {
    // Every text check refuses a NUL first (text-rules.ts; docs/security.md "Text input").
    const problem = (typeof value === 'string' ? checkNoNul(value) : null) ?? check(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params })
  }
}
