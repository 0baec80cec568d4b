import { z } from 'zod'
import { IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { ADMIN_ONLY } from './roles.ts'
import { SupportContact } from './support-contact.ts'

const tag = 'System'

export const health = endpoint({
  method: 'GET',
  path: '/healthz',
  roles: 'public',
  duringMaintenance: true,
  raw: true,
  tag,
  summary: 'The process is up.',
  data: z.object({ ok: z.literal(true) }),
})

export const ready = endpoint({
  method: 'GET',
  path: '/readyz',
  roles: 'public',
  duringMaintenance: true,
  raw: true,
  tag,
  summary: 'The database answers and the instance is not stopping (503 when either is not so).',
  data: z.object({ ok: z.boolean(), database: z.enum(['postgres', 'pglite']), draining: z.boolean().optional() }),
})

export const AppConfig = z.object({
  maintenance: z.boolean(),
  map_url: z.string(),
  docs_url: z.string(),
  /** The maps API's base address customers call with their keys (the gateway; MAPS_API_URL). */
  maps_api_url: z.string(),
  version: z.string(),
  /** Sign-in providers offered on /login (null: not configured); docs/auth.md. */
  sign_in: z
    .object({
      google: z.object({ client_id: z.string(), auth_url: z.string() }).nullable(),
      facebook: z.object({ app_id: z.string(), dialog_url: z.string() }).nullable(),
    })
    .optional(),
  /** What customers are told to contact support by; null while an administrator has not set it. */
  support_contact: SupportContact.nullable().optional(),
})
export type AppConfig = z.infer<typeof AppConfig>

export const appConfig = endpoint({
  method: 'GET',
  path: '/v1/app-config',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary: 'Public settings the portal needs before sign-in (maintenance flag, external links).',
  data: AppConfig,
})

export const setMaintenance = endpoint({
  method: 'PUT',
  path: '/v1/settings/maintenance',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Turn maintenance mode on or off (customers then get status "maintain").',
  body: z.strictObject({ enabled: z.boolean() }),
  data: z.object({ maintenance: z.boolean() }),
})

export const OutboxStatus = z.enum(['pending', 'sent', 'failed', 'stored'])

export const OutboxMessage = z.object({
  id: z.string(),
  /** `email`, or `sms` (the address is then a phone number). */
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: OutboxStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: IsoDateTime,
  sent_at: IsoDateTime.nullable(),
})
export type OutboxMessage = z.infer<typeof OutboxMessage>

export const OutboxMessageDetail = OutboxMessage.extend({
  text_body: z.string(),
  html_body: z.string(),
  /**
   * The message's one-time secrets (a verification or reset link, an SMS code; docs/security.md
   * "Secrets in the outbox"): `none` when it carries none, `hidden` when the bodies show them redacted
   * (always in production), `revealed` when they are shown (outside production, until the message is sent).
   */
  secrets: z.enum(['none', 'hidden', 'revealed']),
})

export const listOutbox = endpoint({
  method: 'GET',
  path: '/v1/outbox',
  roles: ADMIN_ONLY,
  tag,
  summary: 'E-mails and text messages the portal sent or stored, newest first (the built-in outbox).',
  query: z.object({ ...pageQueryFields, keyword: z.string().max(255).optional() }),
  data: pageOf(OutboxMessage),
})

export const getOutboxMessage = endpoint({
  method: 'GET',
  path: '/v1/outbox/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'One e-mail with its text and HTML bodies; one-time links and codes are redacted in production.',
  params: z.object({ id: z.string().max(40) }),
  data: OutboxMessageDetail,
})

export const getFile = endpoint({
  method: 'GET',
  path: '/files/{id}',
  roles: 'public',
  raw: true,
  tag,
  summary: 'An uploaded image (avatar, campaign or ticket image); the id is unguessable.',
  params: z.object({ id: z.string().max(40) }),
  data: z.unknown(),
})
