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
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd'
import { Link } from 'react-router'
import { call } from '../../api/client.ts'
import { failureText } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { supportContactMessages } from './support-contact.i18n.ts'

const supportContactQuery = () =>
  queryOptions({ queryKey: ['settings', 'support-contact'], queryFn: async () => (await call(getSupportContact)).data })

function useSaveSupportContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SupportContact) => call(setSupportContact, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['settings', 'support-contact'] })
      void queryClient.invalidateQueries({ queryKey: ['app-config'] })
    },
    meta: { silent: true },
  })
}

/** The support e-mail, phone and hours customers are shown (audit-logged on the server). */
export function SupportContactCard() {
  const t = useT(supportContactMessages)
  const contact = useQuery(supportContactQuery())
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <CustomerServiceOutlined />
          {t('title')}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <QueryState query={contact}>{(data) => <SupportContactForm initial={data} />}</QueryState>
    </Card>
  )
}

function SupportContactForm({ initial }: { initial: SupportContact }) {
  const t = useT(supportContactMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<SupportContact>()
  const fading = useFadingErrors(form)
  const save = useSaveSupportContact()
  const onFinish = (values: SupportContact) =>
    save.mutate(
      { email: values.email ?? '', phone: values.phone ?? '', hours: values.hours ?? '' },
      {
        onSuccess: ({ message: text, data }) => {
          message.success(text)
          form.setFieldsValue(data)
        },
        onError: (error) => {
          if (fading.showServerErrors(error)) return
          message.error(failureText(t('failed'), error))
        },
      },
    )
  return (
    <Form
      form={form}
      name="support-contact"
      layout="vertical"
      initialValues={initial}
      validateTrigger="onBlur"
      onFieldsChange={fading.onFieldsChange}
      onFinish={onFinish}
      style={{ maxWidth: 460 }}
    >
      <Form.Item name="email" label={t('email')} rules={[ruleFrom(checkSupportEmail)]}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={[ruleFrom(checkSupportPhone)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="hours" label={t('hours')} rules={[ruleFrom(checkSupportHours)]}>
        <Input maxLength={SUPPORT_HOURS_MAX} placeholder={t('hoursPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
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
