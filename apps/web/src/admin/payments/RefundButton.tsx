import { RollbackOutlined, SyncOutlined } from '@ant-design/icons'
import { formatMoney, type Payment, parseMoney } from '@app/contract'
import { App, Button, Form, Modal, Typography } from 'antd'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { newIdempotencyKey } from '../../api/idempotency.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useCheckRefund, useRefundPayment } from './payments.api.ts'
import { adminPaymentsMessages } from './payments.i18n.ts'

/** An amount in the payment's currency as minor units (đồng, cents), or null when it is not one. */
function minorOf(value: string, currency: Payment['currency']): bigint | null {
  const text = value.trim()
  if (currency === 'VND') return /^\d{1,12}$/.test(text) ? BigInt(text) : null
  return parseMoney(text)
}

/**
 * The Refund action on a succeeded VNPay or PayPal top-up (docs/payments.md "Refunds"): a dialog that
 * says what the refund does, takes the amount (the whole refundable amount by default, or a part of
 * it) and a reason, and sends one refund per opening of the dialog (its Idempotency-Key).
 */
export function RefundButton({ payment }: { payment: Payment }) {
  const t = useT(adminPaymentsMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const refund = useRefundPayment()
  const [key, setKey] = useState<string | null>(null)
  const [form] = Form.useForm<{ amount: string; reason: string }>()
  const refundable = minorOf(payment.refundable, payment.currency) ?? 0n
  const shown = formatMoney(payment.refundable, payment.currency, lang)
  const provider = t(`providers.${payment.provider}`)

  const onOk = () =>
    form.validateFields().then(({ amount, reason }) =>
      refund
        .mutateAsync({ id: payment.id, amount: amount.trim(), reason: reason.trim(), key: key ?? newIdempotencyKey() })
        .then((answer) => {
          message.success(answer.message)
          setKey(null)
        })
        .catch((error: unknown) => {
          message.error(failureText(t('refund.failed'), error))
        }),
    )

  return (
    <>
      <Button size="small" danger icon={<RollbackOutlined />} onClick={() => setKey(newIdempotencyKey())}>
        {t('refund.button')}
      </Button>
      <Modal
        open={key !== null}
        title={t('refund.title', { reference: payment.reference })}
        okText={t('refund.button')}
        okButtonProps={{ danger: true, loading: refund.isPending }}
        cancelText={common('actions.cancel')}
        onOk={() => void onOk().catch(() => undefined)}
        onCancel={() => setKey(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('refund.text', {
            email: payment.user_email,
            provider,
            credit: formatMoney(payment.amount, 'USD', lang),
          })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ amount: payment.refundable, reason: '' }}>
          <Form.Item
            name="amount"
            label={t('refund.amount', { currency: payment.currency })}
            extra={t('refund.amountHint', { refundable: shown })}
            rules={[
              { required: true, whitespace: true, message: t('refund.amountRequired') },
              {
                validator: (_rule, value: string | undefined) => {
                  if (!value?.trim()) return Promise.resolve()
                  const minor = minorOf(value, payment.currency)
                  if (minor === null) return Promise.reject(new Error(t('refund.amountInvalid')))
                  if (minor <= 0n) return Promise.reject(new Error(t('refund.amountNotPositive')))
                  if (minor > refundable)
                    return Promise.reject(new Error(t('refund.amountTooLarge', { refundable: shown })))
                  return Promise.resolve()
                },
              },
            ]}
          >
            <TextInput inputMode="decimal" addonAfter={payment.currency} style={{ maxWidth: 260 }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('refund.reason')}
            rules={[{ required: true, whitespace: true, message: t('refund.reasonRequired') }]}
          >
            <TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

/**
 * "Check with VNPay" on a VNPay refund still in flight (its refund call got no answer): asks VNPay now
 * and settles it by VNPay's answer — made (taken from the balance once), not made (released, the
 * payment can be refunded again), or not settled yet (docs/payments.md "Refunds").
 */
export function CheckRefundButton({ payment }: { payment: Payment }) {
  const t = useT(adminPaymentsMessages)
  const { message } = App.useApp()
  const check = useCheckRefund()
  const onClick = () =>
    check
      .mutateAsync(payment.id)
      .then((answer) => {
        if (answer.data.refund_pending) message.info(answer.message)
        else message.success(answer.message)
      })
      .catch((error: unknown) => {
        message.error(failureText(t('refund.checkFailed'), error))
      })
  return (
    <Button size="small" icon={<SyncOutlined />} loading={check.isPending} onClick={() => void onClick()}>
      {t('refund.check')}
    </Button>
  )
}
