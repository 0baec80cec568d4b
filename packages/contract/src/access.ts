import * as accounts from './accounts.ts'
import * as audit from './audit.ts'
import * as auth from './auth.ts'
import * as balance from './balance.ts'
import * as billing from './billing.ts'
import * as campaigns from './campaigns.ts'
import * as coupons from './coupons.ts'
import * as emailChange from './email-change.ts'
import type { Access, EndpointSpec } from './endpoint.ts'
import * as faqs from './faqs.ts'
import * as gateway from './gateway.ts'
import * as jobs from './jobs.ts'
import * as keys from './keys.ts'
import * as maps from './maps.ts'
import * as notifications from './notifications.ts'
import * as passkeys from './passkeys.ts'
import * as payments from './payments.ts'
import * as plans from './plans.ts'
import * as pricing from './pricing.ts'
import * as recoveryCodes from './recovery-codes.ts'
import { ADMIN_ONLY, ALL_ROLES, ROLES, type Role, STAFF_ROLES } from './roles.ts'
import * as search from './search.ts'
import * as seller from './seller.ts'
import * as social from './social.ts'
import * as stepUp from './step-up.ts'
import * as support from './support.ts'
import * as supportContact from './support-contact.ts'
import * as system from './system.ts'
import * as twoFactor from './two-factor.ts'
import * as usage from './usage.ts'
import * as users from './users.ts'

/**
 * Who may call what (docs/requirements.md §2.4, §2.5) as one table: each page (the routes of §2.3 and
 * §2.4, plus the callers that have no screen), the roles
 * that may open it, and the endpoints it calls. The server's guard takes every endpoint's roles from
 * here (`accessOf`), and a contract test holds each endpoint's declared `roles` to it and fails on an
 * endpoint no page lists, so a new endpoint cannot drift from it. docs/access.md prints it.
 *
 * `uses` are calls about the caller's own data (or nobody's); `usesForOthers` are calls the page makes
 * about ANOTHER user's data (named by `user_id`, by e-mail or by owning the record). The roles allowed
 * to call an endpoint for someone else are the roles of the pages listing it in `usesForOthers`, so
 * the customer's billing page (all roles, own bills) and the admin-only key-and-bill page (another
 * user's bills) give `GET /v1/bills`: everyone for themselves, only admins for someone else.
 *
 * A new endpoint goes on the page that calls it; one no screen calls goes on the pseudo page of its
 * caller (the API, the gateway, a provider's callback).
 */
export interface PageAccess {
  /**
   * The SPA routes (full paths, comma-separated) as docs/requirements.md §2 writes them, or a described pseudo page.
   * The back office's menu and route guards (apps/web/src/admin/shell/nav.tsx) are tested against it.
   */
  page: string
  roles: Access
  uses: readonly EndpointSpec[]
  usesForOthers?: readonly EndpointSpec[]
}

