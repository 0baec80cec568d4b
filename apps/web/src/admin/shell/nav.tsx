import {
  AuditOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  MailOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  SettingOutlined,
  SoundOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { ADMIN_ONLY, type Role, STAFF_ROLES } from '@app/contract'
import type { ReactNode } from 'react'
import { paths } from '../../app/paths.ts'
import type { KeyOf } from '../../i18n/define.ts'
import type { adminShellMessages } from './admin-shell.i18n.ts'

type ShellKey = KeyOf<NonNullable<(typeof adminShellMessages)['shape']>>

/**
 * The back office's pages (docs/requirements.md §2.4): who may open each, whether it is in
 * the menu, and which other paths keep its menu entry highlighted. The router and the menu both read it.
 */
export interface AdminPage {
  path: string
  label: ShellKey
  roles: readonly Role[]
  icon?: ReactNode
  inMenu: boolean
  activeOn?: string[]
  /** The page's module, loaded on first visit. */
  load: () => Promise<{ Page: React.ComponentType }>
}

const a = paths.admin

export const adminPages: AdminPage[] = [
  {
    path: a.overview,
    label: 'menu.overview',
    roles: ADMIN_ONLY,
    icon: <DashboardOutlined />,
    inMenu: true,
    activeOn: [a.root],
    load: () => import('../overview/OverviewPage.tsx').then((m) => ({ Page: m.OverviewPage })),
  },
  {
    path: a.accessRights,
    label: 'menu.accessRights',
    roles: ADMIN_ONLY,
    icon: <SafetyCertificateOutlined />,
    inMenu: true,
    load: () => import('../accounts/AccessRightsPage.tsx').then((m) => ({ Page: m.AccessRightsPage })),
  },
  {
    path: a.users,
    label: 'menu.users',
    roles: STAFF_ROLES,
    icon: <TeamOutlined />,
    inMenu: true,
    activeOn: [a.createUser, a.editUser, a.viewHits, a.keyAndBill, a.balanceLog, a.couponLog],
    load: () => import('../accounts/UserManagementPage.tsx').then((m) => ({ Page: m.UserManagementPage })),
  },
  {
    path: a.createUser,
    label: 'pages.createUser',
    roles: STAFF_ROLES,
    inMenu: false,
    load: () => import('../accounts/CreateUserPage.tsx').then((m) => ({ Page: m.CreateUserPage })),
  },
  {
    path: a.editUser,
    label: 'pages.editUser',
    roles: STAFF_ROLES,
    inMenu: false,
    load: () => import('../accounts/EditUserPage.tsx').then((m) => ({ Page: m.EditUserPage })),
  },
  {
    path: a.keyAndBill,
    label: 'pages.keyAndBill',
    roles: ADMIN_ONLY,
    inMenu: false,
    load: () => import('../keys/UserKeysPage.tsx').then((m) => ({ Page: m.UserKeysPage })),
  },
  {
    path: a.balanceLog,
    label: 'pages.balanceLog',
    roles: ADMIN_ONLY,
    inMenu: false,
    load: () => import('../balance/BalanceLogPage.tsx').then((m) => ({ Page: m.BalanceLogPage })),
  },
  {
    path: a.couponLog,
    label: 'pages.couponLog',
    roles: ADMIN_ONLY,
    inMenu: false,
    load: () => import('../coupons/CouponLogPage.tsx').then((m) => ({ Page: m.CouponLogPage })),
  },
  {
    path: a.viewHits,
    label: 'pages.viewHits',
    roles: STAFF_ROLES,
    inMenu: false,
    load: () => import('../usage/ViewHitsPerUserPage.tsx').then((m) => ({ Page: m.ViewHitsPerUserPage })),
  },
  {
    path: a.billing,
    label: 'menu.billing',
    roles: ADMIN_ONLY,
    icon: <FileTextOutlined />,
    inMenu: true,
    load: () => import('../billing/BillingManagementPage.tsx').then((m) => ({ Page: m.BillingManagementPage })),
  },
  {
    path: a.usage,
    label: 'menu.usage',
    roles: ADMIN_ONLY,
    icon: <BarChartOutlined />,
    inMenu: true,
    activeOn: [a.usagePerUser],
    load: () => import('../usage/UsageStatisticsPage.tsx').then((m) => ({ Page: m.UsageStatisticsPage })),
  },
  {
    path: a.usagePerUser,
    label: 'pages.usagePerUser',
    roles: ADMIN_ONLY,
    inMenu: false,
    load: () => import('../usage/UsagePerUserPage.tsx').then((m) => ({ Page: m.UsagePerUserPage })),
  },
  {
    path: a.campaigns,
    label: 'menu.campaigns',
    roles: STAFF_ROLES,
    icon: <SoundOutlined />,
    inMenu: true,
    load: () => import('../campaigns/CampaignsPage.tsx').then((m) => ({ Page: m.CampaignsPage })),
  },
  {
    path: a.changeEmail,
    label: 'menu.changeEmail',
    roles: STAFF_ROLES,
    icon: <MailOutlined />,
    inMenu: true,
    load: () => import('../change-email/ChangeEmailPage.tsx').then((m) => ({ Page: m.ChangeEmailPage })),
  },
  {
    path: a.notifications,
    label: 'menu.notifications',
    roles: STAFF_ROLES,
    icon: <NotificationOutlined />,
    inMenu: true,
    load: () => import('../notifications/NotificationsPage.tsx').then((m) => ({ Page: m.NotificationsPage })),
  },
  {
    path: a.support,
    label: 'menu.support',
    roles: STAFF_ROLES,
    icon: <CustomerServiceOutlined />,
    inMenu: true,
    activeOn: [a.supportRequest],
    load: () => import('../support/SupportTicketsPage.tsx').then((m) => ({ Page: m.SupportTicketsPage })),
  },
  {
    path: a.supportRequest,
    label: 'pages.supportRequest',
    roles: STAFF_ROLES,
    inMenu: false,
    load: () => import('../support/SupportTicketPage.tsx').then((m) => ({ Page: m.SupportTicketPage })),
  },
  {
    path: a.faqs,
    label: 'menu.faqs',
    roles: STAFF_ROLES,
    icon: <QuestionCircleOutlined />,
    inMenu: true,
    load: () => import('../faqs/FaqsAdminPage.tsx').then((m) => ({ Page: m.FaqsAdminPage })),
  },
  {
    path: a.coupons,
    label: 'menu.coupons',
    roles: ADMIN_ONLY,
    icon: <GiftOutlined />,
    inMenu: true,
    activeOn: [a.couponTypes],
    load: () => import('../coupons/CouponsPage.tsx').then((m) => ({ Page: m.CouponsPage })),
  },
  {
    path: a.couponTypes,
    label: 'pages.couponTypes',
    roles: ADMIN_ONLY,
    inMenu: false,
    load: () => import('../coupons/CouponTypesPage.tsx').then((m) => ({ Page: m.CouponTypesPage })),
  },
  {
    path: a.logs,
    label: 'menu.logs',
    roles: STAFF_ROLES,
    icon: <AuditOutlined />,
    inMenu: true,
    load: () => import('../logs/LogsPage.tsx').then((m) => ({ Page: m.LogsPage })),
  },
  {
    path: a.plans,
    label: 'menu.plans',
    roles: STAFF_ROLES,
    icon: <TagsOutlined />,
    inMenu: true,
    load: () => import('../plans/PlansPage.tsx').then((m) => ({ Page: m.PlansPage })),
  },
  {
    path: a.settings,
    label: 'menu.settings',
    roles: ADMIN_ONLY,
    icon: <SettingOutlined />,
    inMenu: true,
    load: () => import('../settings/SettingsPage.tsx').then((m) => ({ Page: m.SettingsPage })),
  },
  {
    path: a.payments,
    label: 'menu.payments',
    roles: ADMIN_ONLY,
    icon: <CreditCardOutlined />,
    inMenu: true,
    load: () => import('../payments/PaymentsPage.tsx').then((m) => ({ Page: m.PaymentsPage })),
  },
  {
    path: a.outbox,
    label: 'menu.outbox',
    roles: ADMIN_ONLY,
    icon: <SendOutlined />,
    inMenu: true,
    load: () => import('../outbox/OutboxPage.tsx').then((m) => ({ Page: m.OutboxPage })),
  },
]

/** The page whose menu entry a path highlights. */
export function activeAdminPage(pathname: string): AdminPage | undefined {
  return adminPages.find((page) => page.inMenu && (page.path === pathname || page.activeOn?.includes(pathname)))
}
