import { formatMoney } from '@app/contract'
import { Button, Descriptions, Flex, Form, Modal } from 'antd'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { requiredRule, ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { addBalanceCall } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'
import { balanceAfter, checkAmount, wireMoney } from './balance-rules.ts'

/** Whom the balance is added to; `balance` (a wire decimal) when it is known. */
export interface BalanceTarget {
  id: string
  name: string
  balance: string | null
}

interface AddBalanceValues {
  amount: string
  description: string
}

/**
 * Adds balance to one account (docs/requirements.md §4.8): an amount in USD above 0 with at most 2 decimals and a
 * required description, checked as the server checks them. Success shows the server's message and
 * closes; a refusal keeps the form open with the server's reason.
 */
export function AddBalanceModal({ target, onClose }: { target: BalanceTarget | null; onClose: () => void }) {
  const t = useT(balanceMessages)
  return (
    <Modal
      open={target !== null}
      onCancel={onClose}
      title={target ? t('add.title', { name: target.name }) : ''}
      footer={null}
      destroyOnHidden
    >
      {target ? <AddBalanceForm target={target} onDone={onClose} /> : null}
    </Modal>
  )
}

function AddBalanceForm({ target, onDone }: { target: BalanceTarget; onDone: () => void }) {
  const t = useT(balanceMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  const [form] = Form.useForm<AddBalanceValues>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const add = useAppMutation({
    ...addBalanceCall,
    success: ({ message }) => message,
    failure: t('add.failed'),
    onSuccess: onDone,
    onError: showServerErrors,
  })
  const amount = Form.useWatch('amount', form) ?? ''
  const after = target.balance === null ? null : balanceAfter(target.balance, amount)

  const onFinish = (values: AddBalanceValues) =>
    add.run({ userId: target.id, amount: wireMoney(values.amount), description: values.description.trim() })

  return (
    <Form<AddBalanceValues>
      form={form}
      layout="vertical"
      initialValues={{ amount: '', description: '' }}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      {target.balance !== null ? (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'now', label: t('add.current'), children: formatMoney(target.balance, 'USD', lang) },
            ...(after ? [{ key: 'after', label: t('add.after'), children: formatMoney(after, 'USD', lang) }] : []),
          ]}
        />
      ) : null}
      <Form.Item<AddBalanceValues>
        name="amount"
        label={t('add.amount')}
        extra={t('add.amountHelp')}
        required
        rules={[ruleFrom(checkAmount)]}
      >
        <TextInput prefix="$" suffix="USD" inputMode="decimal" autoComplete="off" autoFocus style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item<AddBalanceValues>
        name="description"
        label={t('add.description')}
        extra={t('add.descriptionHelp')}
        required
        rules={[requiredRule('balance.descriptionRequired')]}
      >
        <TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('add.submit')}
        </Button>
      </Flex>
    </Form>
  )
}
