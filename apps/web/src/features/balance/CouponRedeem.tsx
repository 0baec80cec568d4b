import { GiftOutlined } from '@ant-design/icons'
import { formatDate, formatMoney } from '@app/contract'
import { App, Button, Card, Form, Space, Typography } from 'antd'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { requiredRule } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { useRedeemCoupon } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'

const CODE_MAX = 64

interface Values {
  coupon: string
}

/**
 * Redeems a coupon code. Success shows the server's words (the credit and until when it can be spent);
 * a refusal says "coupon use failed" with the server's reason (unknown, used up, expired…).
 */
export function CouponRedeem() {
  const t = useT(balanceMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange } = useFadingErrors(form)
  const redeem = useRedeemCoupon()

  const onFinish = ({ coupon }: Values) =>
    redeem
      .mutateAsync(coupon.trim())
      .then(({ data, message: text }) => {
        message.success(
          text ||
            t('coupon.redeemed', {
              credit: formatMoney(data.log.credit, 'USD', lang),
              until: formatDate(data.log.expires_at, lang),
            }),
        )
        form.resetFields()
      })
      .catch((error: unknown) => {
        message.error(failureText(t('coupon.failed'), error))
      })

  return (
    <Card title={t('coupon.title')} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{t('coupon.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="redeem-coupon"
        layout="vertical"
        onFinish={onFinish}
        onFieldsChange={onFieldsChange}
      >
        <Form.Item<Values> label={t('coupon.code')} required style={{ marginBottom: 0 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item<Values> name="coupon" noStyle rules={[requiredRule('coupons.codeRequired')]}>
              <TextInput
                aria-label={t('coupon.code')}
                placeholder={t('coupon.placeholder')}
                maxLength={CODE_MAX}
                autoComplete="off"
                spellCheck={false}
                prefix={<GiftOutlined aria-hidden />}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={redeem.isPending}>
              {t('coupon.submit')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Card>
  )
}
