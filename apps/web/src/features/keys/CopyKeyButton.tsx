import { CopyOutlined } from '@ant-design/icons'
import { App, Button, type ButtonProps, Tooltip } from 'antd'
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { useT } from '../../i18n/define.ts'
import { copyText } from '../../lib/clipboard.ts'
import { LazyStepUpDialog } from '../step-up/LazyStepUpDialog.tsx'
import { needsStepUp, proveIdentity, type StepUpProof } from '../step-up/step-up.api.ts'
import { keyCopyMessages } from './key-copy.i18n.ts'
import { revealSecret } from './keys.api.ts'

/**
 * Copies a key's secret: fetched from the server when pressed (lists only carry a preview), then put
 * on the clipboard, with the "copy success" toast, or a failure toast. `secret` copies a secret the
 * screen already holds (a key just created) without asking the server. When the server first wants a
 * fresh proof of identity (step-up, docs/auth.md), a dialog asks for it and the copy is retried.
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
  const [isProving, setProving] = useState(false)
  const title = name ? t('copyNamed', { name }) : t('copy')

  const onCopy = async () => {
    setCopying(true)
    try {
      await copyText(secret ?? revealSecret(keyId ?? ''))
      message.success(t('copied'))
    } catch (error) {
      if (needsStepUp(error)) setProving(true)
      else message.error(t('failed'))
    } finally {
      setCopying(false)
    }
  }

  /** The proof, then the reveal, started by the dialog's click so the clipboard write keeps its gesture. */
  const onProve = async (proof: StepUpProof) => {
    try {
      await copyText(proveIdentity(proof).then(() => revealSecret(keyId ?? '')))
    } catch (error) {
      // The server's refusal (a wrong password, a lock) stays in the dialog; a copy that failed closes it.
      if (error instanceof ApiError && !needsStepUp(error)) throw error
      setProving(false)
      message.error(t('failed'))
      return
    }
    setProving(false)
    message.success(t('copied'))
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
  return (
    <>
      {label ? control : <Tooltip title={title}>{control}</Tooltip>}
      <LazyStepUpDialog
        purpose="copy-key"
        open={Boolean(keyId && !secret && isProving)}
        onCancel={() => setProving(false)}
        onProve={onProve}
      />
    </>
  )
}