export const PAGES: readonly PageAccess[] = [
  // ── Public (no sign-in) ──────────────────────────────────────────────────────────────────────────
  {
    page: '/login, /register, /forgot-password, /reset-password, /user/verify, /send-verify',
    roles: 'public',
    uses: [
      auth.login,
      auth.register,
      auth.forgotPassword,
      auth.resetPassword,
      auth.checkResetToken,
      auth.sendVerifyEmail,
      auth.verifyEmail,
      auth.checkEmailExisted,
      social.startGoogleSignIn,
      social.loginGoogle,
      social.loginFacebook,
      twoFactor.verifyTwoFactorCode,
      // recovery codes and passkeys at /login and /login/two-factor (issue 16, passkeys)
      recoveryCodes.verifyRecoveryCode,
      passkeys.passkeySignInOptions,
      passkeys.loginPasskey,
      passkeys.passkeySecondFactorOptions,
      passkeys.verifyTwoFactorPasskey,
      system.appConfig,
    ],
  },
  {
    page: '/m/{token} (a shared map, its embed and the offline base map)',
    roles: 'public',
    uses: [maps.publicMap, maps.mapsConfig, maps.offlineData, maps.offlineStyle, system.getFile],
  },
  {
    // The links carry a 5-minute download token of one bill (or the session header); the handler
    // checks the holder against the roles below ("for another user": key-and-bill, billing manager).
    page: 'bill file links (download token)',
    roles: 'public',
    uses: [billing.billPdf, billing.billXlsx],
  },
  { page: 'health probes', roles: 'public', uses: [system.health, system.ready] },
  { page: 'payment providers (server to server)', roles: 'public', uses: [payments.vnpayIpn, payments.paypalWebhook] },
  {
    page: 'maps API gateway (service token)',
    roles: 'gateway',
    uses: [gateway.gatewayVerify, gateway.gatewayVerifyGet, gateway.gatewayAuthorize, gateway.gatewayUsage],
  },

  // ── Customer routes (docs/requirements.md §2.3: roles admin, customer, support) ────────────────────────────────────
  {
    page: 'every signed-in page (header, sidebar, tour, pricing popup)',
    roles: ALL_ROLES,
    uses: [
      users.getOwnProfile,
      auth.logout,
      campaigns.activeCampaigns,
      keys.listUserKeys,
      keys.revealKey,
      // the step-up dialog before a key's secret is revealed, wherever it is copied (issue 16, secrets)
      stepUp.stepUpStatus,
      stepUp.stepUp,
      pricing.getRivalRates,
      pricing.priceOfOneUser,
      plans.planDashboard,
    ],
  },
  {
    page: '/dashboard',
    roles: ALL_ROLES,
    uses: [billing.billEstimate, balance.balanceSummary, plans.planDashboard, usage.hitsOneUser],
  },
  {
    page: '/keys, /createKey, /edit',
    roles: ALL_ROLES,
    uses: [
      keys.listUserKeys,
      keys.listDeletedKeys,
      keys.getKey,
      keys.createKey,
      keys.updateKey,
      keys.deleteKey,
      keys.duplicateKey,
      keys.revealKey,
      keys.rollKey,
    ],
  },
  {
    page: '/billing, /billing/{id}',
    roles: ALL_ROLES,
    uses: [
      billing.listBills,
      billing.getBill,
      billing.billDownloadToken,
      billing.billPdf,
      billing.billXlsx,
      billing.requestVat,
      balance.payBill,
      balance.balanceSummary,
      balance.setBalanceAlert,
      balance.userBalanceLogs,
      coupons.userCouponLogs,
      coupons.useCoupon,
      plans.listPlans,
      plans.buyPlan,
    ],
  },
  {
    page: '/payment, /billing/vnpay_return, /billing/paypal_return',
    roles: ALL_ROLES,
    uses: [
      payments.paymentOptions,
      payments.createPayment,
      payments.getPayment,
      payments.cancelPayment,
      payments.myPayments,
      payments.paypalCapture,
      payments.vnpayReturn,
      payments.listCards,
      payments.addCard,
      payments.removeCard,
    ],
  },
  {
    page: '/maps, /maps/{id}',
    roles: ALL_ROLES,
    uses: [
      keys.listUserKeys,
      maps.listMaps,
      maps.getMap,
      maps.createMap,
      maps.updateMap,
      maps.copyMap,
      maps.deleteMap,
      maps.trashMap,
      maps.restoreMap,
      maps.emptyTrash,
      maps.setDefaultMap,
      maps.saveMapView,
      maps.shareMap,
      maps.revokeMapShare,
      maps.exportMap,
      maps.createLayer,
      maps.updateLayer,
      maps.deleteLayer,
      maps.createPoint,
      maps.addPoints,
      maps.updatePoint,
      maps.deletePoint,
      maps.movePoints,
      maps.searchPlaces,
      maps.previewImport,
      maps.importSample,
    ],
  },
  {
    page: '/support/request, /support/request/addQuestion',
    roles: ALL_ROLES,
    uses: [
      support.listOwnTickets,
      support.getTicket,
      support.createTicket,
      support.replyTicket,
      support.closeTicket,
      support.ticketReferences,
      support.uploadTicketImage,
      faqs.publishedFaqs,
    ],
  },
  { page: '/faqs', roles: ALL_ROLES, uses: [faqs.publishedFaqs] },
  {
    page: '/statistics',
    roles: ALL_ROLES,
    uses: [
      usage.hitsOneUser,
      usage.hitsOneUserPerMonth,
      usage.billingUsage,
      usage.keyHealth,
      usage.recentRequests,
      usage.recentRequestsCount,
      usage.exportUsageCsv,
    ],
  },
  {
    page: '/settings/{page}',
    roles: ALL_ROLES,
    uses: [
      users.updateOwnProfile,
      users.uploadAvatar,
      users.uploadAvatarWithoutSave,
      keys.sendPhoneCode,
      keys.verifyPhone,
      auth.changePassword,
      twoFactor.twoFactorInfo,
      twoFactor.generateTwoFactorSecret,
      twoFactor.enableTwoFactor,
      twoFactor.disableTwoFactor,
      // recovery codes and passkeys in the security settings (issue 16, passkeys)
      recoveryCodes.recoveryCodesInfo,
      recoveryCodes.regenerateRecoveryCodes,
      passkeys.listPasskeys,
      passkeys.passkeyRegistrationOptions,
      passkeys.addPasskey,
      passkeys.deletePasskey,
      emailChange.requestEmailChange,
      emailChange.userEmailChangeRequests,
      emailChange.checkNewEmailUsed,
    ],
  },

  // ── Administrator routes (docs/requirements.md §2.4) ──────────────────────────────────────────────────
  { page: '/administrator/overview', roles: ADMIN_ONLY, uses: [usage.overview] },
  {
    page: '/administrator/sales-account-management',
    roles: ADMIN_ONLY,
    uses: [accounts.listUsers, accounts.setUserAdmin],
  },
  {
    page: '/administrator/user-management, /administrator/user-management/create-user, /administrator/user-management/edit-user',
    roles: STAFF_ROLES,
    uses: [
      accounts.listUsers,
      accounts.getAccount,
      accounts.createUser,
      accounts.suspendUser,
      accounts.unsuspendUser,
      users.getProfile,
      users.updateProfile,
      plans.listPlans,
      // The header's search, on every back-office page, finds accounts first (bills and keys for admins).
      search.globalSearch,
    ],
    // The customer page's tickets tab (issue 21): one customer's support requests.
    usesForOthers: [support.listAllTickets],
  },
  {
    // docs/requirements.md §4.8: administrators change a user's role, toggle enjoy-discount,
    // active-after-created and check-balance, change a user's plan and add balance.
    page: '/administrator/user-management/edit-user (the admin-only actions)',
    roles: ADMIN_ONLY,
    uses: [
      accounts.setUserAdmin,
      accounts.changeActiveAfterCreated,
      accounts.changeCheckBalance,
      accounts.changeEnjoyDiscount,
      plans.changeUserPlan,
      balance.addBalance,
      twoFactor.accountTwoFactor,
      twoFactor.turnOffAccountTwoFactor,
    ],
  },
  {
    page: '/administrator/user-management/key-and-bill',
    roles: ADMIN_ONLY,
    uses: [users.getProfile, keys.listAllKeys],
    usesForOthers: [
      keys.listUserKeys,
      keys.listDeletedKeys,
      keys.suspendKey,
      keys.unsuspendKey,
      keys.getKey,
      keys.createKey,
      keys.updateKey,
      keys.deleteKey,
      keys.duplicateKey,
      keys.revealKey,
      keys.rollKey,
      billing.listBills,
      billing.getBill,
      billing.billDownloadToken,
      billing.billPdf,
      billing.billXlsx,
      billing.billEstimate,
      balance.balanceSummary,
    ],
  },
  {
    page: '/administrator/user-management/balance-log',
    roles: ADMIN_ONLY,
    uses: [balance.allBalanceLogs, balance.addBalance],
    usesForOthers: [balance.userBalanceLogs],
  },
  {
    page: '/administrator/user-management/coupon-log',
    roles: ADMIN_ONLY,
    uses: [coupons.allCouponLogs],
    usesForOthers: [coupons.userCouponLogs],
  },
  {
    page: '/administrator/view-hits-per-user',
    roles: STAFF_ROLES,
    uses: [],
    usesForOthers: [
      usage.hitsOneUserByUserId,
      usage.hitsOneUserPerMonth,
      usage.billingUsage,
      usage.keyHealth,
      usage.recentRequests,
      usage.recentRequestsCount,
      usage.exportUsageCsv,
    ],
  },
  {
    page: '/administrator/billing-management',
    roles: ADMIN_ONLY,
    uses: [
      billing.listAllBills,
      billing.countBillsByMonth,
      billing.exportBills,
      billing.generateBills,
      billing.listBillingRuns,
      billing.setBillPaid,
      billing.emailBill,
    ],
    usesForOthers: [billing.getBill, billing.billDownloadToken, billing.billPdf, billing.billXlsx],
  },
  {
    page: '/administrator/usage-statistics, /administrator/usage-statistics-per-user',
    roles: ADMIN_ONLY,
    uses: [usage.hitsAllUsers, usage.hitsPerUser],
    usesForOthers: [usage.hitsOneUserByUserId],
  },
  {
    page: '/administrator/campaigns',
    roles: STAFF_ROLES,
    uses: [
      campaigns.listCampaigns,
      campaigns.createCampaign,
      campaigns.updateCampaign,
      campaigns.deleteCampaign,
      campaigns.uploadCampaignImage,
      campaigns.deleteCampaignImage,
      campaigns.deleteCampaignImageAndFile,
    ],
  },
  {
    page: '/administrator/change-email',
    roles: STAFF_ROLES,
    uses: [
      emailChange.listEmailChangeRequests,
      emailChange.activeEmailChangeRequests,
      emailChange.completeEmailChange,
      emailChange.refuseEmailChange,
    ],
    usesForOthers: [emailChange.userEmailChangeRequests],
  },
  {
    page: '/administrator/notifications',
    roles: STAFF_ROLES,
    uses: [
      notifications.listNotifications,
      notifications.getNotification,
      notifications.createNotification,
      notifications.updateNotification,
      notifications.deleteNotification,
      notifications.countNotificationRecipients,
      notifications.listNotificationRecipients,
      plans.listPlans,
    ],
  },
  {
    page: '/administrator/support, /administrator/support/request',
    roles: STAFF_ROLES,
    uses: [support.listAllTickets, support.reopenTicket, support.uploadTicketImage],
    usesForOthers: [support.getTicket, support.replyTicket, support.closeTicket],
  },
  {
    page: '/administrator/faqs',
    roles: STAFF_ROLES,
    uses: [
      faqs.listFaqCategories,
      faqs.createFaqCategory,
      faqs.updateFaqCategory,
      faqs.deleteFaqCategory,
      faqs.listFaqs,
      faqs.getFaq,
      faqs.createFaq,
      faqs.updateFaq,
      faqs.deleteFaq,
      faqs.uploadFaqImage,
    ],
  },
  {
    page: '/administrator/coupons, /administrator/coupons/coupon-types',
    roles: ADMIN_ONLY,
    uses: [
      coupons.listCoupons,
      coupons.createCoupon,
      coupons.disableCoupon,
      coupons.listCouponTypes,
      coupons.getCouponType,
      coupons.createCouponType,
    ],
  },
  {
    page: '/administrator/logs',
    roles: STAFF_ROLES,
    uses: [audit.listAuditLog, audit.auditLogActions, audit.exportAuditLog],
  },
  {
    page: '/administrator/plans',
    roles: STAFF_ROLES,
    uses: [plans.listPlans, plans.createPlan, plans.updatePlan],
  },
  {
    page: '/administrator/settings',
    roles: ADMIN_ONLY,
    uses: [
      pricing.listRateSettings,
      pricing.getRateSetting,
      pricing.createRateSetting,
      pricing.updateRateSetting,
      pricing.deleteRateSetting,
      pricing.createRange,
      pricing.updateRange,
      pricing.deleteRange,
      pricing.getFreeMonth,
      pricing.setFreeMonth,
      pricing.getFreeFirstRegister,
      pricing.setFreeFirstRegister,
      pricing.getBillingSettings,
      pricing.setBillingSettings,
      pricing.getRivalRates,
      pricing.setRivalRates,
      pricing.setUserPriceBook,
      keys.listAllKeys,
      system.setMaintenance,
      supportContact.getSupportContact,
      supportContact.setSupportContact,
      seller.getSeller,
      seller.setSeller,
    ],
    usesForOthers: [pricing.priceOfOneUser],
  },
  {
    page: '/administrator/payments',
    roles: ADMIN_ONLY,
    uses: [
      payments.allPayments,
      payments.confirmPayment,
      payments.rejectPayment,
      payments.reconcilePayments,
      // a top-up refunded through its provider (issue 16, payments)
      payments.refundPayment,
      // a VNPay refund with no answer, settled by VNPay's querydr (issue 16, refunds)
      payments.checkRefund,
      payments.getBankSettings,
      payments.setBankSettings,
    ],
    usesForOthers: [payments.getPayment],
  },
  { page: '/administrator/outbox', roles: ADMIN_ONLY, uses: [system.listOutbox, system.getOutboxMessage] },
  {
    page: '/administrator/jobs',
    roles: ADMIN_ONLY,
    uses: [jobs.listJobs, jobs.listJobRuns, jobs.runJobNow, jobs.retryJobRun],
  },
]

