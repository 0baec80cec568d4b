import { DeleteOutlined, KeyOutlined } from '@ant-design/icons'
import { checkPasskeyName, formatDate, type Passkey } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Form, List, Modal, Popconfirm, Tag, Typography } from 'antd'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { problemText } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { LazyStepUpDialog } from '../step-up/LazyStepUpDialog.tsx'
import { needsStepUp, proveIdentity, type StepUpProof } from '../step-up/step-up.api.ts'
import { passkeysQuery, useAddPasskey, useDeletePasskey } from './passkeys.api.ts'
import { passkeySettingsMessages } from './passkeys.i18n.ts'

const nameRule = {
  validator: (_rule: unknown, value: string | undefined) => {
    const problem = checkPasskeyName(value ?? '')
    return problem ? Promise.reject(new Error(problemText(problem))) : Promise.resolve()
  },
}

/**
 * /settings/security: the account's passkeys (docs/auth.md "Passkeys"): add one (a step-up of this
 * session first, then the browser's dialog), see when each was added and last used, remove one.
 */
export function PasskeysSection() {
  const t = useT(passkeySettingsMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const list = useQuery(passkeysQuery())
  const add = useAddPasskey()
  const remove = useDeletePasskey()
  const [isNaming, setNaming] = useState(false)
  const [isProving, setProving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The name typed before a step-up was asked for, to go on with afterwards.
  const [pendingName, setPendingName] = useState('')
  const [form] = Form.useForm<{ name: string }>()
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window

  const create = (name: string) => {
    setFailure(null)
    setPendingName(name)
    add.mutate(name, {
      onSuccess: ({ message: text }) => {
        message.success(text)
        setNaming(false)
        form.resetFields()
      },
      onError: (error) => {
        if (needsStepUp(error)) {
          setProving(true)
          return
        }
        // Anything but our answer is the browser's WebAuthn dialog refusing (closed, timed out…).
        setFailure(serverMessage(error, 'any') ?? t('passkeys.cancelled'))
      },
    })
  }

  const onProve = async (proof: StepUpProof) => {
    await proveIdentity(proof)
    setProving(false)
    create(pendingName || t('passkeys.defaultName'))
  }

  return (
    <section aria-labelledby="passkeys-heading" style={{ maxWidth: 520, marginTop: 40 }}>
      <Typography.Title id="passkeys-heading" level={2} style={{ fontSize: 18, marginTop: 0 }}>
        <KeyOutlined /> {t('passkeys.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('passkeys.intro')}</Typography.Paragraph>
      <QueryState query={list}>
        {(passkeys: Passkey[]) => (
          <List
            data-testid="passkeys"
            size="small"
            bordered
            locale={{ emptyText: t('passkeys.empty') }}
            dataSource={passkeys}
            style={{ marginBottom: 16 }}
            renderItem={(passkey) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="remove"
                    title={t('passkeys.confirmRemove', { name: passkey.name })}
                    okText={t('passkeys.remove')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('passkeys.cancel')}
                    onConfirm={() =>
                      remove.mutateAsync(passkey.id).then(
                        ({ message: text }) => void message.success(text),
                        (error: Error) => void message.error(error.message),
                      )
                    }
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('passkeys.remove')} ${passkey.name}`}
                    >
                      {t('passkeys.remove')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span style={{ overflowWrap: 'anywhere' }}>
                      {passkey.name} {passkey.backed_up ? <Tag>{t('passkeys.synced')}</Tag> : null}
                    </span>
                  }
                  description={`${t('passkeys.created', { date: formatDate(passkey.created_at, lang) })} · ${
                    passkey.last_used_at
                      ? t('passkeys.lastUsed', { date: formatDate(passkey.last_used_at, lang) })
                      : t('passkeys.neverUsed')
                  }`}
                />
              </List.Item>
            )}
          />
        )}
      </QueryState>
      {supported ? (
        <Button type="primary" onClick={() => setNaming(true)}>
          {t('passkeys.add')}
        </Button>
      ) : (
        <Alert type="info" showIcon title={t('passkeys.unsupported')} />
      )}
      <Modal
        open={isNaming && !isProving}
        title={t('passkeys.nameTitle')}
        okText={t('passkeys.create')}
        cancelText={t('passkeys.cancel')}
        okButtonProps={{ loading: add.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setNaming(false)
          setFailure(null)
        }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: t('passkeys.defaultName') }}
          onFinish={({ name }) => create(name)}
          preserve
        >
          <Form.Item name="name" label={t('passkeys.name')} rules={[nameRule]}>
            <TextInput maxLength={64} placeholder={t('passkeys.namePlaceholder')} autoFocus />
          </Form.Item>
          {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
        </Form>
      </Modal>
      <LazyStepUpDialog
        open={isProving}
        onCancel={() => setProving(false)}
        onProve={onProve}
        confirmLabel={t('confirm')}
      />
    </section>
  )
}
