import { GiftOutlined, PercentageOutlined, UserAddOutlined } from '@ant-design/icons'
import { checkExchangeRate, type getBillingSettings, type ResponseOf } from '@app/contract'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { Button, Card, Col, Flex, Form, Row, Typography } from 'antd'
import type { ReactNode } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { problemText, ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import {
  billingSettingsQuery,
  freeFirstRegisterQuery,
  freeMonthQuery,
  setBillingSettingsCall,
  setFreeCall,
} from './pricing.api.ts'
import { adminPricingMessages } from './pricing.i18n.ts'
import { checkDiscount, checkFreeCredit } from './rate-rules.ts'

type BillingSettings = ResponseOf<typeof getBillingSettings>

/**
 * The free settings (docs/requirements.md §8.4: monthly credit, first-registration credit) and the two
 * numbers every new bill uses (discount percentage, USD→VND exchange rate), each saved on its own.
 */
export function FreeCreditTab() {
  const t = useT(adminPricingMessages)
  const month = useQuery(freeMonthQuery())
  const firstRegister = useQuery(freeFirstRegisterQuery())
  const billing = useQuery(billingSettingsQuery())
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12} xxl={8}>
        <FreeCard
          which="month"
          query={month}
          icon={<GiftOutlined />}
          title={t('free.monthTitle')}
          intro={t('free.monthIntro')}
        />
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <FreeCard
          which="first-register"
          query={firstRegister}
          icon={<UserAddOutlined />}
          title={t('free.firstTitle')}
          intro={t('free.firstIntro')}
        />
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Card
          title={
            <Flex gap={8}>
              <PercentageOutlined />
              {t('billing.title')}
            </Flex>
          }
          style={{ height: '100%' }}
        >
          <QueryState query={billing}>{(data) => <BillingForm settings={data} />}</QueryState>
        </Card>
      </Col>
    </Row>
  )
}

function FreeCard({
  which,
  query,
  icon,
  title,
  intro,
}: {
  which: 'month' | 'first-register'
  query: UseQueryResult<{ free: string }>
  icon: ReactNode
  title: string
  intro: string
}) {
  return (
    <Card
      title={
        <Flex gap={8}>
          {icon}
          {title}
        </Flex>
      }
      style={{ height: '100%' }}
    >
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <QueryState query={query}>{(data) => <FreeForm which={which} free={data.free} label={title} />}</QueryState>
    </Card>
  )
}

function FreeForm({ which, free, label }: { which: 'month' | 'first-register'; free: string; label: string }) {
  const t = useT(adminPricingMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<{ free: string }>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const save = useAppMutation({
    ...setFreeCall(which),
    success: ({ message }) => message || t('free.saved'),
    failure: (error) => serverMessage(error) ?? t('free.failed'),
    onError: showServerErrors,
  })

  const onFinish = ({ free: value }: { free: string }) => save.run(value.trim())

  return (
    <Form
      form={form}
      name={`free-${which}`}
      layout="vertical"
      initialValues={{ free }}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item
        name="free"
        label={label}
        validateFirst
        rules={[{ required: true, whitespace: true, message: t('free.required') }, ruleFrom(checkFreeCredit)]}
      >
        <TextInput prefix="$" suffix="USD" inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {common('actions.save')}
      </Button>
    </Form>
  )
}

function BillingForm({ settings }: { settings: BillingSettings }) {
  const t = useT(adminPricingMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<BillingSettings>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const save = useAppMutation({
    ...setBillingSettingsCall,
    success: ({ message }) => message || t('billing.saved'),
    failure: (error) => serverMessage(error) ?? t('billing.failed'),
    onError: showServerErrors,
  })

  const onFinish = (values: BillingSettings) =>
    save.run({ discount_percent: values.discount_percent.trim(), exchange_rate: values.exchange_rate.trim() })

  return (
    <Form<BillingSettings>
      form={form}
      name="billing-settings"
      layout="vertical"
      initialValues={settings}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item<BillingSettings>
        name="discount_percent"
        label={t('billing.discount')}
        extra={t('billing.discountHelp')}
        validateFirst
        rules={[{ required: true, whitespace: true, message: t('billing.discountRequired') }, ruleFrom(checkDiscount)]}
      >
        <TextInput suffix="%" inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item<BillingSettings>
        name="exchange_rate"
        label={t('billing.exchangeRate')}
        extra={t('billing.exchangeRateHelp')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('billing.exchangeRateRequired') },
          {
            validator: (_rule, value: string | undefined) => {
              const problem = checkExchangeRate(value ?? '')
              if (!problem) return Promise.resolve()
              // Over the bound, the contract's message names the maximum (docs/security.md "Money bounds").
              const message =
                problem.key === 'pricing.rateNotPositive' ? t('billing.exchangeRateInvalid') : problemText(problem)
              return Promise.reject(new Error(message))
            },
          },
        ]}
      >
        <TextInput prefix="1 USD =" suffix="VND" inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {common('actions.save')}
      </Button>
    </Form>
  )
}