/**
 * Where an endpoint's input names the user a call is about (`user_id`, a user id in the path, an
 * e-mail). Absent or the caller's own: the call is about the caller. The server's guard compares it
 * with the caller before the handler runs and refuses another user unless the caller holds a role of
 * `forOthers`. Endpoints about a record (a bill, a key, a ticket) check its owner in the handler
 * through the same rule (`actFor`, apps/server/src/http/access.ts).
 */
export interface Subject {
  in: 'query' | 'body' | 'params'
  /** The fields that may name the user: a user id, or `email` for an address. */
  fields: readonly string[]
}

export const SUBJECTS: ReadonlyMap<EndpointSpec, Subject> = new Map<EndpointSpec, Subject>([
  [billing.listBills, { in: 'query', fields: ['user_id'] }],
  [billing.billEstimate, { in: 'query', fields: ['user_id'] }],
  [keys.listUserKeys, { in: 'query', fields: ['user_id'] }],
  [keys.listDeletedKeys, { in: 'query', fields: ['user_id'] }],
  [keys.createKey, { in: 'body', fields: ['user_id'] }],
  [keys.deleteKey, { in: 'body', fields: ['user_id'] }],
  [balance.balanceSummary, { in: 'query', fields: ['user_id'] }],
  [balance.userBalanceLogs, { in: 'params', fields: ['id'] }],
  [coupons.userCouponLogs, { in: 'params', fields: ['id'] }],
  [pricing.priceOfOneUser, { in: 'query', fields: ['email'] }],
  [emailChange.userEmailChangeRequests, { in: 'query', fields: ['user_id'] }],
  [usage.hitsOneUserPerMonth, { in: 'query', fields: ['user_id', 'email'] }],
  [usage.billingUsage, { in: 'query', fields: ['user_id', 'email'] }],
  [usage.keyHealth, { in: 'query', fields: ['user_id', 'email'] }],
  [usage.recentRequests, { in: 'query', fields: ['user_id', 'email'] }],
  [usage.recentRequestsCount, { in: 'query', fields: ['user_id', 'email'] }],
  [usage.exportUsageCsv, { in: 'query', fields: ['user_id', 'email'] }],
  [support.listAllTickets, { in: 'query', fields: ['user_id'] }],
])

