import { SafetyCertificateOutlined } from '@ant-design/icons'
import { STEP_UP_WINDOW_MINUTES } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Form, Modal, Typography } from 'antd'
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { useT } from '../../i18n/define.ts'
import { problemText } from '../../ui/form-rules.ts'
import { PasswordInput, TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { type StepUpProof, stepUpStatusQuery } from './step-up.api.ts'
import { stepUpMessages } from './step-up.i18n.ts'

const codeRule = {
  validator: (_rule: unknown, value: string | undefined) =>
    /^\d{6}$/.test((value ?? '').replace(/\s+/g, ''))
      ? Promise.resolve()
      : Promise.reject(new Error(problemText({ key: 'twoFactor.codeFormat' }))),
}

function intro(purpose: 'copy-key' | undefined, method: string | undefined) {
  if (purpose === 'copy-key') return method === 'totp' ? 'keyIntroCode' : 'keyIntroPassword'
  return method === 'totp' ? 'introCode' : 'introPassword'
}

/**
 * Asks for a fresh proof of identity (docs/auth.md "Step-up"): the password, or the authenticator
 * code when two-factor authentication is on, as the server says. `onProve` sends it and does what the
 * proof was for (reveal and copy a key); a refusal it throws (a wrong password, a lock) is shown here
 * and the dialog stays open; when it resolves the parent closes the dialog.
 */
export function StepUpDialog({
  open,
  onCancel,
  onProve,
  confirmLabel,
  purpose,
}: {
  open: boolean
  onCancel: () => void
  onProve: (proof: StepUpProof) => Promise<void>
  /** The OK button's words when the act is not a copy (adding a passkey, new recovery codes). */
  confirmLabel?: string
  /** `copy-key`: the words of copying a key's secret; otherwise the dialog names no act. */
  purpose?: 'copy-key'
}) {
  const t = useT(stepUpMessages)
  const status = useQuery({ ...stepUpStatusQuery(), enabled: open })
  const [form] = Form.useForm<{ password?: string; code?: string }>()
  const [failure, setFailure] = useState<string | null>(null)
  const [isProving, setProving] = useState(false)
  const method = status.data?.methods[0]

  const close = () => {
    setFailure(null)
    form.resetFields()
    onCancel()
  }

  const onFinish = async (values: { password?: string; code?: string }) => {
    setFailure(null)
    setProving(true)
    try {
      await onProve(
        method === 'totp' ? { code: (values.code ?? '').replace(/\s+/g, '') } : { password: values.password ?? '' },
      )
      form.resetFields()
    } catch (error) {
      form.setFieldValue(method === 'totp' ? 'code' : 'password', '')
      setFailure(error instanceof ApiError ? error.message : String((error as Error).message ?? error))
    } finally {
      setProving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={
        <span>
          <SafetyCertificateOutlined /> {t('title')}
        </span>
      }
      onCancel={close}
      okText={confirmLabel ?? t(purpose === 'copy-key' ? 'confirmCopy' : 'confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: isProving, disabled: !method }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <QueryState query={status}>
        {(data) =>
          data.methods.length === 0 ? (
            <Alert type="warning" showIcon title={t('unavailable')} />
          ) : (
            <Form
              form={form}
              layout="vertical"
              onFinish={(values) => void onFinish(values)}
              validateTrigger="onSubmit"
              requiredMark={false}
            >
              <Typography.Paragraph type="secondary">
                {t(intro(purpose, method), { minutes: STEP_UP_WINDOW_MINUTES })}
              </Typography.Paragraph>
              {method === 'totp' ? (
                <Form.Item name="code" label={t('code')} rules={[codeRule]}>
                  <TextInput
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={7}
                    placeholder="123456"
                    autoFocus
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="password"
                  label={t('password')}
                  rules={[{ required: true, message: problemText({ key: 'stepUp.proofRequired' }) }]}
                >
                  <PasswordInput autoComplete="current-password" autoFocus />
                </Form.Item>
              )}
              {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
            </Form>
          )
        }
      </QueryState>
    </Modal>
  )
}
