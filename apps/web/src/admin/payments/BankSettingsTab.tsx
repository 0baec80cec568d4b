import { BankOutlined } from '@ant-design/icons'
import type { BankDetails } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Badge, Button, Card, Flex, Form, Typography } from 'antd'
import { ApiError } from '../../api/client.ts'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { serverFieldErrors } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { bankSettingsQuery, useSaveBankSettings } from './payments.api.ts'
import { adminPaymentsMessages } from './payments.i18n.ts'

/** The settings tab's label (the tab lives in /administrator/settings; its words live here). */
export function BankSettingsTabLabel() {
  const t = useT(adminPaymentsMessages)
  return <>{t('bank.tab')}</>
}

/**
 * /administrator/settings?tab=bank: the account customers transfer to (shown on /payment and on
 * bills with the transfer content). Saving is audit-logged by the server.
 */
export function BankSettingsTab() {
  const bank = useQuery(bankSettingsQuery())
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <QueryState query={bank}>{(data) => <BankForm key={JSON.stringify(data)} initial={data} />}</QueryState>
    </Flex>
  )
}

const FIELDS = [
  ['bank_name', 120],
  ['account_name', 120],
  ['account_number', 40],
  ['branch', 120],
  ['swift', 11],
] as const

const LABELS = {
  bank_name: 'bank.bankName',
  account_name: 'bank.accountName',
  account_number: 'bank.accountNumber',
  branch: 'bank.branch',
  swift: 'bank.swift',
} as const

function BankForm({ initial }: { initial: BankDetails }) {
  const t = useT(adminPaymentsMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<BankDetails>()
  const save = useSaveBankSettings()
  const isOn = initial.bank_name !== '' && initial.account_number !== '' && initial.account_name !== ''

  const onFinish = (values: BankDetails) =>
    save
      .mutateAsync({
        bank_name: values.bank_name?.trim() ?? '',
        account_name: values.account_name?.trim() ?? '',
        account_number: values.account_number?.trim() ?? '',
        branch: values.branch?.trim() ?? '',
        swift: values.swift?.trim() ?? '',
        notes: values.notes?.trim() ?? '',
      })
      .then(({ message: text }) => message.success(text || t('bank.saved')))
      .catch((error: unknown) => {
        if (error instanceof ApiError) form.setFields(serverFieldErrors(form, error.fields) as never)
        message.error(failureText(t('bank.failed'), error))
      })

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <BankOutlined />
          {t('bank.title')}
        </Flex>
      }
      extra={<Badge status={isOn ? 'success' : 'default'} text={isOn ? t('bank.state.on') : t('bank.state.off')} />}
    >
      <Typography.Paragraph type="secondary">{t('bank.intro')}</Typography.Paragraph>
      <Form<BankDetails> form={form} name="bank-settings" layout="vertical" initialValues={initial} onFinish={onFinish}>
        {FIELDS.map(([name, max]) => (
          <Form.Item<BankDetails> key={name} name={name} label={t(LABELS[name])}>
            <TextInput maxLength={max} autoComplete="off" />
          </Form.Item>
        ))}
        <Form.Item<BankDetails> name="notes" label={t('bank.notes')}>
          <TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('bank.save')}
        </Button>
      </Form>
    </Card>
  )
}
