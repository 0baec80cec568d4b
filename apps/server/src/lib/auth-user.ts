import type { Role } from '@app/contract'
import type { users } from '../db/schema/index.ts'

type UserRow = typeof users.$inferSelect

/**
 * The caller of a signed-in request, resolved from the bearer token and its session row
 * (`authenticate`, modules/auth). Here rather than in auth so that every feature may name its caller
 * without depending on sign-in (ARCHITECTURE.md "Feature dependencies").
 */
export interface AuthUser {
  id: string
  sessionId: string
  email: string
  roles: Role[]
  status: UserRow['status']
  row: UserRow
}
