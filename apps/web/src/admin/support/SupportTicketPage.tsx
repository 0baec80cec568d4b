import { ArrowLeftOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons'
import { formatDateTime, type Ticket } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Result, Typography } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { Conversation } from '../../features/support/Conversation.tsx'
import { ReplyForm } from '../../features/support/ReplyForm.tsx'
import { ticketQuery, useTicketStatus } from '../../features/support/support.api.ts'
import { supportSharedMessages } from '../../features/support/support-shared.i18n.ts'
import { TicketStatusTag } from '../../features/support/TicketStatusTag.tsx'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { adminSupportMessages } from './admin-support.i18n.ts'

const keysAndBillsOf = (userId: string) => `${paths.admin.keyAndBill}?user_id=${encodeURIComponent(userId)}`

function Reference({ ticket }: { ticket: Ticket }) {
  const t = useT(adminSupportMessages)
  const shared = useT(supportSharedMessages)
  const reference = ticket.reference
  if (!reference) return null
  const label = reference.label ?? shared('reference.gone')
  // Keys and bills open on the account's keys-and-bills page; maps have no back-office page.
  return (
    <span data-testid="ticket-reference">
      {shared(`reference.${reference.type}`)}:{' '}
      {reference.type === 'map' ? (
        <Typography.Text code>{label}</Typography.Text>
      ) : (
        <Link to={keysAndBillsOf(ticket.user.id)} title={t('ticket.keysAndBills')}>
          {label}
        </Link>
      )}{' '}
      <Typography.Text type="secondary" copyable={{ text: reference.id }} style={{ fontSize: 12 }}>
        {reference.id}
      </Typography.Text>
    </span>
  )
}

/** /administrator/support/request?id=…: one ticket, its conversation, a staff answer, close and reopen. */
export function SupportTicketPage() {
  const t = useT(adminSupportMessages)
  const lang = useLang()
  const session = useSession()
  const [searchParams] = useSearchParams()
  const id = searchParams.get('id') ?? ''
  const ticket = useQuery({ ...ticketQuery(id), enabled: id !== '' })
  const setStatus = useTicketStatus(id)
  useDocumentTitle(ticket.data?.title ?? t('list.title'))
  const back = (
    <Link to={paths.admin.support}>
      <ArrowLeftOutlined /> {t('ticket.back')}
    </Link>
  )

  if (!id) return <Result status="info" title={t('ticket.missing')} extra={back} />
  if (ticket.isError && ticket.error instanceof ApiError && ticket.error.httpStatus === 404) {
    return <Result status="404" title={t('ticket.notFound')} extra={back} />
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      {back}
      <QueryState query={ticket}>
        {(data) => (
          <>
            <Flex justify="space-between" align="start" gap={12} wrap>
              <Flex gap={8} align="center" wrap style={{ flex: '1 1 320px', minWidth: 0 }}>
                <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
                  <Verbatim>{data.title}</Verbatim>
                </Typography.Title>
                <TicketStatusTag status={data.status} />
              </Flex>
              {data.status === 'open' ? (
                <Popconfirm title={t('ticket.closeConfirm')} onConfirm={() => setStatus.mutate('closed')}>
                  <Button icon={<LockOutlined />} loading={setStatus.isPending}>
                    {t('ticket.close')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  icon={<UnlockOutlined />}
                  loading={setStatus.isPending}
                  onClick={() => setStatus.mutate('open')}
                >
                  {t('ticket.reopen')}
                </Button>
              )}
            </Flex>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'customer',
                  label: t('ticket.customer'),
                  children: (
                    <Link to={keysAndBillsOf(data.user.id)}>
                      <Verbatim>{data.user.full_name}</Verbatim> ({data.user.email})
                    </Link>
                  ),
                },
                { key: 'opened', label: t('list.columns.created'), children: formatDateTime(data.created_at, lang) },
                ...(data.reference
                  ? [{ key: 'about', label: t('ticket.about'), children: <Reference ticket={data} /> }]
                  : []),
              ]}
            />
            <Card>
              <Conversation messages={data.conversation} selfId={session?.user_id ?? ''} />
            </Card>
            {data.status === 'open' ? (
              <Card extra={<Typography.Text type="secondary">{t('ticket.mailNote')}</Typography.Text>}>
                <ReplyForm ticketId={data.id} />
              </Card>
            ) : (
              <Alert type="warning" showIcon title={<SupportClosedText />} />
            )}
          </>
        )}
      </QueryState>
    </Flex>
  )
}

function SupportClosedText() {
  const shared = useT(supportSharedMessages)
  return <>{shared('reply.closed')}</>
}
