import type { Coupon } from '@app/contract'
import { formatMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Flex, Form, InputNumber, Modal, Result, Select, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { i18n } from '../../i18n/i18n.ts'
import { useLang } from '../../i18n/lang.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { wireMoney } from '../balance/balance-rules.ts'
import { CopyCodeButton } from './CopyCodeButton.tsx'
import { checkCredit, checkExpiryDays, limitOf, utcToday } from './coupon-rules.ts'
import { couponTypeChoicesQuery, createCouponCall } from './coupons.api.ts'
import { couponsMessages } from './coupons.i18n.ts'
import { LimitField } from './LimitField.tsx'

interface CouponValues {
  type_id: string | undefined
  credit: string
  description: string
  date_expried: Dayjs | null
  balance_expires_day: number | null
  limit_unlimited: boolean
  limit_count: number | null
}

const INITIAL: CouponValues = {
  type_id: undefined,
  credit: '',
  description: '',
  date_expried: null,
  balance_expires_day: null,
  limit_unlimited: false,
  limit_count: null,
}

const dayOf = (date: Dayjs) => date.format('YYYY-MM-DD')

/**
 * Creates a coupon (docs/requirements.md §11.2): a type that exists, credit in USD above 0, an expiry date from today
 * on, balance expiry days above 1 and a limit (or unlimited, sent as -1). The server generates the
 * code, shown afterwards with a copy button.
 */
export function CouponFormModal({
  open,
  typeId,
  onClose,
}: {
  open: boolean
  typeId: string | null
  onClose: () => void
}) {
  const t = useT(couponsMessages)
  const [created, setCreated] = useState<Coupon | null>(null)
  const close = () => {
    setCreated(null)
    onClose()
  }
  return (
    <Modal
      open={open}
      onCancel={close}
      title={created ? t('couponForm.created') : t('couponForm.title')}
      footer={null}
      width={600}
      destroyOnHidden
    >
      {!open ? null : created ? (
        <CreatedCoupon coupon={created} onAnother={() => setCreated(null)} onDone={close} />
      ) : (
        <CouponForm typeId={typeId} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  )
}

function CreatedCoupon({ coupon, onAnother, onDone }: { coupon: Coupon; onAnother: () => void; onDone: () => void }) {
  const t = useT(couponsMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  return (
    <Result
      status="success"
      style={{ padding: '16px 0' }}
      title={
        <Flex gap={8} align="center" justify="center" wrap>
          <Typography.Text code style={{ fontSize: 22 }}>
            {coupon.code}
          </Typography.Text>
          <CopyCodeButton code={coupon.code} label={common('actions.copy')} />
        </Flex>
      }
      subTitle={
        <>
          {`${coupon.type_name} · ${formatMoney(coupon.credit, 'USD', lang)}`}
          <br />
          {t('couponForm.createdHint')}
        </>
      }
      extra={[
        <Button key="another" onClick={onAnother}>
          {t('couponForm.another')}
        </Button>,
        <Button key="done" type="primary" onClick={onDone}>
          {t('couponForm.done')}
        </Button>,
      ]}
    />
  )
}

function CouponForm({
  typeId,
  onCreated,
  onCancel,
}: {
  typeId: string | null
  onCreated: (coupon: Coupon) => void
  onCancel: () => void
}) {
  const t = useT(couponsMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<CouponValues>()
  const { onFieldsChange, showServerErrors, showFieldError } = useFadingErrors(form)
  const types = useQuery(couponTypeChoicesQuery())
  const create = useAppMutation({
    ...createCouponCall,
    success: ({ message }) => message,
    failure: t('couponForm.failed'),
    onSuccess: ({ data }) => onCreated(data),
    onError: (error) => {
      if (showServerErrors(error)) return true
      const reason = serverMessage(error)
      // "Coupon Type not exist !" and "Invalid date Expired !" belong next to their fields as well.
      if (error instanceof ApiError && reason === i18n.message('coupons.typeNotExist'))
        showFieldError('type_id', reason)
      if (error instanceof ApiError && reason === i18n.message('coupons.dateExpiredInvalid'))
        showFieldError('date_expried', reason)
      return false
    },
  })
  const today = utcToday(new Date())

  const onFinish = (values: CouponValues) => {
    const limit = limitOf(values.limit_unlimited, values.limit_count)
    if (!values.type_id || !values.date_expried || values.balance_expires_day === null || limit === null) return
    create.run({
      type_id: values.type_id,
      credit: wireMoney(values.credit),
      description: values.description.trim() || null,
      date_expried: dayOf(values.date_expried),
      balance_expires_day: values.balance_expires_day,
      limit,
    })
  }

  return (
    <Form<CouponValues>
      form={form}
      layout="vertical"
      initialValues={{ ...INITIAL, type_id: typeId ?? undefined }}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item<CouponValues>
        name="type_id"
        label={t('couponForm.type')}
        required
        validateStatus={types.isError ? 'error' : undefined}
        help={types.isError ? t('couponForm.typesFailed') : undefined}
        rules={[{ required: true, message: t('couponForm.typeRequired') }]}
      >
        <Select<string>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('couponForm.typePlaceholder')}
          loading={types.isFetching}
          options={(types.data ?? []).map((type) => ({ value: type.id, label: `${type.name} (${type.event_code})` }))}
        />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item<CouponValues>
          name="credit"
          label={t('couponForm.credit')}
          extra={t('couponForm.creditHelp')}
          required
          rules={[ruleFrom(checkCredit)]}
          style={{ flex: '1 1 220px' }}
        >
          <TextInput prefix="$" suffix="USD" inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item<CouponValues>
          name="date_expried"
          label={t('couponForm.expiry')}
          extra={t('couponForm.expiryHelp')}
          required
          rules={[{ required: true, message: t('couponForm.expiryRequired') }]}
          style={{ flex: '1 1 220px' }}
        >
          <DatePicker
            aria-label={t('couponForm.expiry')}
            disabledDate={(date) => dayOf(date) < today}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Flex>
      <Form.Item<CouponValues>
        name="balance_expires_day"
        label={t('couponForm.creditDays')}
        extra={t('couponForm.creditDaysHelp')}
        required
        rules={[
          {
            validator: (_rule, value: number | null) => {
              const problem = checkExpiryDays(value)
              return problem ? Promise.reject(new Error(i18n.message(problem.key))) : Promise.resolve()
            },
          },
        ]}
      >
        <InputNumber<number>
          aria-label={t('couponForm.creditDays')}
          min={1}
          max={3650}
          precision={0}
          style={{ width: '100%', maxWidth: 220 }}
        />
      </Form.Item>
      <LimitField
        label={t('couponForm.limit')}
        help={t('couponForm.limitHelp')}
        unlimited={t('couponForm.unlimited')}
        count={t('couponForm.limitCount')}
      />
      <Form.Item<CouponValues> name="description" label={t('couponForm.description')}>
        <TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('couponForm.submit')}
        </Button>
      </Flex>
    </Form>
  )
}
