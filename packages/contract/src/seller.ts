import { z } from 'zod'
import { endpoint } from './endpoint.ts'
import { refineWith } from './problem.ts'
import { ADMIN_ONLY } from './roles.ts'
import { checkSellerAddress, checkSellerName, checkSellerTaxCode } from './settings-rules.ts'

// The seller on every bill (PDF and XLSX): the provider's legal name, address and tax number, an
// administrator's setting (/administrator/settings, docs/billing.md "The seller"). Empty fields are
// left off the bill.

const tag = 'Settings'

export const Seller = z.object({
  name: z.string(),
  address: z.string(),
  tax_code: z.string(),
})
export type Seller = z.infer<typeof Seller>

export const getSeller = endpoint({
  method: 'GET',
  path: '/v1/settings-seller',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The seller printed on bills: legal name, address and tax number (empty fields while not set).',
  data: Seller,
})

export const setSeller = endpoint({
  method: 'PUT',
  path: '/v1/settings-seller',
  roles: ADMIN_ONLY,
  tag,
  summary:
    'Set the seller printed on bills (empty to leave a field off); audit-logged. Bills already made keep theirs.',
  body: z.strictObject({
    name: z
      .string()
      .superRefine(refineWith(checkSellerName))
      .transform((v) => v.trim()),
    address: z
      .string()
      .superRefine(refineWith(checkSellerAddress))
      .transform((v) => v.trim()),
    tax_code: z
      .string()
      .superRefine(refineWith(checkSellerTaxCode))
      .transform((v) => v.trim()),
  }),
  data: Seller,
})
