import { CustomerServiceOutlined, UserOutlined } from '@ant-design/icons'
import { absoluteUrl, formatDateTime, type TicketMessage as Message } from '@app/contract'
import { Avatar, Flex, Image, Typography, theme } from 'antd'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkifiedText } from '../../ui/LinkifiedText.tsx'
import { supportSharedMessages } from './support-shared.i18n.ts'

/**
 * A ticket's conversation, oldest first: the customer's messages on one side, staff answers on the
 * other, each with its author, time and images. `selfId` names the reader, shown as "You".
 */
export function Conversation({ messages, selfId }: { messages: Message[]; selfId: string }) {
  const t = useT(supportSharedMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 }} data-testid="conversation">
      {messages.map((message) => {
        const mine = message.author.id === selfId
        return (
          <li key={message.id} data-testid={message.from_staff ? 'staff-message' : 'customer-message'}>
            <Flex gap={12} align="start" style={{ flexDirection: message.from_staff ? 'row' : 'row-reverse' }}>
              <Avatar
                icon={message.from_staff ? <CustomerServiceOutlined /> : <UserOutlined />}
                style={{
                  background: message.from_staff ? token.colorPrimary : token.colorTextQuaternary,
                  flex: 'none',
                }}
              />
              <div
                style={{
                  maxWidth: 'min(640px, 100%)',
                  minWidth: 0,
                  background: message.from_staff ? token.colorPrimaryBg : token.colorFillTertiary,
                  border: `1px solid ${message.from_staff ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusLG,
                  padding: '10px 14px',
                }}
              >
                <Flex gap={8} wrap align="baseline">
                  <Typography.Text strong>
                    {mine ? t('you') : message.author.full_name}
                    {message.from_staff ? ` · ${t('staff')}` : ''}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(message.created_at, lang)}
                  </Typography.Text>
                </Flex>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '4px 0 0' }}>
                  <LinkifiedText text={message.content} />
                </Typography.Paragraph>
                {message.images.length ? (
                  <Image.PreviewGroup>
                    <Flex gap={8} wrap style={{ marginTop: 8 }}>
                      {message.images.map((path, index) => (
                        <Image
                          key={path}
                          src={absoluteUrl(path, window.location.origin) ?? undefined}
                          width={96}
                          height={96}
                          style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
                          alt={t('imageAlt', { n: index + 1 })}
                        />
                      ))}
                    </Flex>
                  </Image.PreviewGroup>
                ) : null}
              </div>
            </Flex>
          </li>
        )
      })}
    </ol>
  )
}
