import type { ServiceType } from '@app/contract'
import { useT } from '../../i18n/define.ts'
import { pricingMessages } from './pricing.i18n.ts'

/** `LOAD_MAP` → "Map loads", in the customer's language. */
export function useServiceName(): (service: ServiceType) => string {
  const t = useT(pricingMessages)
  return (service) => t(`services.${service}`)
}
