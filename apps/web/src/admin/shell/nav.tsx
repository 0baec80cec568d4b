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
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SoundOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'
import { paths } from '../../app/paths.ts'
import type { KeyOf } from '../../i18n/define.ts'
import { type AdminRoute, adminRoutes } from './admin-routes.ts'
import type { adminShellMessages } from './admin-shell.i18n.ts'

type ShellKey = KeyOf<NonNullable<(typeof adminShellMessages)['shape']>>

/**
 * The back office's pages (docs/requirements.md §2.4): who may open each, whether it is in
 * the menu, and which other paths keep its menu entry highlighted; their routes are in admin-routes.ts.
 */
export interface AdminPage extends AdminRoute {
  label: ShellKey
  icon?: ReactNode
  inMenu: boolean
  activeOn?: string[]
}

const a = paths.admin

export const adminPages: AdminPage[] = [
  {
    ...adminRoutes.overview,
    label: 'menu.overview',
    icon: <DashboardOutlined />,
    inMenu: true,
    activeOn: [a.root],
  },
  {
    ...adminRoutes.accessRights,
    label: 'menu.accessRights',
    icon: <SafetyCertificateOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.users,
    label: 'menu.users',
    icon: <TeamOutlined />,
    inMenu: true,
    activeOn: [a.createUser, a.editUser, a.viewHits, a.keyAndBill, a.balanceLog, a.couponLog],
  },
  {
    ...adminRoutes.createUser,
    label: 'pages.createUser',
    inMenu: false,
  },
  {
    ...adminRoutes.editUser,
    label: 'pages.editUser',
    inMenu: false,
  },
  {
    ...adminRoutes.keyAndBill,
    label: 'pages.keyAndBill',
    inMenu: false,
  },
  {
    ...adminRoutes.balanceLog,
    label: 'pages.balanceLog',
    inMenu: false,
  },
  {
    ...adminRoutes.couponLog,
    label: 'pages.couponLog',
    inMenu: false,
  },
  {
    ...adminRoutes.viewHits,
    label: 'pages.viewHits',
    inMenu: false,
  },
  {
    ...adminRoutes.billing,
    label: 'menu.billing',
    icon: <FileTextOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.usage,
    label: 'menu.usage',
    icon: <BarChartOutlined />,
    inMenu: true,
    activeOn: [a.usagePerUser],
  },
  {
    ...adminRoutes.usagePerUser,
    label: 'pages.usagePerUser',
    inMenu: false,
  },
  {
    ...adminRoutes.campaigns,
    label: 'menu.campaigns',
    icon: <SoundOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.emailChange,
    label: 'menu.emailChange',
    icon: <MailOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.notifications,
    label: 'menu.notifications',
    icon: <NotificationOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.support,
    label: 'menu.support',
    icon: <CustomerServiceOutlined />,
    inMenu: true,
    activeOn: [a.supportRequest],
  },
  {
    ...adminRoutes.supportRequest,
    label: 'pages.supportRequest',
    inMenu: false,
  },
  {
    ...adminRoutes.faqs,
    label: 'menu.faqs',
    icon: <QuestionCircleOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.coupons,
    label: 'menu.coupons',
    icon: <GiftOutlined />,
    inMenu: true,
    activeOn: [a.couponTypes],
  },
  {
    ...adminRoutes.couponTypes,
    label: 'pages.couponTypes',
    inMenu: false,
  },
  {
    ...adminRoutes.audit,
    label: 'menu.audit',
    icon: <AuditOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.plans,
    label: 'menu.plans',
    icon: <TagsOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.settings,
    label: 'menu.settings',
    icon: <SettingOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.payments,
    label: 'menu.payments',
    icon: <CreditCardOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.outbox,
    label: 'menu.outbox',
    icon: <SendOutlined />,
    inMenu: true,
  },
  {
    ...adminRoutes.jobs,
    label: 'menu.jobs',
    icon: <ScheduleOutlined />,
    inMenu: true,
  },
]

/** The page whose menu entry a path highlights. */
export function activeAdminPage(pathname: string): AdminPage | undefined {
  return adminPages.find((page) => page.inMenu && (page.path === pathname || page.activeOn?.includes(pathname)))
}
