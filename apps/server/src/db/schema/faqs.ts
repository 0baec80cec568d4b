import type { FaqCategoryTranslations, FaqTranslations } from '@app/contract'
import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/** FAQ categories (docs/requirements.md §15.2): the name is unique whatever its case ("Category name is exist"). */
export const faqCategories = pgTable(
  'faq_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Its name in Burmese and Vietnamese, where staff gave one (docs/support.md "FAQs in three languages"). */
    translations: jsonb('translations').$type<FaqCategoryTranslations>().notNull().default({}),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('faq_categories_name_key').on(sql`lower(${t.name})`)],
)

/** FAQ entries (docs/requirements.md §15.2). `open` entries are published on /faqs; `closed` ones only staff see. */
export const faqs = pgTable(
  'faqs',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Burmese and Vietnamese words of the entry, where staff wrote them (docs/support.md "FAQs in three languages"). */
    translations: jsonb('translations').$type<FaqTranslations>().notNull().default({}),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    answeredBy: text('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: tstz('answered_at').notNull(),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('faqs_category_idx').on(t.categoryId, t.status),
    check('faqs_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
)
