import { Checkbox, Flex, Form, InputNumber } from 'antd'
import { i18n } from '../../i18n/i18n.ts'
import { checkLimit } from './coupon-rules.ts'

/**
 * A limit that is a number of at least 1 or, with "Unlimited" ticked, -1 (docs/requirements.md §11.2). The form holds it
 * as two fields, `limit_unlimited` and `limit_count`; `limitOf` turns them into what the server takes.
 */
export function LimitField(props: { label: string; help: string; unlimited: string; count: string }) {
  const form = Form.useFormInstance()
  const isUnlimited = Form.useWatch('limit_unlimited', form) === true
  return (
    <Form.Item label={props.label} extra={props.help} required={!isUnlimited} style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap align="flex-start">
        <Form.Item name="limit_unlimited" valuePropName="checked" noStyle>
          <Checkbox onChange={() => form.setFields([{ name: 'limit_count', errors: [] }])} style={{ marginTop: 5 }}>
            {props.unlimited}
          </Checkbox>
        </Form.Item>
        <Form.Item
          name="limit_count"
          dependencies={['limit_unlimited']}
          style={{ marginBottom: 0, flex: '1 1 160px', maxWidth: 240 }}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: number | null) => {
                if (getFieldValue('limit_unlimited')) return Promise.resolve()
                const problem = checkLimit(value)
                return problem ? Promise.reject(new Error(i18n.message(problem.key))) : Promise.resolve()
              },
            }),
          ]}
        >
          <InputNumber<number>
            aria-label={props.count}
            min={1}
            max={1_000_000}
            precision={0}
            disabled={isUnlimited}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Flex>
    </Form.Item>
  )
}
