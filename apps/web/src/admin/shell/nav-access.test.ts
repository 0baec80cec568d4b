import { PAGES } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { adminPages } from './nav.tsx'

// The back office's pages open for the roles the one access table gives them
// (packages/contract/src/access.ts), so the screens and the server cannot disagree about a page.

/** The roles the table gives a path: those of every page entry naming it. */
function rolesOfPath(path: string): string[] | null {
  const entries = PAGES.filter((page) => page.page.split(', ').some((route) => route.split(' ')[0] === path))
  if (entries.length === 0) return null
  const roles = new Set<string>()
  for (const page of entries)
    for (const role of typeof page.roles === 'string' ? [page.roles] : page.roles) roles.add(role)
  return [...roles].sort()
}

describe('the back office pages and the access table', () => {
  it.each(adminPages.map((page) => [page.path, page] as const))(
    '%s opens for the roles of the access table',
    (path, page) => {
      const roles = rolesOfPath(path)
      expect(roles, `${path} is on no page of packages/contract/src/access.ts`).not.toBeNull()
      expect([...page.roles].sort()).toEqual(roles)
    },
  )
})
