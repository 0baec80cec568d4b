import { z } from 'zod'
import { Id, IdParams, IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { IMAGE_MAX_BYTES } from './limits.ts'
import { refineWith } from './problem.ts'
import { ALL_ROLES, STAFF_ROLES } from './roles.ts'
import {
  checkTicketContent,
  checkTicketTitle,
  TICKET_IMAGES_MAX,
  TicketReferenceType,
  TicketStatus,
} from './support-rules.ts'

// Support tickets (docs/requirements.md §15.1, docs/support.md): /support/request,
// /support/request/addQuestion and the back office's support page; no reply to a closed ticket. The
// calls follow the style of the others under /v1/support (§3.2).

const tag = 'Support'

/** An image uploaded through `uploadTicketImage`, by its `/files/…` path. */
export const UploadedImagePath = z.string().regex(/^\/files\/fil_[0-9a-z]{26}$/, { error: 'support.imageNotYours' })

const Images = z.array(UploadedImagePath).max(TICKET_IMAGES_MAX, { error: 'support.tooManyImages' }).default([])

export const TicketTitle = z
  .string()
  .superRefine(refineWith(checkTicketTitle))
  .transform((v) => v.trim())
export const TicketContent = z
  .string()
  .superRefine(refineWith(checkTicketContent))
  .transform((v) => v.trim())

export const TicketReference = z.object({
  type: z.enum(TicketReferenceType),
  id: Id,
  /** The key's or map's name, the bill's code; null once the thing is gone. */
  label: z.string().nullable(),
})
export type TicketReference = z.infer<typeof TicketReference>

export const TicketPerson = z.object({ id: z.string(), full_name: z.string(), email: z.string() })

export const TicketSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TicketStatus),
  user: TicketPerson,
  reference: TicketReference.nullable(),
  /** Messages in the conversation, the question included. */
  messages: z.number().int(),
  /** Who wrote last: the customer or staff (a staff answer waits for the customer). */
  last_reply_by: z.enum(['customer', 'staff']),
  last_reply_at: IsoDateTime,
  created_at: IsoDateTime,
  closed_at: IsoDateTime.nullable(),
})
export type TicketSummary = z.infer<typeof TicketSummary>

export const TicketMessage = z.object({
  id: z.string(),
  author: z.object({ id: z.string(), full_name: z.string() }),
  from_staff: z.boolean(),
  content: z.string(),
  images: z.array(z.string()),
  created_at: IsoDateTime,
})
export type TicketMessage = z.infer<typeof TicketMessage>

export const Ticket = TicketSummary.extend({ conversation: z.array(TicketMessage) })
export type Ticket = z.infer<typeof Ticket>

export const listOwnTickets = endpoint({
  method: 'GET',
  path: '/v1/support/tickets',
  roles: ALL_ROLES,
  tag,
  summary: 'Your support tickets, the most recently answered first.',
  query: z.strictObject({ ...pageQueryFields, status: z.enum(TicketStatus).optional() }),
  data: pageOf(TicketSummary),
})

export const createTicket = endpoint({
  method: 'POST',
  path: '/v1/support/tickets',
  roles: ALL_ROLES,
  tag,
  summary: 'Open a ticket (title, content, up to 5 uploaded images, optionally one of your keys, bills or maps).',
  body: z.strictObject({
    title: TicketTitle,
    content: TicketContent,
    images: Images,
    reference: z.strictObject({ type: z.enum(TicketReferenceType), id: Id }).nullish(),
  }),
  data: Ticket,
  successStatus: 201,
})

export const getTicket = endpoint({
  method: 'GET',
  path: '/v1/support/tickets/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'One ticket and its conversation (customers their own; staff any).',
  params: IdParams,
  data: Ticket,
})

export const replyTicket = endpoint({
  method: 'POST',
  path: '/v1/support/tickets/{id}/replies',
  roles: ALL_ROLES,
  tag,
  summary: 'Reply on an open ticket (customers their own; staff any, and the customer is e-mailed).',
  params: IdParams,
  body: z.strictObject({ content: TicketContent, images: Images }),
  data: Ticket,
  successStatus: 201,
})

export const closeTicket = endpoint({
  method: 'PUT',
  path: '/v1/support/tickets/{id}/close',
  roles: ALL_ROLES,
  tag,
  summary: 'Close a ticket: it takes no more replies (customers their own; staff any).',
  params: IdParams,
  data: Ticket,
})

export const reopenTicket = endpoint({
  method: 'PUT',
  path: '/v1/support/tickets/{id}/reopen',
  roles: STAFF_ROLES,
  tag,
  summary: 'Reopen a closed ticket (staff; audit-logged).',
  params: IdParams,
  data: Ticket,
})

export const listAllTickets = endpoint({
  method: 'GET',
  path: '/v1/support/tickets/all',
  roles: STAFF_ROLES,
  tag,
  summary:
    "Every customer's tickets (or one customer's: `user_id`), filtered by status and searched by title, content or e-mail.",
  query: z.strictObject({
    ...pageQueryFields,
    user_id: Id.optional(),
    status: z.enum(TicketStatus).optional(),
    keyword: z.string().trim().max(255).optional(),
  }),
  data: pageOf(TicketSummary),
})

export const uploadTicketImage = endpoint({
  method: 'POST',
  path: '/v1/support/upload-image',
  roles: ALL_ROLES,
  tag,
  summary: 'Upload an image for a ticket or a reply (multipart field `file`, at most 10 MB, judged by content).',
  upload: { maxBytes: IMAGE_MAX_BYTES },
  data: z.object({ path: z.string() }),
  successStatus: 201,
})

export const TicketChoice = z.object({ id: z.string(), label: z.string() })

export const ticketReferences = endpoint({
  method: 'GET',
  path: '/v1/support/references',
  roles: ALL_ROLES,
  tag,
  summary: 'Your keys, bills and maps a ticket can point at (newest first, at most 100 of each).',
  data: z.object({ key: z.array(TicketChoice), bill: z.array(TicketChoice), map: z.array(TicketChoice) }),
})
