import type { Seller } from '@app/contract'
import { textSetting } from './settings.ts'

// The seller printed on bills (docs/billing.md "The seller"): one row of `settings`. The bill run
// copies it into each bill it makes.

const seller = textSetting<Seller>('seller', ['name', 'address', 'tax_code'], 'settings.seller')

/** A stored value (a bill's copy) as a `Seller`: fields that are missing or not text are empty. */
export const toSeller = seller.parse
export const readSeller = seller.read
export const setSeller = seller.write
