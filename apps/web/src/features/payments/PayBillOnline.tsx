import { BankOutlined, CreditCardOutlined } from '@ant-design/icons'
import {
  type BillDetail,
  formatMinor,
  formatMoney,
  type PaymentProvider,
  parseMoney,
  quotePayment,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Checkbox, Flex, Typography } from 'antd'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { BankTransferDetails } from './BankTransferDetails.tsx'
import { paymentOptionsQuery, useStartPayment } from './payments.api.ts'
import { paymentsMessages } from './payments.i18n.ts'
import { redirect } from './redirect.ts'

/**
 * The other ways to pay an unpaid bill: VNPay or PayPal (the fee on top, the bill paid from the credit
 * in the same transaction), or a bank transfer with the bill code as the transfer content, declared so
 * that our team can match it.
 */
export function PayBillOnline({ bill }: { bill: BillDetail }) {
  const t = useT(paymentsMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const options = useQuery(paymentOptionsQuery())
  const start = useStartPayment()
  const [domestic, setDomestic] = useState(false)
  const [declared, setDeclared] = useState(false)
  const cents = parseMoney(bill.total) ?? 0n
  if (!options.data || cents <= 0n) return null
  const o = options.data

  const pay = (provider: PaymentProvider) =>
    start
      .mutateAsync({
        provider,
        purpose: 'bill',
        amount: null,
        bill_id: bill.id,
        paypal_domestic: provider === 'paypal' && domestic,
      })
      .then(({ data }) => {
        if (data.redirect_url) {
          message.loading(t('topUp.redirecting'))
          redirect.to(data.redirect_url)
        } else setDeclared(true)
      })
      .catch((error: unknown) => {
        message.error(failureText(t('topUp.failed'), error))
      })

  const total = (provider: PaymentProvider) => {
    const q = quotePayment(provider, cents, { exchangeRate: bill.exchange_rate, paypalDomestic: domestic })
    return formatMoney(formatMinor(q.totalMinor, q.currency), q.currency, lang)
  }

  return (
    <Card
      size="small"
      title={
        <span>
          <CreditCardOutlined aria-hidden /> {t('topUp.method')}
        </span>
      }
      data-testid="pay-bill-online"
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          {o.vnpay ? (
            <Button onClick={() => void pay('vnpay')} loading={start.isPending}>
              {t('topUp.submit.vnpay')} · {total('vnpay')}
            </Button>
          ) : null}
          {o.paypal ? (
            <Button onClick={() => void pay('paypal')} loading={start.isPending}>
              {t('topUp.submit.paypal')} · {total('paypal')}
            </Button>
          ) : null}
          {o.paypal ? (
            <Checkbox checked={domestic} onChange={(e) => setDomestic(e.target.checked)}>
              {t('topUp.domestic')}
            </Checkbox>
          ) : null}
        </Flex>
        {o.bank ? (
          <>
            <Typography.Text strong>
              <BankOutlined aria-hidden /> {t('bank.title')}
            </Typography.Text>
            <BankTransferDetails
              bank={o.bank}
              content={bill.transfer_content}
              amount={bill.total_vnd}
              hint={t('bank.billHint')}
            />
            {declared ? (
              <Alert type="success" showIcon title={t('bank.declaredTitle')} />
            ) : (
              <Button onClick={() => void pay('bank')} loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('topUp.submit.bank')}
              </Button>
            )}
          </>
        ) : null}
      </Flex>
    </Card>
  )
}