/**
 * Endpoints about one record that belongs to a user (a bill, a key, a ticket, a payment): the handler
 * finds the owner and asks `actFor`, which applies the same `forOthers` roles.
 */
export const OWNED_RECORDS: ReadonlySet<EndpointSpec> = new Set<EndpointSpec>([
  billing.getBill,
  billing.billDownloadToken,
  billing.billPdf,
  billing.billXlsx,
  billing.requestVat,
  balance.payBill,
  keys.getKey,
  keys.updateKey,
  keys.deleteKey,
  keys.duplicateKey,
  keys.revealKey,
  keys.rollKey,
  keys.suspendKey,
  keys.unsuspendKey,
  support.getTicket,
  support.replyTicket,
  support.closeTicket,
  payments.getPayment,
])

export interface EndpointAccess {
  /** Who may call the endpoint at all: what the server's guard enforces. */
  roles: Access
  /** Who may call it about another user's data (empty: nobody, not even an admin). */
  forOthers: readonly Role[]
  /** The pages that list it, for the docs and for test messages. */
  pages: readonly string[]
}

function inRoleOrder(roles: Iterable<Role>): Role[] {
  const set = new Set(roles)
  return ROLES.filter((role) => set.has(role))
}

/** The table turned around: endpoint → access. Built once; endpoints are compared by identity. */
function buildAccess(pages: readonly PageAccess[]): Map<EndpointSpec, EndpointAccess> {
  const found = new Map<EndpointSpec, { kinds: Set<string>; roles: Set<Role>; others: Set<Role>; pages: string[] }>()
  for (const page of pages) {
    const listed = [
      ...page.uses.map((e) => [e, false] as const),
      ...(page.usesForOthers ?? []).map((e) => [e, true] as const),
    ]
    for (const [endpoint, forOthers] of listed) {
      const entry = found.get(endpoint) ?? { kinds: new Set(), roles: new Set(), others: new Set(), pages: [] }
      found.set(endpoint, entry)
      if (!entry.pages.includes(page.page)) entry.pages.push(page.page)
      if (typeof page.roles === 'string') {
        entry.kinds.add(page.roles)
        continue
      }
      entry.kinds.add('roles')
      for (const role of page.roles) {
        entry.roles.add(role)
        if (forOthers) entry.others.add(role)
      }
    }
  }
  const access = new Map<EndpointSpec, EndpointAccess>()
  for (const [endpoint, entry] of found) {
    // A public endpoint listed on signed-in pages too (the bill file links) stays public; its handler
    // applies the "for another user" roles of those pages.
    const roles: Access = entry.kinds.has('gateway')
      ? 'gateway'
      : entry.kinds.has('public')
        ? 'public'
        : inRoleOrder(entry.roles)
    access.set(endpoint, { roles, forOthers: inRoleOrder(entry.others), pages: entry.pages })
  }
  return access
}

