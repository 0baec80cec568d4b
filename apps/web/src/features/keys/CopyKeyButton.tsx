import { CopyOutlined } from '@ant-design/icons'
import { App, Button, type ButtonProps, Tooltip } from 'antd'
import { useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { copyText } from './clipboard.ts'
import { keyCopyMessages } from './key-copy.i18n.ts'
import { revealSecret } from './keys.api.ts'

/**
 * Copies a key's secret: fetched from the server when pressed (lists only carry a preview), then put
 * on the clipboard, with SPEC's "copy success" toast, or a failure toast. `secret` copies a secret the
 * screen already holds (a key just created) without asking the server.
 */
export function CopyKeyButton({
  keyId,
  secret,
  name,
  label,
  ...button
}: { keyId?: string; secret?: string; name?: string; label?: string } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const t = useT(keyCopyMessages)
  const { message } = App.useApp()
  const [isCopying, setCopying] = useState(false)
  const title = name ? t('copyNamed', { name }) : t('copy')

  const onCopy = async () => {
    setCopying(true)
    try {
      await copyText(secret ?? revealSecret(keyId ?? ''))
      message.success(t('copied'))
    } catch {
      message.error(t('failed'))
    } finally {
      setCopying(false)
    }
  }

  const control = (
    <Button
      icon={<CopyOutlined />}
      aria-label={label ? undefined : title}
      {...button}
      loading={isCopying}
      onClick={() => void onCopy()}
    >
      {label}
    </Button>
  )
  return label ? control : <Tooltip title={title}>{control}</Tooltip>
}
