import { checkTopUpAmount } from '@app/contract'
import { paths } from '../../app/paths.ts'

/** /payment with the top-up amount filled in, e.g. the amount a bill or a plan is short of. */
export const topUpPath = (amount: string) => `${paths.payment}?${new URLSearchParams({ amount })}`

/** The amount /payment was opened with, when it is one the top-up accepts; otherwise empty. */
export function presetTopUpAmount(search: URLSearchParams): string {
  const amount = search.get('amount')?.trim() ?? ''
  return amount && checkTopUpAmount(amount) === null ? amount : ''
}
