import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons'
import { formatDateTime, type TicketReference } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd'
import { Suspense } from 'react'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { lazyComponent, usePreloaded } from '../../lib/lazy-component.tsx'
import { LazyResult } from '../../ui/LazyResult.tsx'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Conversation } from './Conversation.tsx'
import { ticketQuery, useTicketStatus } from './support.api.ts'
import { supportMessages } from './support.i18n.ts'
import { supportSharedMessages } from './support-shared.i18n.ts'
import { TicketStatusTag } from './TicketStatusTag.tsx'

// The reply form (a form, the image uploader) comes apart from the page, fetched once the page is drawn
// while the ticket loads, so it is usually here when the ticket is (bench/README.md, issue 20).
const ReplyForm = lazyComponent(
  () => import('./ReplyForm.tsx'),
  (m) => m.ReplyForm,
)

/** Where the customer's own key, bill or map lives in the portal. */
function ownReferencePath(reference: TicketReference) {
  if (reference.type === 'key') return `${paths.editKey}?id=${encodeURIComponent(reference.id)}`
  if (reference.type === 'bill') return paths.bill(reference.id)
  return paths.map(reference.id)
}

/** /support/request/{id}: one of the customer's tickets, its conversation, a reply and closing it. */
export function TicketPage() {
  const { id = '' } = useParams()
  const t = useT(supportMessages)
  const shared = useT(supportSharedMessages)
  const lang = useLang()
  usePreloaded(ReplyForm)
  const session = useSession()
  const ticket = useQuery(ticketQuery(id))
  const setStatus = useTicketStatus(id)
  useDocumentTitle(ticket.data?.title ?? t('list.title'))

  if (ticket.isError && ticket.error instanceof ApiError && ticket.error.httpStatus === 404) {
    return (
      <LazyResult
        status="404"
        title={t('ticket.notFound')}
        extra={<LinkButton to={paths.supportRequests}>{t('ticket.back')}</LinkButton>}
      />
    )
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <Link to={paths.supportRequests}>
        <ArrowLeftOutlined /> {t('ticket.back')}
      </Link>
      <QueryState query={ticket}>
        {(data) => (
          <>
            <Flex justify="space-between" align="start" gap={12} wrap>
              <div style={{ flex: '1 1 320px', minWidth: 0 }}>
                <Flex gap={8} align="center" wrap>
                  <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
                    {data.title}
                  </Typography.Title>
                  <TicketStatusTag status={data.status} />
                </Flex>
                <Typography.Text type="secondary">
                  {t('ticket.opened', { time: formatDateTime(data.created_at, lang) })}
                </Typography.Text>
                {data.reference ? (
                  <div>
                    <Typography.Text type="secondary">{t('ticket.about')} </Typography.Text>
                    {shared(`reference.${data.reference.type}`)}{' '}
                    {data.reference.label ? (
                      <Link to={ownReferencePath(data.reference)}>{data.reference.label}</Link>
                    ) : (
                      <Typography.Text type="secondary">{shared('reference.gone')}</Typography.Text>
                    )}
                  </div>
                ) : null}
              </div>
              {data.status === 'open' ? (
                <Popconfirm title={t('ticket.closeConfirm')} onConfirm={() => setStatus.mutate('closed')}>
                  <Button icon={<LockOutlined />} loading={setStatus.isPending}>
                    {t('ticket.close')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Flex>
            <Card>
              <Conversation messages={data.conversation} selfId={session?.user_id ?? ''} />
            </Card>
            {data.status === 'open' ? (
              <Card>
                <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
                  <ReplyForm.Component ticketId={data.id} />
                </Suspense>
              </Card>
            ) : (
              <Alert
                type="warning"
                showIcon
                data-testid="ticket-closed"
                title={t('ticket.closedNotice')}
                description={
                  <Flex gap={8} align="center" wrap>
                    {t('ticket.closedHint')}
                    <LinkButton to={paths.addQuestion} size="small">
                      {t('list.create')}
                    </LinkButton>
                  </Flex>
                }
              />
            )}
          </>
        )}
      </QueryState>
    </Flex>
  )
}
