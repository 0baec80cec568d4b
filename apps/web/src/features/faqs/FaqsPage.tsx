import { CustomerServiceOutlined } from '@ant-design/icons'
import { absoluteUrl, formatDate, type PublishedFaq } from '@app/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Collapse, Empty, Flex, Image, Segmented, Typography, theme } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { LinkifiedText } from '../../ui/LinkifiedText.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { publishedFaqsQuery } from './faqs.api.ts'
import { faqsMessages } from './faqs.i18n.ts'

/**
 * The language of an entry's words where it differs from the page's (an entry staff have not written
 * in the reader's language comes in English), so that a screen reader pronounces it right.
 */
const wordsLang = (faq: PublishedFaq, pageLang: string) => (faq.lang === pageLang ? undefined : faq.lang)

function FaqAnswer({ faq }: { faq: PublishedFaq }) {
  const t = useT(faqsMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: 0, fontStyle: 'italic' }}>
        <Verbatim lang={wordsLang(faq, lang)}>{faq.question}</Verbatim>
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        <Verbatim lang={wordsLang(faq, lang)}>
          <LinkifiedText text={faq.answer} />
        </Verbatim>
      </Typography.Paragraph>
      {faq.images.length ? (
        <Image.PreviewGroup>
          <Flex gap={8} wrap>
            {faq.images.map((path) => (
              <Image
                key={path}
                src={absoluteUrl(path, window.location.origin) ?? undefined}
                width={120}
                height={90}
                style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
                alt=""
              />
            ))}
          </Flex>
        </Image.PreviewGroup>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {faq.answered_by
          ? t('answeredBy', { name: faq.answered_by.full_name, time: formatDate(faq.time, lang) })
          : t('updated', { time: formatDate(faq.time, lang) })}
      </Typography.Text>
    </Flex>
  )
}

/** How long typing pauses before the search runs. */
const SEARCH_PAUSE_MS = 300

/**
 * /faqs: the published entries by category, with a search box that searches as the customer types
 * (the words and category in the URL). A search lists the best matches first (docs/support.md "FAQ search").
 */
export function FaqsPage() {
  const t = useT(faqsMessages)
  const lang = useLang()
  useDocumentTitle(t('title'))
  const [searchParams, setSearchParams] = useSearchParams()
  const keyword = (searchParams.get('keyword') ?? '').trim()
  const categoryId = searchParams.get('category')
  // The previous answer stays on screen while the next one loads, so the list does not flash per key.
  const list = useQuery({ ...publishedFaqsQuery(keyword, categoryId), placeholderData: keepPreviousData })
  const [typed, setTyped] = useState(keyword)

  const setParam = useCallback(
    (name: string, value: string | null, replace = false) =>
      setSearchParams(
        (params) => {
          const copy = new URLSearchParams(params)
          if (value) copy.set(name, value)
          else copy.delete(name)
          return copy
        },
        { replace },
      ),
    [setSearchParams],
  )

  // Typing searches once it pauses (replacing the history entry, so Back leaves the page); a keyword
  // changed from outside (Back, a link) shows in the box.
  useEffect(() => {
    if (typed.trim() === keyword) return
    const timer = setTimeout(() => setParam('keyword', typed.trim() || null, true), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, keyword, setParam])
  useEffect(() => setTyped((current) => (current.trim() === keyword ? current : keyword)), [keyword])

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <LinkButton to={paths.addQuestion} icon={<CustomerServiceOutlined />}>
          {t('ask')}
        </LinkButton>
      </Flex>
      <SearchInput
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        allowClear
        enterButton
        size="large"
        placeholder={t('search')}
        aria-label={t('search')}
        loading={list.isFetching && list.isPlaceholderData}
        onSearch={(value) => setParam('keyword', value.trim() || null)}
      />
      <QueryState query={list}>
        {(data) => {
          // Searching, the categories come in the order of their best match (the server ranks entries).
          const firstMatch = (id: string) => data.items.findIndex((item) => item.category.id === id)
          const categories = data.categories
            .filter((c) => firstMatch(c.id) >= 0)
            .sort((a, b) => (keyword ? firstMatch(a.id) - firstMatch(b.id) : 0))
          return (
            <Flex vertical gap={16}>
              {data.categories.length > 1 ? (
                <Segmented
                  value={categoryId ?? 'all'}
                  onChange={(value) => setParam('category', value === 'all' ? null : String(value))}
                  options={[
                    { value: 'all', label: t('all') },
                    ...data.categories.map((c) => ({
                      value: c.id,
                      label: <Verbatim lang={c.lang}>{c.name}</Verbatim>,
                    })),
                  ]}
                  style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
                />
              ) : null}
              {data.items.length === 0 ? (
                <Empty description={keyword ? t('noMatch', { keyword }) : t('empty')} style={{ margin: '32px 0' }}>
                  {keyword ? <Typography.Text type="secondary">{t('noMatchHint')}</Typography.Text> : null}
                </Empty>
              ) : (
                categories.map((category) => {
                  const entries = data.items.filter((item) => item.category.id === category.id)
                  return (
                    <section key={category.id} aria-label={category.name}>
                      <Flex align="baseline" gap={8} style={{ marginBottom: 8 }}>
                        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                          <Verbatim lang={category.lang}>{category.name}</Verbatim>
                        </Typography.Title>
                        <Typography.Text type="secondary">{t('count', { count: entries.length })}</Typography.Text>
                      </Flex>
                      <Collapse
                        key={keyword}
                        defaultActiveKey={keyword ? entries.map((e) => e.id) : []}
                        items={entries.map((faq) => ({
                          key: faq.id,
                          label: (
                            <span data-testid="faq-title" translate="no" lang={wordsLang(faq, lang)}>
                              {faq.title}
                            </span>
                          ),
                          children: <FaqAnswer faq={faq} />,
                        }))}
                      />
                    </section>
                  )
                })
              )}
            </Flex>
          )
        }}
      </QueryState>
    </Flex>
  )
}
