import type { Role } from '@app/contract'
import { type ComponentType, Suspense, useEffect } from 'react'
import { matchRoutes, Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router'
import { type AdminRouteName, adminRoutes } from '../admin/shell/admin-routes.ts'
import { setNavigator } from '../api/client.ts'
import { lazyComponent } from '../lib/lazy-component.tsx'
import { RequireSignedIn, SignedOutOnly } from './guards.tsx'
import { paths } from './paths.ts'
import { Root } from './Root.tsx'

// Route table (docs/requirements.md §2). Pages load lazily: a visitor of /login downloads the sign-in form and the
// app frame, nothing of the signed-in areas.

// react-router's declarative routes (`useRoutes`), not its data router: the app uses none of the data
// router's loaders, actions or fetchers, and leaving it out takes 16 kB gzip off every first load
// (bench/README.md). Navigations run as React transitions (react-router's default), so a page whose
// code is still loading leaves the previous page on screen until it arrives, as the data router did.

/** Route data of this app: how to load a route's code ahead of its first render. */
interface RouteHandle {
  preload: () => Promise<unknown>
}

const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => {
  const { Component, preload } = lazyComponent(load, pick)
  return { element: <Component />, handle: { preload } satisfies RouteHandle }
}

const customerRoutes: RouteObject[] = [
  {
    index: true,
    ...page(
      () => import('../features/dashboard/DashboardPage.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: paths.dashboard,
    ...page(
      () => import('../features/dashboard/DashboardPage.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: paths.keys,
    ...page(
      () => import('../features/keys/KeysPage.tsx'),
      (m) => m.KeysPage,
    ),
  },
  {
    path: paths.createKey,
    ...page(
      () => import('../features/keys/KeyFormPage.tsx'),
      (m) => m.KeyFormPage,
    ),
  },
  {
    path: paths.editKey,
    ...page(
      () => import('../features/keys/KeyFormPage.tsx'),
      (m) => m.KeyFormPage,
    ),
  },
  {
    path: paths.billing,
    ...page(
      () => import('../features/billing/BillingPage.tsx'),
      (m) => m.BillingPage,
    ),
  },
  {
    path: paths.vnpayReturn,
    ...page(
      () => import('../features/payments/PaymentResultPage.tsx'),
      (m) => m.VnpayReturnPage,
    ),
  },
  {
    path: paths.paypalReturn,
    ...page(
      () => import('../features/payments/PaymentResultPage.tsx'),
      (m) => m.PaypalReturnPage,
    ),
  },
  {
    path: '/billing/:id',
    ...page(
      () => import('../features/billing/BillPage.tsx'),
      (m) => m.BillPage,
    ),
  },
  {
    path: paths.payment,
    ...page(
      () => import('../features/balance/BalancePage.tsx'),
      (m) => m.BalancePage,
    ),
  },
  {
    path: paths.maps,
    ...page(
      () => import('../features/maps/MapsPage.tsx'),
      (m) => m.MapsPage,
    ),
  },
  {
    path: '/maps/:id',
    ...page(
      () => import('../features/maps/MapPage.tsx'),
      (m) => m.MapPage,
    ),
  },
  {
    path: paths.supportRequests,
    ...page(
      () => import('../features/support/SupportRequestsPage.tsx'),
      (m) => m.SupportRequestsPage,
    ),
  },
  {
    path: paths.addQuestion,
    ...page(
      () => import('../features/support/AddQuestionPage.tsx'),
      (m) => m.AddQuestionPage,
    ),
  },
  {
    path: '/support/request/:id',
    ...page(
      () => import('../features/support/TicketPage.tsx'),
      (m) => m.TicketPage,
    ),
  },
  {
    path: paths.faqs,
    ...page(
      () => import('../features/faqs/FaqsPage.tsx'),
      (m) => m.FaqsPage,
    ),
  },
  {
    path: paths.usage,
    ...page(
      () => import('../features/usage/UsagePage.tsx'),
      (m) => m.UsagePage,
    ),
  },
  {
    path: paths.getStarted,
    ...page(
      () => import('../features/get-started/GetStartedPage.tsx'),
      (m) => m.GetStartedPage,
    ),
  },
  { path: '/settings', element: <Navigate to={paths.settings('profile')} replace /> },
  {
    path: '/settings/:page',
    ...page(
      () => import('../features/settings/SettingsPage.tsx'),
      (m) => m.SettingsPage,
    ),
  },
]

// The back office's pages, each behind its roles' guard (admin-routes.ts holds paths and roles,
// admin-modules.ts the pages' modules; the guard shows the permission-denied page before a page renders).
const adminShell = () => import('../admin/shell/AdminArea.tsx')
const requireRole = lazyComponent(adminShell, (m): ComponentType<{ roles: readonly Role[] }> => m.RequireRole)
const adminChildren: RouteObject[] = [
  {
    index: true,
    ...page(adminShell, (m) => m.AdminStart),
  },
  ...Object.entries(adminRoutes).map(
    ([name, route]): RouteObject => ({
      element: <requireRole.Component roles={route.roles} />,
      handle: { preload: requireRole.preload } satisfies RouteHandle,
      children: [
        {
          path: route.path.slice(paths.admin.root.length + 1),
          ...page(
            async () => (await import('../admin/shell/admin-modules.ts')).adminModules[name as AdminRouteName](),
            (m) => m.Page,
          ),
        },
      ],
    }),
  ),
  {
    path: '*',
    ...page(
      () => import('../features/errors/NotFoundPage.tsx'),
      (m) => m.NotFoundPage,
    ),
  },
]

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: paths.maintain,
        ...page(
          () => import('../features/errors/MaintenancePage.tsx'),
          (m) => m.MaintenancePage,
        ),
      },
      {
        ...page(
          () => import('../features/auth/AuthLayout.tsx'),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            element: <SignedOutOnly />,
            children: [
              {
                path: paths.login,
                ...page(
                  () => import('../features/auth/LoginPage.tsx'),
                  (m) => m.LoginPage,
                ),
              },
              {
                path: paths.loginTwoFactor,
                ...page(
                  () => import('../features/auth/TwoFactorPage.tsx'),
                  (m) => m.TwoFactorPage,
                ),
              },
              {
                path: paths.register,
                ...page(
                  () => import('../features/auth/RegisterPage.tsx'),
                  (m) => m.RegisterPage,
                ),
              },
            ],
          },
          // The providers' return pages send the new session on themselves (SocialReturnPage.tsx): under the
          // signed-out guard, the guard could render the arriving session before the address that
          // carries `next`, and send the user home instead.
          {
            path: paths.loginGoogle,
            ...page(
              () => import('../features/auth/SocialReturnPage.tsx'),
              (m) => m.GoogleReturnPage,
            ),
          },
          {
            path: paths.loginFacebook,
            ...page(
              () => import('../features/auth/SocialReturnPage.tsx'),
              (m) => m.FacebookReturnPage,
            ),
          },
          {
            path: paths.forgotPassword,
            ...page(
              () => import('../features/auth/ForgotPasswordPage.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: paths.resetPassword,
            ...page(
              () => import('../features/auth/ResetPasswordPage.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: paths.verify,
            ...page(
              () => import('../features/auth/VerifyEmailPage.tsx'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            path: paths.sendVerify,
            ...page(
              () => import('../features/auth/SendVerifyPage.tsx'),
              (m) => m.SendVerifyPage,
            ),
          },
        ],
      },
      {
        element: <RequireSignedIn />,
        children: [
          {
            ...page(
              () => import('../features/shell/CustomerLayout.tsx'),
              (m) => m.CustomerLayout,
            ),
            children: customerRoutes,
          },
          {
            path: paths.admin.root,
            ...page(
              () => import('../admin/shell/AdminArea.tsx'),
              (m) => m.AdminArea,
            ),
            children: adminChildren,
          },
        ],
      },
      {
        // A shared map's public page: no sign-in, no portal frame (docs/requirements.md §14.5).
        path: '/m/:token',
        ...page(
          () => import('../features/maps/PublicMapPage.tsx'),
          (m) => m.PublicMapPage,
        ),
      },
      {
        path: '*',
        ...page(
          () => import('../features/errors/NotFoundPage.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
]

/** Loads the code of every route `pathname` matches, all at once (the app's first render waits for it). */
export async function preloadRoute(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(matches.map((m) => (m.route.handle as RouteHandle | undefined)?.preload()))
}

/** The app's pages, inside a router; the API client navigates through it (session expiry, maintenance). */
export function AppRoutes() {
  const navigate = useNavigate()
  useEffect(() => {
    setNavigator((path) => {
      void navigate(path)
    })
  }, [navigate])
  // A page still loading outside a navigation (a session arriving on a guarded address) shows nothing
  // until it arrives; navigations keep the previous page on screen instead.
  const element = useRoutes(routes)
  return <Suspense fallback={null}>{element}</Suspense>
}
