import type { RestrictionRow } from '@app/contract'

/** The key form's field holding the restriction rows. */
export const LIST = 'restriction_list'
/** A new, empty restriction row. */
export const emptyRow = (): RestrictionRow => ({ type: 'domain', value: '' })
