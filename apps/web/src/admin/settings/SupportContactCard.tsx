import { CustomerServiceOutlined, LinkOutlined } from '@ant-design/icons'
import {
  checkSupportEmail,
  checkSupportHours,
  checkSupportPhone,
  getSupportContact,
  SUPPORT_HOURS_MAX,
  type SupportContact,
  setSupportContact,
} from '@app/contract'
import { Card, Flex, Form, Typography } from 'antd'
import { Link } from 'react-router'
import { call } from '../../api/client.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { supportContactMessages } from './support-contact.i18n.ts'
import { TextSettingCard } from './TextSettingCard.tsx'

/** The support e-mail, phone and hours customers are shown (audit-logged on the server). */
export function SupportContactCard() {
  const t = useT(supportContactMessages)
  return (
    <TextSettingCard<SupportContact>
      icon={<CustomerServiceOutlined />}
      title={t('title')}
      intro={t('intro')}
      name="support-contact"
      queryKey={['settings', 'support-contact']}
      load={async () => (await call(getSupportContact)).data}
      store={(body) => call(setSupportContact, { body })}
      // Every visitor's app config carries the contact.
      alsoRefresh={[['app-config']]}
      fields={['email', 'phone', 'hours']}
      saveLabel={t('save')}
      failed={t('failed')}
    >
      <Form.Item name="email" label={t('email')} rules={[ruleFrom(checkSupportEmail)]}>
        <TextInput type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={[ruleFrom(checkSupportPhone)]}>
        <TextInput autoComplete="off" />
      </Form.Item>
      <Form.Item name="hours" label={t('hours')} rules={[ruleFrom(checkSupportHours)]}>
        <TextInput maxLength={SUPPORT_HOURS_MAX} placeholder={t('hoursPlaceholder')} />
      </Form.Item>
    </TextSettingCard>
  )
}

/** Where the pricing and plan settings live (their own tabs and page). */
export function PricingLinksCard() {
  const t = useT(supportContactMessages)
  const links = [
    { to: `${paths.admin.settings}?tab=rates`, label: t('links.rates') },
    { to: `${paths.admin.settings}?tab=free`, label: t('links.free') },
    { to: `${paths.admin.settings}?tab=bank`, label: t('links.bank') },
    { to: paths.admin.plans, label: t('links.plans') },
  ]
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <LinkOutlined />
          {t('links.title')}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('links.intro')}</Typography.Paragraph>
      <Flex vertical gap={8}>
        {links.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </Flex>
    </Card>
  )
}
