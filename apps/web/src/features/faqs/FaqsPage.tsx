import { CustomerServiceOutlined } from '@ant-design/icons'
import { absoluteUrl, formatDate, type PublishedFaq } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Collapse, Empty, Flex, Image, Input, Segmented, Typography, theme } from 'antd'
import { useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { LinkifiedText } from '../../ui/LinkifiedText.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { publishedFaqsQuery } from './faqs.api.ts'
import { faqsMessages } from './faqs.i18n.ts'

function FaqAnswer({ faq }: { faq: PublishedFaq }) {
  const t = useT(faqsMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: 0, fontStyle: 'italic' }}>
        {faq.question}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        <LinkifiedText text={faq.answer} />
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

/** /faqs: the published entries by category, with a search box (the words and category in the URL). */
export function FaqsPage() {
  const t = useT(faqsMessages)
  useDocumentTitle(t('title'))
  const [searchParams, setSearchParams] = useSearchParams()
  const keyword = (searchParams.get('keyword') ?? '').trim()
  const categoryId = searchParams.get('category')
  const list = useQuery(publishedFaqsQuery(keyword, categoryId))

  const setParam = (name: string, value: string | null) =>
    setSearchParams((params) => {
      const copy = new URLSearchParams(params)
      if (value) copy.set(name, value)
      else copy.delete(name)
      return copy
    })

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
      <Input.Search
        key={keyword}
        defaultValue={keyword}
        allowClear
        enterButton
        size="large"
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={(value) => setParam('keyword', value.trim() || null)}
      />
      <QueryState query={list}>
        {(data) => {
          const categories = data.categories.filter((c) => data.items.some((item) => item.category.id === c.id))
          return (
            <Flex vertical gap={16}>
              {data.categories.length > 1 ? (
                <Segmented
                  value={categoryId ?? 'all'}
                  onChange={(value) => setParam('category', value === 'all' ? null : String(value))}
                  options={[
                    { value: 'all', label: t('all') },
                    ...data.categories.map((c) => ({ value: c.id, label: c.name })),
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
                          {category.name}
                        </Typography.Title>
                        <Typography.Text type="secondary">{t('count', { count: entries.length })}</Typography.Text>
                      </Flex>
                      <Collapse
                        key={keyword}
                        defaultActiveKey={keyword ? entries.map((e) => e.id) : []}
                        items={entries.map((faq) => ({
                          key: faq.id,
                          label: <span data-testid="faq-title">{faq.title}</span>,
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
