// Roles (docs/requirements.md §2.1). No zod here: the browser bundle imports this module.

export const ROLES = ['admin', 'support', 'customer'] as const
export type Role = (typeof ROLES)[number]

export const ALL_ROLES = ['admin', 'support', 'customer'] as const satisfies readonly Role[]
export const STAFF_ROLES = ['admin', 'support'] as const satisfies readonly Role[]
export const ADMIN_ONLY = ['admin'] as const satisfies readonly Role[]

/** An entry is allowed when it names no roles, or any of the user's lower-cased roles is listed (docs/requirements.md §2.1). */
export function hasAnyRole(userRoles: readonly string[], allowed: readonly Role[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true
  return userRoles.some((r) => (allowed as readonly string[]).includes(r.toLowerCase()))
}

export function isStaff(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, STAFF_ROLES)
}

/**
 * The audit-log action of a signed-in staff member's refused call (HTTP 403 FORBIDDEN): the server
 * writes it, the back office's Logs page names it (docs/security.md "Access control").
 */
export const REFUSED_CALL_ACTION = 'security.forbidden'
