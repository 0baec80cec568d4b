import { z } from 'zod'
import { Done, Id, IdParams, IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { IMAGE_MAX_BYTES } from './limits.ts'
import { refineWith } from './problem.ts'
import { ALL_ROLES, STAFF_ROLES } from './roles.ts'
import { UploadedImagePath } from './support.ts'
import { checkCategoryName, checkFaqText, checkFaqTitle, FAQ_IMAGES_MAX, FaqStatus } from './support-rules.ts'

// FAQs (docs/requirements.md §15.2, docs/support.md): /faqs and /administrator/faqs; an FAQ has a
// category, title, question, answer, answered by, status open/closed, images and time; a category name
// is required and unique ("Category name is exist"). The calls follow the others' style under /v1/faqs and
// /v1/faq-categories. "open" entries are the published ones customers see on /faqs.

const tag = 'FAQs'

export const CategoryName = z
  .string()
  .superRefine(refineWith(checkCategoryName))
  .transform((v) => v.trim())

/** A category's name in Burmese and Vietnamese where staff gave one (issue 20); readers of a missing language read English. */
export const FaqCategoryTranslations = z.object({
  my: z.object({ name: z.string() }).optional(),
  vi: z.object({ name: z.string() }).optional(),
})
export type FaqCategoryTranslations = z.infer<typeof FaqCategoryTranslations>

export const FaqCategory = z.object({
  id: z.string(),
  name: z.string(),
  translations: FaqCategoryTranslations,
  /** Entries in the category (any status). */
  faqs: z.number().int(),
  created_at: IsoDateTime,
})
export type FaqCategory = z.infer<typeof FaqCategory>

/** An entry's words in one language. */
const FaqText = z.object({ title: z.string(), question: z.string(), answer: z.string() })

/**
 * The entry in Burmese and Vietnamese where staff wrote it (issue 20). English — the entry's own
 * title, question and answer — is always written, and is what a reader of a missing language reads.
 */
export const FaqTranslations = z.object({ my: FaqText.optional(), vi: FaqText.optional() })
export type FaqTranslations = z.infer<typeof FaqTranslations>

export const Faq = z.object({
  id: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  images: z.array(z.string()),
  translations: FaqTranslations,
  status: z.enum(FaqStatus),
  /** The staff member who wrote the current answer. */
  answered_by: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  /** When the answer was last written. */
  time: IsoDateTime,
  created_at: IsoDateTime,
})
export type Faq = z.infer<typeof Faq>

const Title = z
  .string()
  .superRefine(refineWith(checkFaqTitle))
  .transform((v) => v.trim())
const Text = z
  .string()
  .superRefine(refineWith(checkFaqText))
  .transform((v) => v.trim())

/** One language's words: all three, checked as the English ones are. */
const FaqTextBody = z.strictObject({ title: Title, question: Text, answer: Text })

const FaqBody = z.strictObject({
  /** Missing or empty: "Choose a category"; an id of no category: "Category not found" (the server's check). */
  category_id: z
    .string({ error: 'faqs.categoryRequired' })
    .min(1, { error: 'faqs.categoryRequired' })
    .regex(/^[a-z]{2,5}_[0-9a-z]{26}$/, { error: 'faqs.categoryNotFound' }),
  title: Title,
  question: Text,
  answer: Text,
  images: z.array(UploadedImagePath).max(FAQ_IMAGES_MAX, { error: 'support.tooManyImages' }).default([]),
  /** Burmese and Vietnamese words, each language whole or left out (then its readers read English). */
  translations: z.strictObject({ my: FaqTextBody.optional(), vi: FaqTextBody.optional() }).default({}),
  status: z.enum(FaqStatus).default('open'),
})

/** A category: its English name (unique, ignoring case) and, optionally, its Burmese and Vietnamese names. */
const FaqCategoryBody = z.strictObject({
  name: CategoryName,
  translations: z
    .strictObject({
      my: z.strictObject({ name: CategoryName }).optional(),
      vi: z.strictObject({ name: CategoryName }).optional(),
    })
    .default({}),
})

export const listFaqCategories = endpoint({
  method: 'GET',
  path: '/v1/faq-categories',
  roles: STAFF_ROLES,
  tag,
  summary: 'FAQ categories by name, with how many entries each holds.',
  query: z.strictObject({ ...pageQueryFields, keyword: z.string().trim().max(255).optional() }),
  data: pageOf(FaqCategory),
})

export const createFaqCategory = endpoint({
  method: 'POST',
  path: '/v1/faq-categories',
  roles: STAFF_ROLES,
  tag,
  summary: 'Create a category (the name is required and unique, ignoring case).',
  body: FaqCategoryBody,
  data: FaqCategory,
  successStatus: 201,
})

export const updateFaqCategory = endpoint({
  method: 'PUT',
  path: '/v1/faq-categories/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Rename a category (in English, and in Burmese and Vietnamese).',
  params: IdParams,
  body: FaqCategoryBody,
  data: FaqCategory,
})

export const deleteFaqCategory = endpoint({
  method: 'DELETE',
  path: '/v1/faq-categories/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Delete an empty category (one that still holds entries is refused).',
  params: IdParams,
  data: Done,
})

export const listFaqs = endpoint({
  method: 'GET',
  path: '/v1/faqs',
  roles: STAFF_ROLES,
  tag,
  summary: 'Every FAQ entry, filtered by category and status, searched in title, question and answer.',
  query: z.strictObject({
    ...pageQueryFields,
    keyword: z.string().trim().max(255).optional(),
    category_id: Id.optional(),
    status: z.enum(FaqStatus).optional(),
  }),
  data: pageOf(Faq),
})

export const getFaq = endpoint({
  method: 'GET',
  path: '/v1/faqs/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'One FAQ entry.',
  params: IdParams,
  data: Faq,
})

export const createFaq = endpoint({
  method: 'POST',
  path: '/v1/faqs',
  roles: STAFF_ROLES,
  tag,
  summary: 'Write an FAQ entry; its author is recorded as the one who answered.',
  body: FaqBody,
  data: Faq,
  successStatus: 201,
})

export const updateFaq = endpoint({
  method: 'PUT',
  path: '/v1/faqs/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Edit an FAQ entry, publish it (open) or withdraw it (closed).',
  params: IdParams,
  body: FaqBody,
  data: Faq,
})

export const deleteFaq = endpoint({
  method: 'DELETE',
  path: '/v1/faqs/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Delete an FAQ entry.',
  params: IdParams,
  data: Done,
})

export const uploadFaqImage = endpoint({
  method: 'POST',
  path: '/v1/faqs/upload-image',
  roles: STAFF_ROLES,
  tag,
  summary: 'Upload an image for an FAQ entry (multipart field `file`, at most 10 MB, judged by content).',
  upload: { maxBytes: IMAGE_MAX_BYTES },
  data: z.object({ path: z.string() }),
  successStatus: 201,
})

/**
 * A published entry in the reader's language (their `Accept-Language`): `lang` says which language
 * its words are in — English when the entry has none in theirs.
 */
export const PublishedFaq = Faq.omit({ status: true, created_at: true, translations: true }).extend({
  lang: z.enum(['en', 'my', 'vi']),
})
export type PublishedFaq = z.infer<typeof PublishedFaq>

export const publishedFaqs = endpoint({
  method: 'GET',
  path: '/v1/faqs/published',
  roles: ALL_ROLES,
  tag,
  summary:
    'Published (open) FAQ entries in the reader’s language (English where an entry has none in it) and their categories, searched in every language they are written in.',
  query: z.strictObject({
    keyword: z.string().trim().max(255).optional(),
    category_id: Id.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(500),
  }),
  data: z.object({
    /** In the reader's language where the category has a name in it (`lang` says which). */
    categories: z.array(z.object({ id: z.string(), name: z.string(), lang: z.enum(['en', 'my', 'vi']) })),
    items: z.array(PublishedFaq),
  }),
})
