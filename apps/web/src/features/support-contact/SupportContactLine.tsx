import { ClockCircleOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Flex, Typography } from 'antd'
import { appConfigQuery } from '../../api/app-config.ts'
import { sharedMessages, useT } from '../../i18n/define.ts'

const messages = sharedMessages(
  'supportContact',
  { title: 'Contact support', email: 'Email', phone: 'Phone', hours: 'Hours' },
  { title: 'အကူအညီကို ဆက်သွယ်ရန်', email: 'အီးမေးလ်', phone: 'ဖုန်း', hours: 'အချိန်' },
  { title: 'Liên hệ hỗ trợ', email: 'Email', phone: 'Điện thoại', hours: 'Giờ làm việc' },
)

/**
 * The support contact an administrator set (app-config's `support_contact`): for the maintenance page,
 * the help areas and the e-mail change page. Nothing shows while it is not set.
 */
export function SupportContactLine() {
  const t = useT(messages)
  const config = useQuery(appConfigQuery())
  const contact = config.data?.support_contact
  if (!contact) return null
  return (
    <Flex vertical gap={4} align="center" aria-label={t('title')}>
      <Typography.Text strong>{t('title')}</Typography.Text>
      <Flex gap={16} wrap justify="center">
        {contact.email ? (
          <Typography.Text>
            <MailOutlined aria-label={t('email')} /> <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </Typography.Text>
        ) : null}
        {contact.phone ? (
          <Typography.Text>
            <PhoneOutlined aria-label={t('phone')} />{' '}
            <a href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>{contact.phone}</a>
          </Typography.Text>
        ) : null}
        {contact.hours ? (
          <Typography.Text type="secondary">
            <ClockCircleOutlined aria-label={t('hours')} /> {contact.hours}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  )
}