const ACCESS = buildAccess(PAGES)

/** Every endpoint the table lists. */
export function listedEndpoints(): EndpointSpec[] {
  return [...ACCESS.keys()]
}

/** Who may call one endpoint; throws for an endpoint no page lists (a contract test catches it first). */
export function accessOf(endpoint: EndpointSpec): EndpointAccess {
  const access = ACCESS.get(endpoint)
  if (!access)
    throw new Error(
      `${endpoint.method} ${endpoint.path} is on no page of the access table (packages/contract/src/access.ts)`,
    )
  return access
}

// ── The matrix in docs/access.md ────────────────────────────────────────────────────────────────────

const endpointName = (e: EndpointSpec) => `\`${e.method} ${e.path}\``
const rolesText = (roles: Access | readonly Role[]) =>
  typeof roles === 'string' ? roles : roles.length === 0 ? '—' : roles.join(', ')

function subjectText(endpoint: EndpointSpec): string {
  const subject = SUBJECTS.get(endpoint)
  if (subject) return subject.fields.map((f) => `${subject.in}.${f}`).join(' or ')
  return OWNED_RECORDS.has(endpoint) ? "the record's owner" : ''
}

/**
 * The access table as Markdown, generated from the table above: docs/access.md holds exactly this (a contract
 * test compares them; `npx tsx scripts/access-matrix.ts > docs/access.md` rewrites it).
 */
