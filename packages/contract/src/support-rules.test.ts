import { describe, expect, it } from 'vitest'
import {
  checkCategoryName,
  checkFaqText,
  checkFaqTitle,
  checkTicketContent,
  checkTicketTitle,
  FAQ_CATEGORY_NAME_MAX,
  FAQ_TEXT_MAX,
  TICKET_CONTENT_MAX,
  TICKET_CONTENT_MIN,
  TICKET_TITLE_MAX,
} from './support-rules.ts'

// docs/requirements.md §15: title and content required, content not too short, a category name
// required and unique — the uniqueness is the server's; the rest is judged here, in both places.
describe('ticket and FAQ rules', () => {
  it('requires a title, and bounds it', () => {
    expect(checkTicketTitle('   ')).toEqual({ key: 'support.titleRequired' })
    expect(checkTicketTitle('Tiles')).toBeNull()
    expect(checkTicketTitle('a'.repeat(TICKET_TITLE_MAX + 1))).toEqual({
      key: 'validation.text.tooLong',
      params: { max: TICKET_TITLE_MAX },
    })
    expect(checkFaqTitle('')).toEqual({ key: 'faqs.titleRequired' })
    expect(checkFaqTitle('How do I roll a key?')).toBeNull()
  })

  it('requires content that is not too short, counted without surrounding spaces', () => {
    expect(checkTicketContent('')).toEqual({ key: 'support.contentRequired' })
    expect(checkTicketContent(`  ${'a'.repeat(TICKET_CONTENT_MIN - 1)}  `)).toEqual({
      key: 'support.contentTooShort',
      params: { min: TICKET_CONTENT_MIN },
    })
    expect(checkTicketContent('a'.repeat(TICKET_CONTENT_MIN))).toBeNull()
    expect(checkTicketContent('a'.repeat(TICKET_CONTENT_MAX + 1))?.key).toBe('validation.text.tooLong')
    expect(checkFaqText('')).toEqual({ key: 'faqs.contentRequired' })
    expect(checkFaqText('short')?.key).toBe('support.contentTooShort')
    expect(checkFaqText('a'.repeat(FAQ_TEXT_MAX + 1))?.key).toBe('validation.text.tooLong')
  })

  it('requires a category name, and bounds it', () => {
    expect(checkCategoryName(' ')).toEqual({ key: 'faqs.categoryNameRequired' })
    expect(checkCategoryName('Keys')).toBeNull()
    expect(checkCategoryName('a'.repeat(FAQ_CATEGORY_NAME_MAX + 1))?.key).toBe('validation.text.tooLong')
  })
})
