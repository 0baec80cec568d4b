import { hasAnyRole, type Role } from '@app/contract'
import { Navigate, Outlet } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { PermissionDenied } from '../../features/errors/PermissionDenied.tsx'
import { AppFrame } from '../../ui/AppFrame.tsx'
import { AdminLayout } from './AdminLayout.tsx'

/**
 * /administrator: staff only. Its pages are children of this route in the app's route table
 * (app/router.tsx, from admin-routes.ts), each behind `RequireRole`.
 */
export function AdminArea() {
  const session = useSession()
  if (!session || !hasAnyRole(session.roles, ['admin', 'support'])) return <PermissionDenied />
  return (
    <AppFrame>
      <AdminLayout>
        <Outlet />
      </AdminLayout>
    </AppFrame>
  )
}

/** /administrator itself: an administrator starts on the overview, a support agent on the accounts. */
export function AdminStart() {
  const session = useSession()
  const start = session && hasAnyRole(session.roles, ['admin']) ? paths.admin.overview : paths.admin.users
  return <Navigate to={start} replace />
}

/** Shows the permission-denied page to a role that may not open the page below (docs/requirements.md §2.4). */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const session = useSession()
  if (!session || !hasAnyRole(session.roles, roles)) return <PermissionDenied />
  return <Outlet />
}
