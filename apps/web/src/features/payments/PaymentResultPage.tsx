import { LoadingOutlined } from '@ant-design/icons'
import { ErrorCode, formatDateTime, formatMoney, type Payment } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Flex, Result, Spin, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { serverMessage } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { inCurrency, paidText } from './payment-format.tsx'
import { paymentQuery, useCancelPayment, useCapturePaypal, useRefreshMoney, vnpayReturnQuery } from './payments.api.ts'
import { paymentsMessages } from './payments.i18n.ts'

/** Seconds before a final result goes back to the dashboard by itself. */
const COUNTDOWN_S = 10

/**
 * /billing/vnpay_return: VNPay sent the browser back with signed parameters. The server checks the
 * signature and answers the payment as it knows it (the IPN decides, not this page); while VNPay has
 * not confirmed it, the page asks again every few seconds.
 */
export function VnpayReturnPage() {
  const [searchParams] = useSearchParams()
  const search = searchParams.toString()
  const checked = useQuery({ ...vnpayReturnQuery(search), enabled: searchParams.has('vnp_SecureHash') })
  if (!searchParams.has('vnp_SecureHash') || checked.isError) {
    return <Invalid reason={checked.isError ? serverMessage(checked.error) : null} />
  }
  if (!checked.data) return <Waiting />
  return <Followed initial={checked.data.payment} />
}

/**
 * /billing/paypal_return: PayPal sent the buyer back after approving (`?payment=…&token=…`) or
 * cancelling (`&cancelled=1`). Approval: the server captures the order (idempotent, so a reload is
 * harmless). Cancellation: the payment is cancelled before anything is captured.
 */
