import { BarChartOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Empty, Flex, Typography } from 'antd'
import { useEffect } from 'react'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { BillsTable } from './BillsTable.tsx'
import { billsQuery } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

/** /billing: the user's monthly bills, newest first, a page at a time (the page in the URL). */
export function BillingPage() {
  const t = useT(billingMessages)
  useDocumentTitle(t('title'))
  const [page, setPage] = usePageParam()
  const list = useQuery(billsQuery(page))

  // A page past the end (an old link) moves to the last page there is.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : page
  useEffect(() => {
    if (page > lastPage) setPage(lastPage)
  }, [page, lastPage, setPage])

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </div>
      <QueryState query={list}>
        {(data) => (
          <BillsTable
            data={data}
            isFetching={list.isFetching}
            onPageChange={setPage}
            empty={
              <Empty description={t('empty.title')} style={{ margin: '32px 0' }}>
                <Typography.Paragraph type="secondary" style={{ maxWidth: 520, margin: '0 auto 16px' }}>
                  {t('empty.hint')}
                </Typography.Paragraph>
                <LinkButton to={paths.usage} icon={<BarChartOutlined />}>
                  {t('empty.usage')}
                </LinkButton>
              </Empty>
            }
          />
        )}
      </QueryState>
    </Flex>
  )
}
