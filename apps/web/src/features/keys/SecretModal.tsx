import { KeyOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Modal, Typography, theme } from 'antd'
import { useT } from '../../i18n/define.ts'
import { FirstCallLink } from '../get-started/FirstCallLink.tsx'
import { CopyKeyButton } from './CopyKeyButton.tsx'
import { keysMessages } from './keys.i18n.ts'

export interface ShownSecret {
  /** The key's id: "Make your first call" opens Get started with it chosen (else with the newest key). */
  id?: string
  name: string
  secret: string
  /** Why there is a new secret: it titles the dialog. */
  reason: 'created' | 'duplicated' | 'rolled'
}

/** A new key's full secret, shown once right after it was issued, with a copy button. */
export function SecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const t = useT(keysMessages)
  const { token } = theme.useToken()
  return (
    <Modal
      open={shown !== null}
      title={
        <span>
          <KeyOutlined /> {shown ? t(`secret.${shown.reason}`, { name: shown.name }) : ''}
        </span>
      }
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <>
          <FirstCallLink keyId={shown?.id} />
          <Button type="primary" onClick={onClose}>
            {t('secret.done')}
          </Button>
        </>
      }
      destroyOnHidden
    >
      {shown ? (
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title={t('secret.once')} description={t('secret.onceHint')} />
          <Flex gap={8} align="center">
            <Typography.Text
              code
              data-testid="new-secret"
              style={{
                flex: 1,
                minWidth: 0,
                fontSize: 14,
                padding: '6px 8px',
                overflowWrap: 'anywhere',
                background: token.colorFillTertiary,
              }}
            >
              {shown.secret}
            </Typography.Text>
            <CopyKeyButton secret={shown.secret} name={shown.name} type="primary" />
          </Flex>
        </Flex>
      ) : null}
    </Modal>
  )
}
