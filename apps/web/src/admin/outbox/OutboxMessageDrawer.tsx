import { formatDateTime, type OutboxMessage } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Descriptions, Drawer, Empty, Tabs, theme } from 'antd'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { LinkifiedText } from '../../ui/LinkifiedText.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { OutboxStatusTag } from './OutboxStatusTag.tsx'
import { outboxMessageQuery } from './outbox.api.ts'
import { outboxMessages } from './outbox.i18n.ts'

type Detail = OutboxMessage & { text_body: string; html_body: string; secrets: 'none' | 'hidden' | 'revealed' }

/**
 * One e-mail of the outbox: its envelope, the text body with working links, and the HTML as sent. A
 * one-time link or code shows redacted (in production) or flagged as shown for development.
 */
export function OutboxMessageDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT(outboxMessages)
  const isNarrow = useMediaQuery('(max-width: 760px)')
  const message = useQuery({ ...outboxMessageQuery(id ?? ''), enabled: id !== null })
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={isNarrow ? '100%' : 720}
      title={message.data?.subject ?? t('detail.title')}
      destroyOnHidden
    >
      {id ? <QueryState query={message}>{(detail) => <MessageDetail detail={detail} />}</QueryState> : null}
    </Drawer>
  )
}

function MessageDetail({ detail }: { detail: Detail }) {
  const t = useT(outboxMessages)
  const { token } = theme.useToken()
  const lang = currentLang()
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'subject', label: t('columns.subject'), children: detail.subject },
          { key: 'to', label: t('columns.to'), children: detail.to },
          { key: 'status', label: t('columns.status'), children: <OutboxStatusTag status={detail.status} /> },
          { key: 'template', label: t('columns.template'), children: detail.template },
          { key: 'attempts', label: t('columns.attempts'), children: detail.attempts },
          { key: 'created', label: t('columns.created'), children: formatDateTime(detail.created_at, lang) },
          {
            key: 'sent',
            label: t('columns.sent'),
            children: detail.sent_at ? formatDateTime(detail.sent_at, lang) : t('notSent'),
          },
        ]}
      />
      {detail.secrets !== 'none' ? (
        // docs/security.md "Secrets in the outbox": one-time links are redacted except in development.
        <Alert
          type={detail.secrets === 'hidden' ? 'info' : 'warning'}
          showIcon
          data-testid="outbox-secrets"
          title={t(detail.secrets === 'hidden' ? 'detail.secretsHidden' : 'detail.secretsRevealed')}
          description={t(detail.secrets === 'hidden' ? 'detail.secretsHiddenText' : 'detail.secretsRevealedText')}
          style={{ marginTop: 16 }}
        />
      ) : null}
      {detail.last_error ? (
        <Alert
          type="error"
          showIcon
          title={t('detail.lastError')}
          description={detail.last_error}
          style={{ marginTop: 16 }}
        />
      ) : null}
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'text',
            label: t('detail.text'),
            children: detail.text_body ? (
              <div
                style={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  fontFamily: token.fontFamilyCode,
                  fontSize: 13,
                  lineHeight: 1.6,
                  padding: 16,
                  background: token.colorFillQuaternary,
                  borderRadius: token.borderRadius,
                }}
              >
                <LinkifiedText text={detail.text_body} />
              </div>
            ) : (
              <Empty description={t('detail.noText')} />
            ),
          },
          {
            key: 'html',
            label: t('detail.html'),
            children: detail.html_body ? (
              // sandbox="" runs no script and follows no link: the HTML is only looked at.
              <iframe
                title={t('detail.htmlFrame')}
                sandbox=""
                srcDoc={detail.html_body}
                style={{
                  width: '100%',
                  height: 520,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                  background: '#fff',
                }}
              />
            ) : (
              <Empty description={t('detail.noHtml')} />
            ),
          },
        ]}
      />
    </>
  )
}