export function PaypalReturnPage() {
  const [searchParams] = useSearchParams()
  const id = searchParams.get('payment') ?? ''
  const orderId = searchParams.get('token') ?? ''
  const isCancel = searchParams.get('cancelled') === '1'
  const capture = useCapturePaypal()
  const cancel = useCancelPayment()
  const started = useRef(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [declined, setDeclined] = useState<{ approveUrl: string | null } | null>(null)
  const [isDone, setDone] = useState(false)

  useEffect(() => {
    if (started.current || !id || !orderId) return
    started.current = true
    const settle = isCancel ? cancel.mutateAsync(id) : capture.mutateAsync(orderId)
    settle
      .catch((error: unknown) => {
        // A declined card is not the end (PayPal's guide: restart the payment): the buyer goes back to
        // PayPal's approval page and picks another funding source; the payment is still pending.
        if (error instanceof ApiError && error.code === ErrorCode.InstrumentDeclined) {
          const url = (error.data as { approve_url?: unknown } | null)?.approve_url
          setDeclined({ approveUrl: typeof url === 'string' ? url : null })
          return
        }
        // A payment already final cannot be cancelled again; the page shows it as it is.
        if (!isCancel) setFailure(serverMessage(error))
      })
      .finally(() => setDone(true))
  }, [id, orderId, isCancel, capture, cancel])

  if (!id || !orderId) return <Invalid reason={null} />
  if (!isDone) return <Waiting capturing={!isCancel} />
  if (declined) return <Declined approveUrl={declined.approveUrl} />
  return <Followed initial={null} id={id} failure={failure} />
}

/** The card was declined at capture: nothing was charged, and the same order can be paid another way. */
function Declined({ approveUrl }: { approveUrl: string | null }) {
  const t = useT(paymentsMessages)
  const navigate = useNavigate()
  useDocumentTitle(t('result.titles.declined'))
  return (
    <Flex vertical align="center" data-testid="payment-result" data-status="declined">
      <Result
        status="warning"
        title={t('result.titles.declined')}
        subTitle={t('result.texts.declined')}
        extra={
          <Flex gap={8} wrap justify="center">
            {approveUrl ? (
              <Button type="primary" href={approveUrl}>
                {t('result.anotherCard')}
              </Button>
            ) : null}
            <Button onClick={() => navigate(paths.dashboard)}>{t('result.back')}</Button>
          </Flex>
        }
      />
    </Flex>
  )
}

function Followed({ initial, id, failure }: { initial: Payment | null; id?: string; failure?: string | null }) {
  const payment = useQuery(paymentQuery(initial?.id ?? id ?? ''))
  const current = payment.data ?? initial
  if (!current) return payment.isError ? <Invalid reason={serverMessage(payment.error)} /> : <Waiting />
  return <ResultView payment={current} failure={failure ?? null} />
}

function Waiting({ capturing }: { capturing?: boolean }) {
  const t = useT(paymentsMessages)
  useDocumentTitle(t('result.titles.pending'))
  return (
    <Result
      icon={<Spin indicator={<LoadingOutlined style={{ fontSize: 48 }} spin />} />}
      title={capturing ? t('result.capturing') : t('result.titles.pending')}
    />
  )
}

function Invalid({ reason }: { reason: string | null }) {
  const t = useT(paymentsMessages)
  const navigate = useNavigate()
  useDocumentTitle(t('result.titles.invalid'))
  return (
    <Result
      status="warning"
      title={t('result.titles.invalid')}
      subTitle={reason ?? t('result.texts.invalid')}
      extra={
        <Button type="primary" onClick={() => navigate(paths.dashboard)}>
          {t('result.back')}
        </Button>
      }
    />
  )
}

function ResultView({ payment, failure }: { payment: Payment; failure: string | null }) {
  const t = useT(paymentsMessages)
  const lang = useLang()
  const navigate = useNavigate()
  const refresh = useRefreshMoney()
  const status = payment.status
  const isFinal = status === 'succeeded' || status === 'failed' || status === 'cancelled'
  const [seconds, setSeconds] = useState(COUNTDOWN_S)
  useDocumentTitle(t(`result.titles.${status}`))

  // Once final, the balance and the logs elsewhere are out of date; and the page counts down.
  const refreshed = useRef(false)
  useEffect(() => {
    if (!isFinal || refreshed.current) return
    refreshed.current = true
    void refresh()
  }, [isFinal, refresh])
  useEffect(() => {
    if (!isFinal) return
    if (seconds <= 0) {
      navigate(paths.dashboard)
      return
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [isFinal, seconds, navigate])

  const orderId = payment.provider === 'paypal' ? (payment.provider_order_id ?? payment.reference) : payment.reference
  const when = payment.pay_date ?? payment.completed_at ?? payment.created_at
  const isBill = payment.purpose === 'bill'
  const isCharged = status === 'succeeded'
  // Only a failed payment is an error; a cancelled one is the customer's choice. Neither took money.
  const failureNotice =
    status === 'failed'
      ? t(payment.provider === 'vnpay' ? 'result.failureDomestic' : 'result.failureInternational', {
          amount: paidText(payment, lang),
          date: formatDateTime(when, lang),
          order: orderId,
        })
      : null
  const items = [
    ...(isBill && payment.bill_code
      ? [
          {
            key: 'bill',
            label: t('result.bill'),
            children: <Typography.Text code>{payment.bill_code}</Typography.Text>,
          },
        ]
      : []),
    {
      key: 'amount',
      label: t(
        isCharged
          ? 'result.amount'
          : status === 'failed' || status === 'cancelled'
            ? 'result.notCharged'
            : 'result.amountToPay',
      ),
      children: paidText(payment, lang),
    },
    {
      key: 'date',
      label: t('result.payDate'),
      children: payment.pay_date ? formatDateTime(payment.pay_date, lang) : '—',
    },
    { key: 'tran', label: t('result.bankTranNo'), children: payment.bank_tran_no ?? payment.provider_txn_id ?? '—' },
    {
      key: 'bank',
      label: t('result.bank'),
      children: payment.provider === 'paypal' ? 'PayPal' : (payment.bank_code ?? '—'),
    },
    { key: 'order', label: t('result.orderId'), children: <Typography.Text code>{orderId}</Typography.Text> },
    ...(isCharged
      ? [{ key: 'fee', label: t('result.fee'), children: inCurrency(payment.fee, payment.currency, lang) }]
      : []),
    // What reached the account: the balance for a top-up, the bill for a bill payment.
    {
      key: 'real',
      label: t(isBill ? 'result.billAmount' : 'result.realAmount'),
      children: isCharged ? formatMoney(payment.amount, 'USD', lang) : formatMoney('0', 'USD', lang),
    },
    ...(payment.response_code ? [{ key: 'code', label: t('result.code'), children: payment.response_code }] : []),
  ]
  const subTitle =
    status === 'succeeded' && isBill
      ? t('result.texts.succeededBill', {
          amount: formatMoney(payment.amount, 'USD', lang),
          code: payment.bill_code ?? '',
        })
      : t(`result.texts.${status}`, { amount: formatMoney(payment.amount, 'USD', lang) })
  const resultStatus =
    status === 'succeeded' ? 'success' : status === 'failed' ? 'error' : status === 'cancelled' ? 'warning' : 'info'
  return (
    <Flex vertical align="center" data-testid="payment-result" data-status={status}>
      <Result
        status={resultStatus}
        icon={isFinal ? undefined : <Spin indicator={<LoadingOutlined style={{ fontSize: 48 }} spin />} />}
        title={t(`result.titles.${status}`)}
        subTitle={subTitle}
        extra={
          <Flex vertical gap={8} align="center">
            {isFinal ? (
              <Typography.Text type="secondary" aria-live="polite">
                {t('result.countdown', { seconds })}
              </Typography.Text>
            ) : null}
            <Flex gap={8} wrap justify="center">
              <Button type="primary" onClick={() => navigate(paths.dashboard)}>
                {t('result.back')}
              </Button>
              {status === 'failed' || status === 'cancelled' ? (
                <Button onClick={() => navigate(payment.bill_id ? paths.bill(payment.bill_id) : paths.payment)}>
                  {t('result.again')}
                </Button>
              ) : null}
            </Flex>
          </Flex>
        }
      />
      <Flex vertical gap={12} style={{ width: '100%', maxWidth: 640 }}>
        {failureNotice ? (
          <Alert type="error" showIcon title={failureNotice} description={failure ?? undefined} />
        ) : null}
        <Descriptions size="small" bordered column={1} items={items} />
      </Flex>
    </Flex>
  )
}
