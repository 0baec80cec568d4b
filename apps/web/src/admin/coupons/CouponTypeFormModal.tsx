import { Button, Flex, Form, Modal } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { requiredRule, ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { checkEventCode, EVENT_CODE_MAX, limitOf, normalizeEventCode } from './coupon-rules.ts'
import { createCouponTypeCall } from './coupons.api.ts'
import { couponsMessages } from './coupons.i18n.ts'
import { LimitField } from './LimitField.tsx'

interface CouponTypeValues {
  name: string
  event_code: string
  limit_unlimited: boolean
  limit_count: number | null
  description: string
}

const INITIAL: CouponTypeValues = {
  name: '',
  event_code: '',
  limit_unlimited: true,
  limit_count: null,
  description: '',
}

/**
 * Creates a coupon type (docs/requirements.md §11.1): name and event code required, the code in A–Z, 0–9, _ and - (typed
 * letters become capitals, and the rule is checked as it is typed), a limit of coupons or unlimited.
 * A refusal says "Create Coupon type failed !" with the server's reason.
 */
export function CouponTypeFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(couponsMessages)
  return (
    <Modal open={open} onCancel={onClose} title={t('typeForm.title')} footer={null} destroyOnHidden>
      {open ? <CouponTypeForm onDone={onClose} /> : null}
    </Modal>
  )
}

function CouponTypeForm({ onDone }: { onDone: () => void }) {
  const t = useT(couponsMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<CouponTypeValues>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const create = useAppMutation({
    ...createCouponTypeCall,
    success: ({ message }) => message,
    failure: (error) => {
      const reason = serverMessage(error)
      return reason ? t('typeForm.failedBecause', { reason }) : t('typeForm.failed')
    },
    onSuccess: onDone,
    onError: (error) => {
      showServerErrors(error)
      return false
    },
  })

  const onFinish = (values: CouponTypeValues) => {
    const limit = limitOf(values.limit_unlimited, values.limit_count)
    if (limit === null) return
    create.run({
      name: values.name.trim(),
      event_code: values.event_code.trim(),
      limit,
      description: values.description.trim() || null,
    })
  }

  return (
    <Form<CouponTypeValues>
      form={form}
      layout="vertical"
      initialValues={INITIAL}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item<CouponTypeValues>
        name="name"
        label={t('typeForm.name')}
        required
        rules={[requiredRule('coupons.typeNameRequired')]}
      >
        <TextInput maxLength={255} autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item<CouponTypeValues>
        name="event_code"
        label={t('typeForm.eventCode')}
        extra={t('typeForm.eventCodeHelp')}
        required
        normalize={normalizeEventCode}
        rules={[ruleFrom(checkEventCode)]}
      >
        <TextInput
          maxLength={EVENT_CODE_MAX}
          autoComplete="off"
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <LimitField
        label={t('typeForm.limit')}
        help={t('typeForm.limitHelp')}
        unlimited={t('typeForm.unlimited')}
        count={t('typeForm.limitCount')}
      />
      <Form.Item<CouponTypeValues> name="description" label={t('typeForm.description')}>
        <TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('typeForm.submit')}
        </Button>
      </Flex>
    </Form>
  )
}