export function accessMatrix(endpoints: readonly EndpointSpec[]): string {
  const lines = [
    '# Access matrix',
    '',
    '<!-- Generated from packages/contract/src/access.ts by `npx tsx scripts/access-matrix.ts > docs/access.md`;',
    '     a contract test fails when this file and the table differ. -->',
    '',
    'Who may call each endpoint ([requirements.md](requirements.md) §2.4, §2.5), and who may call it about **another** user. Every role of an',
    'endpoint may call it about their own data; "for another user" lists the roles that may name someone',
    'else (by the input field shown) or reach a record someone else owns; "—" means nobody, not even an',
    'admin; "n/a" marks calls about no one user. See [security.md](security.md).',
    '',
    '## Pages',
    '',
    '| page | roles | calls | calls about another user |',
    '|---|---|---|---|',
    ...PAGES.map(
      (p) =>
        `| ${p.page} | ${rolesText(p.roles)} | ${p.uses.map(endpointName).join(', ') || '—'} | ${
          (p.usesForOthers ?? []).map(endpointName).join(', ') || '—'
        } |`,
    ),
    '',
    '## Endpoints',
    '',
    '| endpoint | roles | for another user | the user is named by |',
    '|---|---|---|---|',
    ...[...endpoints]
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
      .map((e) => {
        const access = accessOf(e)
        // An endpoint about no one user in particular (a list of all, a setting) has no such column.
        const aboutOneUser = SUBJECTS.has(e) || OWNED_RECORDS.has(e) || access.forOthers.length > 0
        const others = aboutOneUser ? rolesText(access.forOthers) : 'n/a'
        return `| ${endpointName(e)} | ${rolesText(access.roles)} | ${others} | ${subjectText(e) || '—'} |`
      }),
    '',
  ]
  return lines.join('\n')
}
