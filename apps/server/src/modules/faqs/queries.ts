import { type Faq, type FaqCategory, inLanguage, joinName, type Lang, type PublishedFaq } from '@app/contract'
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { faqCategories, faqs, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'

// The FAQs' queries. `toFaqCategory` and `toFaq` are the only places a row becomes an API answer.

type FaqCategoryRow = typeof faqCategories.$inferSelect
type FaqRow = typeof faqs.$inferSelect

export interface Page {
  limit: number
  offset: number
}

// Spelled out: inside a sub-select drizzle would leave `faq_categories.id` unqualified.
const entriesOf = sql<number>`(select count(*)::int from ${faqs} f where f.category_id = ${faqCategories}.id)`

function toFaqCategory(row: FaqCategoryRow, entries: number): FaqCategory {
  return {
    id: row.id,
    name: row.name,
    translations: row.translations,
    faqs: entries,
    created_at: row.createdAt.toISOString(),
  }
}

export async function listCategories(db: Db, keyword: string | undefined, page: Page) {
  const like = keyword ? `%${escapeLike(keyword)}%` : undefined
  const where = like
    ? or(ilike(faqCategories.name, like), ilike(sql`${faqCategories.translations}::text`, like))
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({ category: faqCategories, entries: entriesOf })
      .from(faqCategories)
      .where(where)
      .orderBy(asc(sql`lower(${faqCategories.name})`), asc(faqCategories.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(faqCategories).where(where),
  ])
  return { items: rows.map((r) => toFaqCategory(r.category, r.entries)), total: total?.value ?? 0 }
}

export async function findCategory(db: Db, id: string): Promise<FaqCategory | null> {
  const [row] = await db
    .select({ category: faqCategories, entries: entriesOf })
    .from(faqCategories)
    .where(eq(faqCategories.id, id))
    .limit(1)
  return row ? toFaqCategory(row.category, row.entries) : null
}

const selection = {
  faq: faqs,
  category: { id: faqCategories.id, name: faqCategories.name, translations: faqCategories.translations },
  author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
}

type Selected = {
  faq: FaqRow
  category: { id: string; name: string; translations: FaqCategoryRow['translations'] }
  author: { id: string; firstName: string | null; lastName: string | null } | null
}

function toFaq(row: Selected): Faq {
  return {
    id: row.faq.id,
    category: { id: row.category.id, name: row.category.name },
    title: row.faq.title,
    question: row.faq.question,
    answer: row.faq.answer,
    images: row.faq.images,
    translations: row.faq.translations,
    status: row.faq.status,
    answered_by: row.author
      ? { id: row.author.id, full_name: joinName(row.author.firstName, row.author.lastName) }
      : null,
    time: row.faq.answeredAt.toISOString(),
    created_at: row.faq.createdAt.toISOString(),
  }
}

function baseQuery(db: Db) {
  return db
    .select(selection)
    .from(faqs)
    .innerJoin(faqCategories, eq(faqCategories.id, faqs.categoryId))
    .leftJoin(users, eq(users.id, faqs.answeredBy))
}

export interface FaqFilter {
  keyword?: string
  categoryId?: string
  status?: FaqRow['status']
}

function whereOf(filter: FaqFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.categoryId) conditions.push(eq(faqs.categoryId, filter.categoryId))
  if (filter.status) conditions.push(eq(faqs.status, filter.status))
  if (filter.keyword) {
    // Each word must appear somewhere in the entry, so "reset key" finds "How do I reset an API key?".
    for (const word of filter.keyword.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const like = `%${escapeLike(word)}%`
      const match = or(
        ilike(faqs.title, like),
        ilike(faqs.question, like),
        ilike(faqs.answer, like),
        ilike(sql`${faqs.translations}::text`, like),
      )
      if (match) conditions.push(match)
    }
  }
  return conditions.length ? and(...conditions) : undefined
}

