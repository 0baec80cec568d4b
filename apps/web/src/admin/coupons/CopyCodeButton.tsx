import { CopyOutlined } from '@ant-design/icons'
import { App, Button, type ButtonProps, Tooltip } from 'antd'
import { useT } from '../../i18n/define.ts'
import { copyText } from '../../lib/clipboard.ts'
import { couponsMessages } from './coupons.i18n.ts'

/** Copies a coupon code; docs/requirements.md §3.9: a copy-success message, or a copy-failure one. */
export function CopyCodeButton({
  code,
  label,
  ...button
}: { code: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const t = useT(couponsMessages)
  const { message } = App.useApp()
  const onCopy = () =>
    copyText(code).then(
      () => message.success(t('coupons.copied')),
      () => message.error(t('coupons.copyFailed')),
    )
  const control = (
    <Button
      icon={<CopyOutlined />}
      aria-label={label ? undefined : t('coupons.copy', { code })}
      {...button}
      onClick={() => void onCopy()}
    >
      {label}
    </Button>
  )
  return label ? control : <Tooltip title={t('coupons.copy', { code })}>{control}</Tooltip>
}
