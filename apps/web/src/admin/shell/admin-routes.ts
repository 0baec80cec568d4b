import { ADMIN_ONLY, type Role, STAFF_ROLES } from '@app/contract'
import { paths } from '../../app/paths.ts'

/**
 * The back office's routes: each page's path and the roles that may open it (the access table in
 * packages/contract/src/access.ts; `nav-access.test.ts` checks they agree). The app's route table
 * (app/router.tsx), which every visitor's first page downloads, reads it, so it holds neither the
 * menu's icons and labels (nav.tsx) nor the pages' modules (admin-modules.ts, loaded on the first
 * visit to the back office).
 */
export interface AdminRoute {
  path: string
  roles: readonly Role[]
}

const a = paths.admin

export const adminRoutes = {
  overview: { path: a.overview, roles: ADMIN_ONLY },
  accessRights: { path: a.accessRights, roles: ADMIN_ONLY },
  users: { path: a.users, roles: STAFF_ROLES },
  createUser: { path: a.createUser, roles: STAFF_ROLES },
  editUser: { path: a.editUser, roles: STAFF_ROLES },
  keyAndBill: { path: a.keyAndBill, roles: ADMIN_ONLY },
  balanceLog: { path: a.balanceLog, roles: ADMIN_ONLY },
  couponLog: { path: a.couponLog, roles: ADMIN_ONLY },
  viewHits: { path: a.viewHits, roles: STAFF_ROLES },
  billing: { path: a.billing, roles: ADMIN_ONLY },
  usage: { path: a.usage, roles: ADMIN_ONLY },
  usagePerUser: { path: a.usagePerUser, roles: ADMIN_ONLY },
  campaigns: { path: a.campaigns, roles: STAFF_ROLES },
  emailChange: { path: a.emailChange, roles: STAFF_ROLES },
  notifications: { path: a.notifications, roles: STAFF_ROLES },
  support: { path: a.support, roles: STAFF_ROLES },
  supportRequest: { path: a.supportRequest, roles: STAFF_ROLES },
  faqs: { path: a.faqs, roles: STAFF_ROLES },
  coupons: { path: a.coupons, roles: ADMIN_ONLY },
  couponTypes: { path: a.couponTypes, roles: ADMIN_ONLY },
  audit: { path: a.audit, roles: STAFF_ROLES },
  plans: { path: a.plans, roles: STAFF_ROLES },
  settings: { path: a.settings, roles: ADMIN_ONLY },
  payments: { path: a.payments, roles: ADMIN_ONLY },
  outbox: { path: a.outbox, roles: ADMIN_ONLY },
  jobs: { path: a.jobs, roles: ADMIN_ONLY },
} satisfies Record<string, AdminRoute>

export type AdminRouteName = keyof typeof adminRoutes
