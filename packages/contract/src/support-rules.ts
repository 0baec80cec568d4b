import type { Check } from './problem.ts'

// docs/requirements.md §15: a ticket's or FAQ's title and content are required, content not too short;
// a category name is required and unique; ticket images at most 10 MB (§17.2). The same checks run in the
// forms and, through the schemas of support.ts and faqs.ts, on the server.

export const TICKET_TITLE_MAX = 255
/** "Content must not be too short": a question of fewer characters cannot be answered. */
export const TICKET_CONTENT_MIN = 10
export const TICKET_CONTENT_MAX = 5000
/** Images per ticket message (the first question or a reply). */
export const TICKET_IMAGES_MAX = 5
export const FAQ_IMAGES_MAX = 5
export const FAQ_TITLE_MAX = 255
export const FAQ_TEXT_MAX = 8000
export const FAQ_CATEGORY_NAME_MAX = 100
/** How many published entries the ticket form suggests while a title is typed. */
export const FAQ_SUGGESTIONS = 5

export const TicketStatus = ['open', 'closed'] as const
export type TicketStatus = (typeof TicketStatus)[number]
export const FaqStatus = ['open', 'closed'] as const
export type FaqStatus = (typeof FaqStatus)[number]
/** What a ticket may point at: one of the customer's own keys, bills or maps. */
export const TicketReferenceType = ['key', 'bill', 'map'] as const
export type TicketReferenceType = (typeof TicketReferenceType)[number]

export const checkTicketTitle: Check<string> = (value) => {
  const text = value.trim()
  if (!text) return { key: 'support.titleRequired' }
  if (text.length > TICKET_TITLE_MAX) return { key: 'validation.text.tooLong', params: { max: TICKET_TITLE_MAX } }
  return null
}

export const checkTicketContent: Check<string> = (value) => {
  const text = value.trim()
  if (!text) return { key: 'support.contentRequired' }
  if (text.length < TICKET_CONTENT_MIN) return { key: 'support.contentTooShort', params: { min: TICKET_CONTENT_MIN } }
  if (text.length > TICKET_CONTENT_MAX) return { key: 'validation.text.tooLong', params: { max: TICKET_CONTENT_MAX } }
  return null
}

export const checkFaqTitle: Check<string> = (value) => {
  const text = value.trim()
  if (!text) return { key: 'faqs.titleRequired' }
  if (text.length > FAQ_TITLE_MAX) return { key: 'validation.text.tooLong', params: { max: FAQ_TITLE_MAX } }
  return null
}

/** The question and the answer of an FAQ entry: required, not too short (docs/requirements.md §15.1). */
export const checkFaqText: Check<string> = (value) => {
  const text = value.trim()
  if (!text) return { key: 'faqs.contentRequired' }
  if (text.length < TICKET_CONTENT_MIN) return { key: 'support.contentTooShort', params: { min: TICKET_CONTENT_MIN } }
  if (text.length > FAQ_TEXT_MAX) return { key: 'validation.text.tooLong', params: { max: FAQ_TEXT_MAX } }
  return null
}

export const checkCategoryName: Check<string> = (value) => {
  const text = value.trim()
  if (!text) return { key: 'faqs.categoryNameRequired' }
  if (text.length > FAQ_CATEGORY_NAME_MAX)
    return { key: 'validation.text.tooLong', params: { max: FAQ_CATEGORY_NAME_MAX } }
  return null
}