export async function listFaqs(db: Db, filter: FaqFilter, page: Page) {
  const where = whereOf(filter)
  const [rows, [total]] = await Promise.all([
    baseQuery(db).where(where).orderBy(desc(faqs.updatedAt), desc(faqs.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(faqs).where(where),
  ])
  return { items: rows.map(toFaq), total: total?.value ?? 0 }
}

export async function findFaq(db: Db, id: string): Promise<Faq | null> {
  const [row] = await baseQuery(db).where(eq(faqs.id, id)).limit(1)
  return row ? toFaq(row) : null
}

/** The words of a search as full-text terms: runs of letters and digits in any script, at most 12. */
function searchTerms(keyword: string): string[] {
  return (keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12)
}

/**
 * A published entry as a full-text document: the title weighs most, then the question, then the
 * answer. PostgreSQL's `english` configuration stems ("answers" finds "answer") and drops stop words
 * ("my", "not"); it is built into PostgreSQL and PGlite alike. The Burmese and Vietnamese words count
 * too, unstemmed (`simple`: PostgreSQL has no configuration for either language).
 */
const faqDocument = sql`(setweight(to_tsvector('english', ${faqs.title}), 'A') || setweight(to_tsvector('english', ${faqs.question}), 'B') || setweight(to_tsvector('english', ${faqs.answer}), 'C') || setweight(jsonb_to_tsvector('simple', ${faqs.translations}, '["string"]'), 'C'))`

/**
 * The published search (docs/support.md "FAQ search"): an entry matches when any word of the search
 * matches a word of it (as a prefix, stemmed), or when it contains every word as typed (scripts
 * written without spaces, such as Burmese, and stop words alone); the best matches come first.
 */
function publishedSearch(keyword: string | undefined) {
  const terms = keyword ? searchTerms(keyword) : []
  if (terms.length === 0) return null
  const words = terms.map((term) => `${term}:*`).join(' | ')
  const query = sql`(to_tsquery('english', ${words}) || to_tsquery('simple', ${words}))`
  const typed = whereOf({ keyword })
  return {
    where: typed ? sql`(${faqDocument} @@ ${query} or ${typed})` : sql`${faqDocument} @@ ${query}`,
    rank: sql`ts_rank_cd(${faqDocument}, ${query})`,
  }
}

/**
 * Published entries, by category name then title, or by relevance when searching; the categories
 * that hold at least one of them.
 */
export async function listPublished(
  db: Db,
  filter: { keyword?: string; categoryId?: string },
  limit: number,
  lang: Lang,
): Promise<{ categories: { id: string; name: string; lang: Lang }[]; items: PublishedFaq[] }> {
  const search = publishedSearch(filter.keyword)
  const scope = whereOf({ status: 'open', ...(filter.categoryId ? { categoryId: filter.categoryId } : {}) })
  const [rows, categories] = await Promise.all([
    search
      ? baseQuery(db)
          .where(and(scope, search.where))
          .orderBy(desc(search.rank), asc(faqs.title), asc(faqs.id))
          .limit(limit)
      : baseQuery(db)
          .where(scope)
          .orderBy(asc(sql`lower(${faqCategories.name})`), asc(faqs.title), asc(faqs.id))
          .limit(limit),
    db
      .selectDistinct({ id: faqCategories.id, name: faqCategories.name, translations: faqCategories.translations })
      .from(faqCategories)
      .innerJoin(faqs, and(eq(faqs.categoryId, faqCategories.id), eq(faqs.status, 'open'))),
  ])
  // Categories by their name in the reader's language (English names where they have none).
  const order = new Intl.Collator(lang, { sensitivity: 'base' })
  return {
    categories: categories
      .map((c) => {
        const read = inLanguage({ name: c.name }, c.translations, lang)
        return { id: c.id, name: read.words.name, lang: read.lang }
      })
      .sort((a, b) => order.compare(a.name, b.name) || a.id.localeCompare(b.id)),
    items: rows.map((row) => {
      const { status: _status, created_at: _created, translations, ...published } = toFaq(row)
      const { title, question, answer } = published
      const read = inLanguage({ title, question, answer }, translations, lang)
      const category = inLanguage({ name: row.category.name }, row.category.translations, lang).words
      return { ...published, ...read.words, category: { id: row.category.id, name: category.name }, lang: read.lang }
    }),
  }
}
