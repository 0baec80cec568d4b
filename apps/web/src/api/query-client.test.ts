import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../i18n/i18n.ts'
import { queryClient } from './query-client.ts'

describe('the query client', () => {
  afterEach(() => {
    i18n.changeLanguage('en')
    queryClient.clear()
  })

  it('treats every answer as stale when the language changes, not before', async () => {
    i18n.changeLanguage('en')
    await queryClient.fetchQuery({ queryKey: ['faqs', 'published'], queryFn: () => 'Welcome credit' })
    expect(queryClient.getQueryState(['faqs', 'published'])?.isInvalidated).toBe(false)
    i18n.changeLanguage('en')
    expect(queryClient.getQueryState(['faqs', 'published'])?.isInvalidated).toBe(false)
    i18n.changeLanguage('my')
    expect(queryClient.getQueryState(['faqs', 'published'])?.isInvalidated).toBe(true)
  })
})
