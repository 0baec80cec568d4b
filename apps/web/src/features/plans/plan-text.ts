import { formatCents, formatMoney, inLanguage, type Lang, type LimitDuration, type Plan } from '@app/contract'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { moneyCents } from './plan-money.ts'
import { plansMessages } from './plans.i18n.ts'

// How the plan card and its purchase dialog write a plan's price, limits and amounts.

/** "$49.00 a month", or "No monthly fee". */
export function usePlanPrice() {
  const t = useT(plansMessages)
  const lang = useLang()
  return (plan: Plan) =>
    moneyCents(plan.price) > 0n ? t('perMonth', { price: formatMoney(plan.price, 'USD', lang) }) : t('noFee')
}

/**
 * A plan's name and description in the reader's language where staff wrote them, else the English
 * ones; `lang` marks English words on a Burmese page for screen readers (undefined when they match).
 */
export function usePlanWords() {
  const lang = useLang()
  return (plan: Pick<Plan, 'name' | 'description' | 'translations'>) => {
    const read = inLanguage({ name: plan.name, description: plan.description }, plan.translations, lang)
    return { ...read.words, lang: read.lang === lang ? undefined : read.lang }
  }
}

/** A limit and its window ("50,000 per day"), or "Unlimited". */
export function useLimitText() {
  const t = useT(plansMessages)
  const lang = useLang()
  return (limit: number | null, duration: LimitDuration) =>
    limit === null ? t('unlimited') : t(`limit.${duration}`, { count: formatCount(limit, lang) })
}

/** An amount in cents as dollars, e.g. 3850n → "$38.50". */
export const usd = (cents: bigint, lang: Lang) => formatMoney(formatCents(cents), 'USD', lang)
