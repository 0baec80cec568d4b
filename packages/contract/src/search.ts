import { z } from 'zod'
import { endpoint } from './endpoint.ts'
import { STAFF_ROLES } from './roles.ts'
import { SEARCH_MAX, SEARCH_MIN } from './search-rules.ts'

// The back office's search from its header (issue 21): customers by e-mail, name or phone, bills by
// code, keys by their preview, a few of each, to open straight away. Support see accounts only; bills
// and keys are the administrators' (docs/access.md).

const tag = 'Search'

export const SearchAccount = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone_number: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  roles: z.array(z.string()),
})

export const SearchBill = z.object({
  id: z.string(),
  code: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  total: z.string(),
  paid: z.boolean(),
})

export const SearchKey = z.object({
  id: z.string(),
  name: z.string(),
  key_preview: z.string(),
  user_id: z.string(),
  user_email: z.string(),
})

export const globalSearch = endpoint({
  method: 'GET',
  path: '/v1/search',
  roles: STAFF_ROLES,
  tag,
  summary:
    'The back-office header search: accounts by e-mail, name or phone; bills by code and keys by preview (administrators only). A few of each, best first.',
  query: z.strictObject({
    q: z.string().trim().min(SEARCH_MIN, { error: 'search.tooShort' }).max(SEARCH_MAX, { error: 'search.tooLong' }),
  }),
  data: z.object({ accounts: z.array(SearchAccount), bills: z.array(SearchBill), keys: z.array(SearchKey) }),
})
