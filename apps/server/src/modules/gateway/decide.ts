import {
  keyServesService,
  type RestrictionRequest,
  type ServiceType,
  scopeAllows,
  type VerifyReason,
} from '@app/contract'
import type { CacheValue } from './cache.ts'

/**
 * The key check's rules, in order: the secret exists and is still valid; the key is not deleted or
 * suspended; its owner is active and verified; the key type may call the service, and so may its
 * scope (SERVICE_NOT_ALLOWED); the call comes from an allowed page or address; the key's monthly cap
 * is not reached (KEY_CAP_REACHED, measured by the key-caps job: modules/keys/caps.ts); the owner's plan
 * has calls left in the window (`overQuota`, asked only when every earlier rule passed); a user whose
 * balance is checked has money.
 *
 * The quota comes before the balance: a quota is the plan's hard limit until its window ends, which
 * paying does not lift, so it is the more useful reason to give when both apply.
 */
export function decide(
  facts: CacheValue,
  service: ServiceType,
  request: RestrictionRequest,
  now: number,
  overQuota?: () => boolean,
): VerifyReason {
  if (!facts) return 'NOT_FOUND'
  if (facts.secretExpiresAt !== null && facts.secretExpiresAt <= now) return 'NOT_FOUND'
  if (facts.deleted) return 'DELETED'
  if (facts.keyStatus === 'suspended') return 'KEY_SUSPENDED'
  if (facts.userStatus === 'suspended') return 'USER_SUSPENDED'
  if (!facts.userVerified) return 'UNVERIFIED'
  if (!keyServesService(facts.type, service)) return 'WRONG_KEY_TYPE'
  if (!scopeAllows(facts.services, service)) return 'SERVICE_NOT_ALLOWED'
  const restriction = facts.matcher.check(request)
  if (restriction !== 'OK') return restriction
  if (facts.capBlockedUntil !== null && now < facts.capBlockedUntil) return 'KEY_CAP_REACHED'
  if (overQuota?.()) return 'QUOTA_EXCEEDED'
  if (facts.checkBalance && !facts.balancePositive) return 'NO_BALANCE'
  return 'OK'
}
