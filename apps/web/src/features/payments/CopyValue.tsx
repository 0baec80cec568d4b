import { CopyOutlined } from '@ant-design/icons'
import { App, Button, Flex, Tooltip, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { copyText } from '../../lib/clipboard.ts'
import { paymentsMessages } from './payments.i18n.ts'

/** A value to type into a bank app (an account number, the transfer content) with its copy button. */
export function CopyValue({ value, what, strong }: { value: string; what: string; strong?: boolean }) {
  const t = useT(paymentsMessages)
  const { message } = App.useApp()
  const label = t('bank.copy', { what })
  const onCopy = () =>
    copyText(value).then(
      () => message.success(t('bank.copied')),
      () => message.error(t('bank.copyFailed')),
    )
  return (
    <Flex gap={4} align="center" wrap>
      <Typography.Text code={strong} strong={strong} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography.Text>
      <Tooltip title={label}>
        <Button size="small" type="text" icon={<CopyOutlined />} aria-label={label} onClick={() => void onCopy()} />
      </Tooltip>
    </Flex>
  )
}
