import { z } from 'zod'
import { endpoint } from './endpoint.ts'
import { refineWith } from './problem.ts'
import { ADMIN_ONLY } from './roles.ts'
import { checkSupportEmail, checkSupportHours, checkSupportPhone } from './settings-rules.ts'

// The support contact customers see (the help areas, the maintenance page, the e-mail change page):
// an administrator's setting (/administrator/settings, docs/requirements.md §17.3), read by everyone through app-config.

const tag = 'Settings'

export const SupportContact = z.object({
  email: z.string(),
  phone: z.string(),
  hours: z.string(),
})
export type SupportContact = z.infer<typeof SupportContact>

export const getSupportContact = endpoint({
  method: 'GET',
  path: '/v1/settings-support',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The support e-mail, phone and hours shown to customers (empty fields while not set).',
  data: SupportContact,
})

export const setSupportContact = endpoint({
  method: 'PUT',
  path: '/v1/settings-support',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Set the support e-mail, phone and hours shown to customers (empty to hide one); audit-logged.',
  body: z.strictObject({
    email: z
      .string()
      .superRefine(refineWith(checkSupportEmail))
      .transform((v) => v.trim().toLowerCase()),
    phone: z
      .string()
      .superRefine(refineWith(checkSupportPhone))
      .transform((v) => v.trim()),
    hours: z
      .string()
      .superRefine(refineWith(checkSupportHours))
      .transform((v) => v.trim()),
  }),
  data: SupportContact,
})
