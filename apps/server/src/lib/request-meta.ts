import type { Lang } from '@app/contract'

/**
 * What a service may know of the request it serves, built once at the edge (`requestMeta` in
 * `src/http/lang.ts`). Services take this instead of Fastify's request, so a job, a test or a script
 * can call them without HTTP.
 */
export interface RequestMeta {
  /** The caller's address, as the audit log and the per-address throttles record it. */
  ip: string
  /** The language of the answer, and of any mail sent on the caller's behalf. */
  lang: Lang
  userAgent: string | null
}
