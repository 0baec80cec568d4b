import { BankOutlined, CreditCardOutlined, ExperimentOutlined } from '@ant-design/icons'
import {
  checkTopUpAmount,
  formatMinor,
  formatMoney,
  type Payment,
  type PaymentProvider,
  parseMoney,
  type paymentOptions,
  quotePayment,
  type ResponseOf,
  TOP_UP_PICKS,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Checkbox, Descriptions, Flex, Form, Radio, Space, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { BankTransferDetails } from './BankTransferDetails.tsx'
import { paymentOptionsQuery, useStartPayment } from './payments.api.ts'
import { paymentsMessages } from './payments.i18n.ts'
import { redirect } from './redirect.ts'
import { presetTopUpAmount } from './top-up-path.ts'

interface Values {
  amount: string
  provider: PaymentProvider
  domestic: boolean
}

type Options = ResponseOf<typeof paymentOptions>

/**
 * /payment's top-up: an amount (quick picks 100, 250, 500 USD), a method, the fee and the total before
 * paying (the same `quotePayment` the server charges with), then off to the gateway — or, for a bank
 * transfer, the account and the transfer code to use.
 */
export function TopUpCard() {
  const t = useT(paymentsMessages)
  const options = useQuery(paymentOptionsQuery())
  return (
    <Card
      title={
        <span>
          <CreditCardOutlined aria-hidden /> {t('topUp.title')}
        </span>
      }
      style={{ height: '100%' }}
      data-testid="top-up"
    >
      <QueryState query={options}>{(data) => <TopUpForm options={data} />}</QueryState>
    </Card>
  )
}

function TopUpForm({ options }: { options: Options }) {
  const t = useT(paymentsMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange } = useFadingErrors(form)
  const start = useStartPayment()
  const [declared, setDeclared] = useState<Payment | null>(null)
  const [search] = useSearchParams()
  const available: Record<PaymentProvider, boolean> = {
    vnpay: options.vnpay,
    paypal: options.paypal,
    bank: options.bank !== null,
  }
  const first = (['vnpay', 'paypal', 'bank'] as const).find((p) => available[p]) ?? 'vnpay'
  const amount = Form.useWatch('amount', form) ?? ''
  const provider = Form.useWatch('provider', form) ?? first
  const domestic = Form.useWatch('domestic', form) ?? false
  const cents = checkTopUpAmount(amount) === null ? parseMoney(amount) : null
  const quote = cents
    ? quotePayment(provider, cents, { exchangeRate: options.exchange_rate, paypalDomestic: domestic })
    : null

  const onFinish = (values: Values) =>
    start
      .mutateAsync({
        provider: values.provider,
        purpose: 'topup',
        amount: values.amount.trim(),
        bill_id: null,
        paypal_domestic: values.provider === 'paypal' && values.domestic === true,
      })
      .then(({ data }) => {
        if (data.redirect_url) {
          message.loading(t('topUp.redirecting'))
          redirect.to(data.redirect_url)
        } else setDeclared(data.payment)
      })
      .catch((error: unknown) => {
        message.error(failureText(t('topUp.failed'), error))
      })

  if (declared && options.bank) {
    return (
      <Flex vertical gap={12}>
        <Alert
          type="success"
          showIcon
          title={t('bank.declaredTitle')}
          description={t('bank.declared', { amount: formatMoney(declared.amount, 'USD', lang) })}
        />
        <BankTransferDetails
          bank={options.bank}
          content={declared.transfer_content ?? declared.reference}
          amount={declared.total}
        />
        <Button onClick={() => setDeclared(null)} style={{ alignSelf: 'flex-start' }}>
          {t('topUp.title')}
        </Button>
      </Flex>
    )
  }

  return (
    <Form<Values>
      form={form}
      name="top-up"
      layout="vertical"
      initialValues={{ amount: presetTopUpAmount(search), provider: first, domestic: false }}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Typography.Paragraph type="secondary">{t('topUp.intro')}</Typography.Paragraph>
      {options.sandbox ? (
        <Alert
          type="info"
          showIcon
          icon={<ExperimentOutlined />}
          title={t('topUp.sandbox')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item<Values> label={t('topUp.amount')} required>
        <Flex gap={8} wrap>
          <Form.Item<Values> name="amount" noStyle rules={[ruleFrom(checkTopUpAmount)]}>
            <TextInput
              aria-label={t('topUp.amount')}
              placeholder={t('topUp.amountPlaceholder')}
              inputMode="decimal"
              autoComplete="off"
              prefix="$"
              style={{ flex: '1 1 160px', maxWidth: 220 }}
            />
          </Form.Item>
          <Space.Compact aria-label={t('topUp.picks')}>
            {TOP_UP_PICKS.map((pick) => (
              <Button key={pick} onClick={() => form.setFieldsValue({ amount: pick.replace(/\.00$/, '') })}>
                {formatMoney(pick, 'USD', lang).replace(/\.00$/, '')}
              </Button>
            ))}
          </Space.Compact>
        </Flex>
      </Form.Item>
      <Form.Item<Values> name="provider" label={t('topUp.method')}>
        <Radio.Group style={{ width: '100%' }}>
          <Flex vertical gap={6}>
            {(['vnpay', 'paypal', 'bank'] as const).map((p) => (
              <Radio key={p} value={p} disabled={!available[p]}>
                <Typography.Text strong>
                  {p === 'bank' ? <BankOutlined aria-hidden /> : null} {t(`topUp.methods.${p}`)}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {available[p] ? t(`topUp.hints.${p}`) : t('topUp.unavailable')}
                </Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      {provider === 'paypal' ? (
        <Form.Item<Values> name="domestic" valuePropName="checked">
          <Checkbox>{t('topUp.domestic')}</Checkbox>
        </Form.Item>
      ) : null}
      {quote ? <QuoteTable quote={quote} domestic={domestic} /> : null}
      <Button
        type="primary"
        htmlType="submit"
        loading={start.isPending}
        disabled={!available[provider]}
        style={{ marginTop: 16 }}
      >
        {t(`topUp.submit.${provider}`)}
      </Button>
    </Form>
  )
}

/** The amount credited, the fee and the total, in the currency the gateway charges. */
function QuoteTable({ quote, domestic }: { quote: ReturnType<typeof quotePayment>; domestic: boolean }) {
  const t = useT(paymentsMessages)
  const lang = useLang()
  const money = (minor: bigint) => formatMoney(formatMinor(minor, quote.currency), quote.currency, lang)
  const feeLabel =
    quote.provider === 'vnpay'
      ? t('topUp.feeVnpay')
      : quote.provider === 'paypal'
        ? domestic
          ? t('topUp.feePaypalDomestic')
          : t('topUp.feePaypalInternational')
        : t('topUp.feeBank')
  return (
    <Flex vertical gap={4} data-testid="top-up-quote">
      <Descriptions
        size="small"
        column={1}
        bordered
        title={<Typography.Text>{t('topUp.summary')}</Typography.Text>}
        items={[
          {
            key: 'credited',
            label: t('topUp.credited'),
            children: formatMoney(formatMinor(quote.creditCents, 'USD'), 'USD', lang),
          },
          ...(quote.currency === 'VND'
            ? [{ key: 'vnd', label: t('topUp.amountVnd'), children: money(quote.amountMinor) }]
            : []),
          { key: 'fee', label: feeLabel, children: money(quote.feeMinor) },
          {
            key: 'total',
            label: t('topUp.total'),
            children: <Typography.Text strong>{money(quote.totalMinor)}</Typography.Text>,
          },
        ]}
      />
      {quote.exchangeRate ? (
        <Typography.Text type="secondary">
          {t('topUp.rate', { rate: Number(quote.exchangeRate).toLocaleString('en-US') })}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}
