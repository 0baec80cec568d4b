import { formatMoney, MONEY_BOUNDS, moneyCheck } from '@app/contract'
import { App, Button, Card, Form, Switch, Typography } from 'antd'
import { failureText } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { useSetBalanceAlert } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'

interface Values {
  isOn: boolean
  threshold: string
}

/** The e-mail when the balance falls below a threshold (USD) the user chooses, or no e-mail at all. */
export function BalanceAlertForm({ threshold }: { threshold: string | null }) {
  const t = useT(balanceMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const save = useSetBalanceAlert()
  const isOn = Form.useWatch('isOn', form) ?? threshold !== null

  const onFinish = (values: Values) =>
    save
      .mutateAsync(values.isOn ? values.threshold.trim() : null)
      .then(({ message: text }) => {
        message.success(text || t('alert.saved'))
      })
      .catch((error: unknown) => {
        if (showServerErrors(error)) return
        message.error(failureText(t('alert.failed'), error))
      })

  return (
    <Card title={t('alert.title')} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{t('alert.intro')}</Typography.Paragraph>
      <Typography.Paragraph strong data-testid="alert-state">
        {threshold === null ? t('alert.off') : t('alert.on', { amount: formatMoney(threshold, 'USD', lang) })}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        name="balance-alert"
        layout="vertical"
        initialValues={{ isOn: threshold !== null, threshold: threshold ?? '' }}
        onFinish={onFinish}
        onFieldsChange={onFieldsChange}
      >
        <Form.Item<Values> name="isOn" valuePropName="checked" label={t('alert.enabled')}>
          <Switch />
        </Form.Item>
        {isOn ? (
          <Form.Item<Values>
            name="threshold"
            label={t('alert.threshold')}
            rules={[ruleFrom(moneyCheck(MONEY_BOUNDS.balanceAlert))]}
          >
            <TextInput prefix="$" suffix="USD" inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {common('actions.save')}
        </Button>
      </Form>
    </Card>
  )
}
