import * as contract from '@app/contract'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { call, errorEnvelope, fieldsOf, upload, userWithToken, useTestApp } from '../../../test/helpers.ts'
import { auditLog } from '../../db/schema/index.ts'

// FAQs (/faqs and /administrator/faqs, docs/requirements.md §15.2):
// staff keep categories and entries (audit-logged); customers read and search the published ones.

const MISSING_CATEGORY = `fqc_${'0'.repeat(26)}`
const MISSING_FAQ = `faq_${'0'.repeat(26)}`
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer()

describe('FAQs', async () => {
  const t = await useTestApp()
  const support = await userWithToken(t, ['support'])
  const admin = await userWithToken(t, ['admin'])
  const customer = await userWithToken(t, ['customer'])
  let serial = 0

  async function category(name = `Category ${++serial}`) {
    const res = await call(t, contract.createFaqCategory, { body: { name } }, { token: support.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  const entry = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
    category_id: categoryId,
    title: 'Rolling a key',
    question: 'How do I change a key without downtime?',
    answer: 'Roll it with a grace period of up to 72 hours, then update your apps.',
    images: [],
    status: 'open' as const,
    ...overrides,
  })

  async function faq(categoryId: string, overrides: Record<string, unknown> = {}) {
    const res = await call(t, contract.createFaq, { body: entry(categoryId, overrides) }, { token: support.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  it('keeps category names unique whatever their case: "Category name is exist"', async () => {
    const made = await category('Billing and payments')
    expect(made).toMatchObject({ name: 'Billing and payments', faqs: 0 })
    const again = await call(
      t,
      contract.createFaqCategory,
      { body: { name: ' billing AND payments ' } },
      { token: admin.token },
    )
    expect(again.status).toBe(409)
    expect(errorEnvelope(again.body)).toMatchObject({
      error_code: 'CATEGORY_EXISTS',
      message: 'Category name is exist',
    })
    const vi = await call(
      t,
      contract.createFaqCategory,
      { body: { name: 'BILLING and payments' } },
      { token: admin.token, lang: 'vi' },
    )
    expect(vi.body.message).toBe('Tên danh mục đã tồn tại')

    const other = await category('Keys')
    const clash = await call(
      t,
      contract.updateFaqCategory,
      { params: { id: other.id }, body: { name: 'Billing and Payments' } },
      { token: support.token },
    )
    expect(clash.status).toBe(409)
    const renamed = await call(
      t,
      contract.updateFaqCategory,
      { params: { id: other.id }, body: { name: 'API keys' } },
      { token: support.token },
    )
    expect(renamed.body.data.name).toBe('API keys')
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'faqs.category.update'), eq(auditLog.targetId, other.id)))
    expect(audit).toMatchObject({ actorId: support.user.id, before: { name: 'Keys' }, after: { name: 'API keys' } })

    const empty = await call(t, contract.createFaqCategory, { body: { name: '   ' } }, { token: support.token })
    expect(empty.status).toBe(400)
    expect(fieldsOf(errorEnvelope(empty.body))).toEqual({ name: 'Please enter a category name' })
    const listed = await call(
      t,
      contract.listFaqCategories,
      { query: { keyword: 'billing' } },
      { token: support.token },
    )
    expect(listed.body.data.items.map((c) => c.name)).toEqual(['Billing and payments'])
  })

  it('writes, edits and deletes entries, recording who answered and when', async () => {
    const cat = await category()
    const image = await upload(
      t,
      contract.uploadFaqImage,
      { data: await png(), filename: 'a.png' },
      { token: support.token },
    )
    expect(image.status).toBe(201)
    const made = await faq(cat.id, { images: [image.body.data.path], status: 'closed' })
    expect(made).toMatchObject({
      category: { id: cat.id, name: cat.name },
      status: 'closed',
      images: [image.body.data.path],
      answered_by: { id: support.user.id, full_name: 'Test User' },
    })
    const [created] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'faqs.create'), eq(auditLog.targetId, made.id)))
    expect(created?.actorId).toBe(support.user.id)

    t.clock.advance(60_000)
    const edited = await call(
      t,
      contract.updateFaq,
      {
        params: { id: made.id },
        body: entry(cat.id, { answer: 'A new answer written by an administrator.', images: [image.body.data.path] }),
      },
      { token: admin.token },
    )
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data).toMatchObject({ status: 'open', answered_by: { id: admin.user.id } })
    expect(Date.parse(edited.body.data.time)).toBeGreaterThan(Date.parse(made.time))

    const fetched = await call(t, contract.getFaq, { params: { id: made.id } }, { token: support.token })
    expect(fetched.body.data.answer).toBe('A new answer written by an administrator.')

    const inUse = await call(t, contract.deleteFaqCategory, { params: { id: cat.id } }, { token: support.token })
    expect(inUse.status).toBe(422)
    expect(errorEnvelope(inUse.body).error_code).toBe('CATEGORY_IN_USE')

    const gone = await call(t, contract.deleteFaq, { params: { id: made.id } }, { token: support.token })
    expect(gone.status).toBe(200)
    expect((await call(t, contract.getFaq, { params: { id: made.id } }, { token: support.token })).status).toBe(404)
    expect(
      (await call(t, contract.deleteFaqCategory, { params: { id: cat.id } }, { token: support.token })).status,
    ).toBe(200)
    expect((await call(t, contract.deleteFaq, { params: { id: MISSING_FAQ } }, { token: support.token })).status).toBe(
      404,
    )
  })

  it('refuses entries with missing fields, an unknown category or an image not uploaded for FAQs', async () => {
    const cat = await category()
    const bad = await call(
      t,
      contract.createFaq,
      { body: entry(cat.id, { title: '', question: 'short', answer: '' }) },
      { token: support.token },
    )
    expect(bad.status).toBe(400)
    expect(fieldsOf(errorEnvelope(bad.body))).toEqual({
      title: 'Please enter a title',
      question: 'The content is too short: at least 10 characters',
      answer: 'Please enter the question and the answer',
    })
    const unknown = await call(t, contract.createFaq, { body: entry(MISSING_CATEGORY) }, { token: support.token })
    expect(fieldsOf(errorEnvelope(unknown.body))).toEqual({ category_id: 'Category not found' })
    // No category chosen is told to choose one (issue 21: it was told "Category not found").
    for (const category_id of ['', undefined]) {
      const none = await call(
        t,
        contract.createFaq,
        { body: { ...entry(cat.id), category_id } as never },
        { token: support.token },
      )
      expect(none.status).toBe(400)
      expect(fieldsOf(errorEnvelope(none.body))).toEqual({ category_id: 'Choose a category' })
    }

    const ticketImage = await upload(t, contract.uploadTicketImage, { data: await png() }, { token: support.token })
    const wrong = await call(
      t,
      contract.createFaq,
      { body: entry(cat.id, { images: [ticketImage.body.data.path] }) },
      { token: support.token },
    )
    expect(fieldsOf(errorEnvelope(wrong.body))).toEqual({ images: 'Images must be uploaded to this ticket first' })

    const renamed = await upload(
      t,
      contract.uploadFaqImage,
      { data: Buffer.from('<svg onload=alert(1)>'), filename: 'x.png' },
      { token: support.token },
    )
    expect(errorEnvelope(renamed.body).error_code).toBe('INVALID_IMAGE')
  })

  it('keeps an entry in Burmese and Vietnamese, and gives each reader their language or English', async () => {
    const cat = await category('Payments in three languages')
    const burmese = {
      title: 'ငွေဖြည့်ရန် ငွေလွှဲခြင်း',
      question: 'ဘဏ်မှ ငွေလွှဲပြီး လက်ကျန်ငွေ ဘယ်လိုဖြည့်ရမလဲ',
      answer: 'ငွေပေးချေမှု စာမျက်နှာတွင် ငွေလွှဲကြောင်း ကြေညာပါ။',
    }
    const made = await faq(cat.id, {
      title: 'Topping up by bank transfer',
      question: 'How do I top up my balance by a bank transfer?',
      answer: 'Declare the transfer on the payment page; staff confirm it once the money arrives.',
      translations: { my: { ...burmese, title: `  ${burmese.title}  ` } },
    })
    // Trimmed as the English words are; no Vietnamese was written.
    expect(made.translations).toEqual({ my: burmese })
    const read = async (lang: contract.Lang) => {
      const res = await call(
        t,
        contract.publishedFaqs,
        { query: { category_id: cat.id } },
        { token: customer.token, lang },
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const item = res.body.data.items.find((i) => i.id === made.id)
      return item && { lang: item.lang, title: item.title, question: item.question, answer: item.answer }
    }
    expect(await read('my')).toEqual({ lang: 'my', ...burmese })
    expect(await read('en')).toMatchObject({ lang: 'en', title: 'Topping up by bank transfer' })
    expect(await read('vi')).toMatchObject({ lang: 'en', title: 'Topping up by bank transfer' })
    expect(
      (await call(t, contract.publishedFaqs, {}, { token: customer.token })).body.data.items[0],
    ).not.toHaveProperty('translations')
    // A search in Burmese finds it whatever the reader's language.
    const found = await call(t, contract.publishedFaqs, { query: { keyword: 'ငွေလွှဲ' } }, { token: customer.token })
    expect(found.body.data.items.map((i) => i.id)).toContain(made.id)

    // Staff add Vietnamese; the Vietnamese answer is theirs now, and the audit row keeps both versions.
    const vietnamese = {
      title: 'Nạp tiền bằng chuyển khoản',
      question: 'Làm sao để nạp tiền vào số dư bằng chuyển khoản?',
      answer: 'Khai báo giao dịch ở trang thanh toán; nhân viên xác nhận khi tiền về.',
    }
    const edited = await call(
      t,
      contract.updateFaq,
      {
        params: { id: made.id },
        body: {
          ...entry(cat.id, { title: made.title, question: made.question, answer: made.answer }),
          translations: { my: burmese, vi: vietnamese },
        },
      },
      { token: admin.token },
    )
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data.answered_by?.id).toBe(admin.user.id)
    expect(await read('vi')).toEqual({ lang: 'vi', ...vietnamese })
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'faqs.update'), eq(auditLog.targetId, made.id)))
    expect(audit?.before).toMatchObject({ translations: { my: burmese } })
    expect(audit?.after).toMatchObject({ translations: { my: burmese, vi: vietnamese } })
  })

  it('names a category in Burmese and Vietnamese for their readers, English for the others', async () => {
    const made = await call(
      t,
      contract.createFaqCategory,
      { body: { name: 'Maps in three languages', translations: { my: { name: ' မြေပုံများ ' } } } },
      { token: support.token },
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.data.translations).toEqual({ my: { name: 'မြေပုံများ' } })
    const cat = made.body.data
    await faq(cat.id, { title: `Layers of a map ${serial}` })
    const read = async (lang: contract.Lang) => {
      const res = await call(
        t,
        contract.publishedFaqs,
        { query: { category_id: cat.id } },
        { token: customer.token, lang },
      )
      return {
        category: res.body.data.categories.find((c) => c.id === cat.id),
        entry: res.body.data.items[0]?.category,
      }
    }
    expect(await read('my')).toEqual({
      category: { id: cat.id, name: 'မြေပုံများ', lang: 'my' },
      entry: { id: cat.id, name: 'မြေပုံများ' },
    })
    expect((await read('vi')).category).toEqual({ id: cat.id, name: 'Maps in three languages', lang: 'en' })

    const renamed = await call(
      t,
      contract.updateFaqCategory,
      {
        params: { id: cat.id },
        body: { name: 'Maps in three languages', translations: { vi: { name: 'Bản đồ' } } },
      },
      { token: admin.token },
    )
    expect(renamed.status).toBe(200)
    expect((await read('vi')).category).toEqual({ id: cat.id, name: 'Bản đồ', lang: 'vi' })
    expect((await read('my')).category).toMatchObject({ name: 'Maps in three languages', lang: 'en' })
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'faqs.category.update'), eq(auditLog.targetId, cat.id)))
    expect(audit?.before).toEqual({ name: 'Maps in three languages', translations: { my: { name: 'မြေပုံများ' } } })
    expect(audit?.after).toEqual({ name: 'Maps in three languages', translations: { vi: { name: 'Bản đồ' } } })
    // Staff find it by its Vietnamese name.
    const found = await call(t, contract.listFaqCategories, { query: { keyword: 'bản đồ' } }, { token: admin.token })
    expect(found.body.data.items.map((c) => c.id)).toEqual([cat.id])
    // A translated name is checked as the English one is; other languages are refused.
    const blank = await call(
      t,
      contract.createFaqCategory,
      { body: { name: 'Blank Burmese', translations: { my: { name: '  ' } } } },
      { token: support.token },
    )
    expect(blank.status).toBe(400)
    expect(Object.keys(fieldsOf(blank.body))).toEqual(['translations.my.name'])
    const french = await call(
      t,
      contract.createFaqCategory,
      { body: { name: 'French', translations: { fr: { name: 'Cartes' } } } as never },
      { token: support.token },
    )
    expect(french.status).toBe(400)
  })

  it('refuses a language written in part, naming its fields', async () => {
    const cat = await category()
    const res = await call(
      t,
      contract.createFaq,
      { body: entry(cat.id, { translations: { vi: { title: 'Chỉ có tiêu đề', question: '', answer: 'ngắn' } } }) },
      { token: support.token, lang: 'vi' },
    )
    expect(res.status).toBe(400)
    expect(Object.keys(fieldsOf(errorEnvelope(res.body))).sort()).toEqual([
      'translations.vi.answer',
      'translations.vi.question',
    ])
    const unknown = await call(
      t,
      contract.createFaq,
      { body: entry(cat.id, { translations: { fr: { title: 'Clé', question: 'Question ?', answer: 'Réponse.' } } }) },
      { token: support.token },
    )
    expect(unknown.status).toBe(400)
  })

  it('ranks published entries by relevance: a ticket title finds the entry it is about (issue 20)', async () => {
    const cat = await category('Keys and restrictions')
    const origin = await faq(cat.id, {
      title: 'Why does my key answer ORIGIN_NOT_ALLOWED?',
      question: 'Calls from my web page are refused with ORIGIN_NOT_ALLOWED.',
      answer: 'Add the page’s origin to the key’s allowed websites.',
    })
    const keys = await faq(cat.id, {
      title: 'How many keys can I create?',
      question: 'Is there a limit on keys?',
      answer: 'Up to 100 keys per account.',
    })
    const burmese = await faq(cat.id, {
      title: 'ငွေဖြည့်နည်း',
      question: 'လက်ကျန်ငွေကို ဘယ်လိုဖြည့်ရမလဲ',
      answer: 'ငွေပေးချေမှု စာမျက်နှာတွင် ဖြည့်ပါ။',
    })
    const search = async (keyword: string) =>
      (await call(t, contract.publishedFaqs, { query: { keyword } }, { token: customer.token })).body.data.items.map(
        (i) => i.id,
      )
    // Not every word has to match ("my", "answers" are not in the entry as typed), and the entry about
    // the error ranks above one that only shares "key".
    const found = await search('My key answers ORIGIN_NOT_ALLOWED')
    expect(found[0]).toBe(origin.id)
    expect(found).toContain(keys.id)
    expect(found.indexOf(origin.id)).toBeLessThan(found.indexOf(keys.id))
    // Burmese is written without spaces between words: a part of the text still finds it.
    expect(await search('ငွေဖြည့်')).toContain(burmese.id)
    // Only stop words: still the entries that contain them as typed.
    expect(await search('how many')).toContain(keys.id)
  })

  it('shows customers only published entries, searchable by words in any order', async () => {
    const cat = await category('Usage and quotas')
    const published = await faq(cat.id, {
      title: 'Why is my quota exceeded?',
      question: 'My requests answer QUOTA_EXCEEDED before the month ends.',
      answer: 'Your plan caps requests per minute, day and month; upgrade or wait for the window.',
    })
    const hidden = await faq(cat.id, { title: 'Internal draft about quotas', status: 'closed' })

    const all = await call(t, contract.publishedFaqs, {}, { token: customer.token })
    const ids = all.body.data.items.map((i) => i.id)
    expect(ids).toContain(published.id)
    expect(ids).not.toContain(hidden.id)
    expect(all.body.data.categories).toContainEqual({ id: cat.id, name: 'Usage and quotas', lang: 'en' })
    expect(all.body.data.items[0]).not.toHaveProperty('status')

    const search = await call(
      t,
      contract.publishedFaqs,
      { query: { keyword: 'exceeded quota' } },
      { token: customer.token },
    )
    expect(search.body.data.items[0]?.id).toBe(published.id)
    const none = await call(t, contract.publishedFaqs, { query: { keyword: 'draft' } }, { token: customer.token })
    expect(none.body.data.items).toEqual([])

    for (const endpoint of [contract.listFaqs, contract.listFaqCategories]) {
      const refused = await call(t, endpoint, {}, { token: customer.token })
      expect(refused.status).toBe(403)
    }
    const create = await call(t, contract.createFaq, { body: entry(cat.id) }, { token: customer.token })
    expect(create.status).toBe(403)
    const staffList = await call(
      t,
      contract.listFaqs,
      { query: { category_id: cat.id, status: 'closed' } },
      { token: support.token },
    )
    expect(staffList.body.data.items.map((i) => i.id)).toEqual([hidden.id])
  })
})
