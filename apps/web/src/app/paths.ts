// Every route of the SPA, named once (docs/requirements.md §2). Pages use these constants, never literal strings.

export const paths = {
  home: '/',
  dashboard: '/dashboard',
  keys: '/keys',
  createKey: '/createKey',
  editKey: '/edit',
  billing: '/billing',
  bill: (id: string) => `/billing/${encodeURIComponent(id)}`,
  vnpayReturn: '/billing/vnpay_return',
  paypalReturn: '/billing/paypal_return',
  payment: '/payment',
  maps: '/maps',
  map: (id: string) => `/maps/${encodeURIComponent(id)}`,
  supportRequests: '/support/request',
  addQuestion: '/support/request/addQuestion',
  ticket: (id: string) => `/support/request/${encodeURIComponent(id)}`,
  faqs: '/faqs',
  usage: '/statistics',
  getStarted: '/get-started',
  /** Get started with one of the user's keys chosen. */
  getStartedWith: (keyId: string) => `/get-started?key=${encodeURIComponent(keyId)}`,
  settings: (page: SettingsPage) => `/settings/${page}`,

  login: '/login',
  loginTwoFactor: '/login/two-factor',
  loginGoogle: '/login/google',
  loginFacebook: '/login/facebook',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verify: '/user/verify',
  sendVerify: '/send-verify',
  maintain: '/maintain',

  admin: {
    root: '/administrator',
    overview: '/administrator/overview',
    accessRights: '/administrator/sales-account-management',
    users: '/administrator/user-management',
    createUser: '/administrator/user-management/create-user',
    editUser: '/administrator/user-management/edit-user',
    keyAndBill: '/administrator/user-management/key-and-bill',
    balanceLog: '/administrator/user-management/balance-log',
    couponLog: '/administrator/user-management/coupon-log',
    viewHits: '/administrator/view-hits-per-user',
    billing: '/administrator/billing-management',
    usage: '/administrator/usage-statistics',
    usagePerUser: '/administrator/usage-statistics-per-user',
    campaigns: '/administrator/campaigns',
    emailChange: '/administrator/change-email',
    notifications: '/administrator/notifications',
    support: '/administrator/support',
    supportRequest: '/administrator/support/request',
    supportTicket: (id: string) => `/administrator/support/request?id=${encodeURIComponent(id)}`,
    faqs: '/administrator/faqs',
    coupons: '/administrator/coupons',
    couponTypes: '/administrator/coupons/coupon-types',
    audit: '/administrator/logs',
    plans: '/administrator/plans',
    settings: '/administrator/settings',
    outbox: '/administrator/outbox',
    payments: '/administrator/payments',
    jobs: '/administrator/jobs',
  },
} as const

export const SETTINGS_PAGES = ['profile', 'security', 'email'] as const
export type SettingsPage = (typeof SETTINGS_PAGES)[number]

export function isAdminPath(pathname: string) {
  return pathname === paths.admin.root || pathname.startsWith(`${paths.admin.root}/`)
}
