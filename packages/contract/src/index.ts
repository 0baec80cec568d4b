import * as accounts from './accounts.ts'
import * as audit from './audit.ts'
import * as auth from './auth.ts'
import * as balance from './balance.ts'
import * as billing from './billing.ts'
import * as campaigns from './campaigns.ts'
import * as coupons from './coupons.ts'
import * as emailChange from './email-change.ts'
import type { EndpointSpec } from './endpoint.ts'
import * as faqs from './faqs.ts'
import * as gateway from './gateway.ts'
import * as jobs from './jobs.ts'
import * as keys from './keys.ts'
import * as maps from './maps.ts'
import * as notifications from './notifications.ts'
// recovery codes and passkeys (issue 16, passkeys)
import * as passkeys from './passkeys.ts'
import * as payments from './payments.ts'
import * as plans from './plans.ts'
import * as pricing from './pricing.ts'
import * as recoveryCodes from './recovery-codes.ts'
import * as search from './search.ts'
import * as seller from './seller.ts'
import * as social from './social.ts'
// step-up (issue 16, secrets)
import * as stepUp from './step-up.ts'
import * as support from './support.ts'
import * as supportContact from './support-contact.ts'
import * as system from './system.ts'
import * as twoFactor from './two-factor.ts'
import * as usage from './usage.ts'
import * as users from './users.ts'

export * from './access.ts'
export * from './accounts.ts'
export * from './audit.ts'
export * from './auth.ts'
export * from './balance.ts'
export * from './billing.ts'
export * from './browser.ts'
export * from './campaigns.ts'
export * from './common.ts'
export * from './coupons.ts'
export * from './email-change.ts'
export * from './envelope.ts'
export * from './error-catalogue.ts'
export * from './faqs.ts'
export * from './gateway.ts'
export * from './jobs.ts'
export * from './keys.ts'
export * from './maps.ts'
export * from './notifications.ts'
export * from './passkey-rules.ts'
export * from './passkeys.ts'
export * from './payments.ts'
export * from './plans.ts'
export * from './pricing.ts'
export * from './recovery-codes.ts'
export * from './schemas.ts'
export * from './search.ts'
export * from './search-rules.ts'
export * from './seller.ts'
export * from './social.ts'
export * from './step-up.ts'
export * from './support.ts'
export * from './support-contact.ts'
export * from './system.ts'
export * from './two-factor.ts'
export * from './usage.ts'
export * from './users.ts'

function isEndpoint(value: unknown): value is EndpointSpec {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'roles' in value &&
    'data' in value
  )
}

/** Every endpoint the contract declares, found from the feature modules' exports. */
export const allEndpoints: readonly EndpointSpec[] = [
  auth,
  users,
  accounts,
  keys,
  gateway,
  usage,
  system,
  pricing,
  plans,
  billing,
  balance,
  coupons,
  maps,
  payments,
  campaigns,
  notifications,
  support,
  faqs,
  twoFactor,
  social,
  emailChange,
  audit,
  seller,
  supportContact,
  stepUp,
  recoveryCodes,
  passkeys,
  jobs,
  search,
].flatMap((module) => Object.values(module).filter(isEndpoint))
