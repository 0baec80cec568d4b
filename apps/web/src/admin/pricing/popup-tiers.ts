import { numberFormat, POPUP_TIERS, UNLIMITED } from '@app/contract'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { adminPricingMessages } from './pricing.i18n.ts'

/** The pricing popup's four tier headings (docs/requirements.md §8.5): "Up to 100,000", "100,001–200,000"… */
export function usePopupTierLabels(): string[] {
  const t = useT(adminPricingMessages)
  const count = numberFormat(useLang())
  return POPUP_TIERS.map(([from, to]) => {
    if (to === UNLIMITED) return t('tiers.over', { from: count.format(from) })
    if (from === 0) return t('tiers.upTo', { to: count.format(to) })
    return t('tiers.between', { from: count.format(from + 1), to: count.format(to) })
  })
}
