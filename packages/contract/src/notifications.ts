import { z } from 'zod'
import { isCalendarDate } from './campaign-rules.ts'
import { Done, Id, IdParams, IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { STAFF_ROLES } from './roles.ts'

// A notification (docs/requirements.md §16.2) is an e-mail campaign: name, e-mail header, content, send
// date and time, sent counts success/total; pending (0/total) → sending (success/total) → sent →
// deleted. A pending one deleted is gone (nothing went out); a sent one stays, marked deleted. Recipients are fixed when the notification is saved; a worker sends them
// (docs/notifications.md): one row per recipient, never two e-mails to one recipient.

const tag = 'Notifications'

export const NOTIFICATION_NAME_MAX = 255
export const NOTIFICATION_SUBJECT_MAX = 255
/** The content's HTML, before sanitising. */
export const NOTIFICATION_CONTENT_MAX = 200_000

export const NotificationStatus = z.enum(['pending', 'sending', 'sent', 'deleted'])
export type NotificationStatus = z.infer<typeof NotificationStatus>

export const RecipientStatus = z.enum(['pending', 'sending', 'sent', 'failed'])
export type RecipientStatus = z.infer<typeof RecipientStatus>

const DateOnly = z.string().refine(isCalendarDate, { error: 'validation.invalid' })

/**
 * Who gets it: every customer, or the customers matching every given filter: plans, account status,
 * signed up between two dates (UTC, both included), without any active key, e-mail containing a text.
 */
export const RecipientFilter = z.strictObject({
  all: z.boolean(),
  plan_ids: z.array(Id).max(50).optional(),
  status: z.enum(['active', 'suspended']).optional(),
  signed_up_from: DateOnly.optional(),
  signed_up_to: DateOnly.optional(),
  /** Customers with no active key (none created, or all deleted or suspended). */
  inactive_keys: z.boolean().optional(),
  email_contains: z.string().trim().max(255).optional(),
})
export type RecipientFilter = z.infer<typeof RecipientFilter>

/** A notification's e-mail in one language: its subject and its (sanitised) HTML. */
const NotificationText = z.object({ subject: z.string(), content: z.string() })

/**
 * The e-mail in Burmese and Vietnamese where staff wrote it (issue 20): each recipient gets the one in
 * their language, or the English one (`subject`, `content`) when there is none.
 */
export const NotificationTranslations = z.object({ my: NotificationText.optional(), vi: NotificationText.optional() })
export type NotificationTranslations = z.infer<typeof NotificationTranslations>

export const Notification = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  translations: NotificationTranslations,
  recipients: RecipientFilter,
  status: NotificationStatus,
  /** When it goes out (or went out). */
  send_at: IsoDateTime,
  total: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  created_by: z.string().nullable(),
  created_at: IsoDateTime,
  started_at: IsoDateTime.nullable(),
  finished_at: IsoDateTime.nullable(),
  /** When a sent notification was deleted (it stays listed, with its counts and recipients). */
  deleted_at: IsoDateTime.nullable(),
})
export type Notification = z.infer<typeof Notification>

const Subject = z
  .string({ error: 'notifications.subjectRequired' })
  .trim()
  .min(1, { error: 'notifications.subjectRequired' })
  .max(NOTIFICATION_SUBJECT_MAX)
const Content = z
  .string({ error: 'notifications.contentRequired' })
  .min(1, { error: 'notifications.contentRequired' })
  .max(NOTIFICATION_CONTENT_MAX, { error: 'notifications.contentTooLong' })

export const NotificationBody = z.strictObject({
  name: z
    .string({ error: 'notifications.nameRequired' })
    .trim()
    .min(1, { error: 'notifications.nameRequired' })
    .max(NOTIFICATION_NAME_MAX),
  subject: Subject,
  content: Content,
  /** Burmese and Vietnamese versions, each whole (subject and content) or left out. */
  translations: z
    .strictObject({
      my: z.strictObject({ subject: Subject, content: Content }).optional(),
      vi: z.strictObject({ subject: Subject, content: Content }).optional(),
    })
    .default({}),
  recipients: RecipientFilter,
  /** ISO date-time to send at; null or absent: now. */
  send_at: z.iso.datetime({ offset: true, error: 'notifications.sendAtInvalid' }).nullish(),
})
export type NotificationBody = z.input<typeof NotificationBody>

export const listNotifications = endpoint({
  method: 'GET',
  path: '/v1/notifications',
  roles: STAFF_ROLES,
  tag,
  summary: 'E-mail notifications, newest first, with their progress; searched by name or subject.',
  query: z.strictObject({
    ...pageQueryFields,
    keyword: z.string().trim().max(255).optional(),
    status: NotificationStatus.optional(),
  }),
  data: pageOf(Notification),
})

export const getNotification = endpoint({
  method: 'GET',
  path: '/v1/notifications/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'One notification and its progress.',
  params: IdParams,
  data: Notification,
})

export const createNotification = endpoint({
  method: 'POST',
  path: '/v1/notifications',
  roles: STAFF_ROLES,
  tag,
  summary: 'Compose a notification: its recipients are fixed now; it goes out at `send_at` (or now).',
  body: NotificationBody,
  data: Notification,
  successStatus: 201,
})

export const updateNotification = endpoint({
  method: 'PUT',
  path: '/v1/notifications/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Change a pending notification (its recipients are chosen again).',
  params: IdParams,
  body: NotificationBody,
  data: Notification,
})

export const deleteNotification = endpoint({
  method: 'DELETE',
  path: '/v1/notifications/{id}',
  roles: STAFF_ROLES,
  tag,
  summary:
    'Delete a notification: a pending one is removed, a sent one stays as deleted with its counts; one being sent cannot be.',
  params: IdParams,
  data: Done,
})

export const countNotificationRecipients = endpoint({
  method: 'POST',
  path: '/v1/notifications/recipients-count',
  roles: STAFF_ROLES,
  tag,
  summary: 'How many customers a recipient filter matches now.',
  body: z.strictObject({ recipients: RecipientFilter }),
  data: z.object({ total: z.number().int() }),
})

export const NotificationRecipient = z.object({
  user_id: z.string().nullable(),
  email: z.string(),
  status: RecipientStatus,
  attempts: z.number().int(),
  error: z.string().nullable(),
  sent_at: IsoDateTime.nullable(),
})
export type NotificationRecipient = z.infer<typeof NotificationRecipient>

export const listNotificationRecipients = endpoint({
  method: 'GET',
  path: '/v1/notifications/{id}/recipients',
  roles: STAFF_ROLES,
  tag,
  summary: "Each recipient's result (sent, failed with the reason, or still waiting).",
  params: IdParams,
  query: z.strictObject({ ...pageQueryFields, status: RecipientStatus.optional() }),
  data: pageOf(NotificationRecipient),
})
