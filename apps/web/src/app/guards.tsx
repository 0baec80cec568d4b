import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router'
import { paths } from './paths.ts'
import { endedByLogout, useSession } from './session.ts'

/**
 * Signed-out visitors go to /login and come back afterwards. The session store follows other tabs,
 * so signing out there (or removing the stored user) brings this tab to /login too (docs/requirements.md §2.10). A logout
 * in this tab lands here as well: the guard is the one place that leaves the signed-in pages.
 */
export function RequireSignedIn() {
  const session = useSession()
  const location = useLocation()
  if (!session) {
    const next = `${location.pathname}${location.search}`
    const target = next === '/' || endedByLogout() ? paths.login : `${paths.login}?next=${encodeURIComponent(next)}`
    return <Navigate to={target} replace />
  }
  return <Outlet />
}

/**
 * A signed-in user who opens /login or /register is sent to the portal (docs/requirements.md §2.2). Signing in on /login
 * lands here too, before the page's own navigation has finished, so both must aim at the same place.
 */
export function SignedOutOnly() {
  const session = useSession()
  const [searchParams] = useSearchParams()
  if (session) return <Navigate to={afterSignIn(session, searchParams.get('next'))} replace />
  return <Outlet />
}

/** Only same-site paths may be a `next` target, so a crafted link cannot send a user elsewhere. */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home
  return next
}

/** Where a fresh session goes: to replace a one-time password first, else back to `next`. */
export function afterSignIn(session: { must_change_password: boolean }, next: string | null): string {
  return session.must_change_password ? paths.settings('security') : safeNext(next)
}
