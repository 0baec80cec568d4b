import { hasAnyRole, type Role } from '@app/contract'
import { Spin } from 'antd'
import { lazy, type ReactNode, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { NotFoundPage } from '../../features/errors/NotFoundPage.tsx'
import { PermissionDenied } from '../../features/errors/PermissionDenied.tsx'
import { AppFrame } from '../../ui/AppFrame.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { type AdminPage, adminPages } from './nav.tsx'

/** Shows the permission-denied page to a role that may not open `children` (docs/requirements.md §2.6). */
function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const session = useSession()
  if (!session || !hasAnyRole(session.roles, roles)) return <PermissionDenied />
  return <>{children}</>
}

// One lazy component per page for the life of the app. Made inside render (useMemo), a page reached by
// a link from another page was never shown: the navigation renders in a transition, the suspended render
// is thrown away with its memo, and each retry made a new lazy component that suspended again.
const lazyPages = new Map<AdminPage, React.ComponentType>()

function lazyPage(page: AdminPage): React.ComponentType {
  const load = page.load
  let component = lazyPages.get(page)
  if (!component) {
    component = lazy(() => load().then((m) => ({ default: m.Page })))
    lazyPages.set(page, component)
  }
  return component
}

function PageLoader({ page }: { page: AdminPage }) {
  const Component = lazyPage(page)
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <Component />
    </Suspense>
  )
}

/** /administrator/*: staff only; each page checks its own roles (docs/requirements.md §2.4) before it loads. */
export function AdminArea() {
  const session = useSession()
  if (!session || !hasAnyRole(session.roles, ['admin', 'support'])) return <PermissionDenied />
  const start = hasAnyRole(session.roles, ['admin']) ? paths.admin.overview : paths.admin.users
  return (
    <AppFrame>
      <AdminLayout>
        <Routes>
          <Route index element={<Navigate to={start} replace />} />
          {adminPages.map((page) => (
            <Route
              key={page.path}
              path={page.path.slice(paths.admin.root.length + 1)}
              element={
                <RequireRole roles={page.roles}>
                  <PageLoader page={page} />
                </RequireRole>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </AdminLayout>
    </AppFrame>
  )
}
