import { CopyOutlined, DownloadOutlined, KeyOutlined } from '@ant-design/icons'
import { formatDate } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Flex, Modal, Popconfirm, Typography } from 'antd'
import { useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LazyStepUpDialog } from '../step-up/LazyStepUpDialog.tsx'
import { needsStepUp, proveIdentity, type StepUpProof } from '../step-up/step-up.api.ts'
import { recoveryCodesQuery, useRegenerateRecoveryCodes } from './passkeys.api.ts'
import { passkeySettingsMessages } from './passkeys.i18n.ts'

/** A new set of recovery codes, shown this once, with copy and download (docs/auth.md "Recovery codes"). */
export function FreshRecoveryCodes({ codes, onDone }: { codes: string[] | null; onDone: () => void }) {
  const t = useT(passkeySettingsMessages)
  const { message } = App.useApp()
  const text = (codes ?? []).join('\n')

  const copy = async () => {
    await navigator.clipboard.writeText(text)
    message.success(t('codes.copied'))
  }
  const download = () => {
    const file = new Blob([`${t('codes.fileTitle')}\n${t('codes.fileNote')}\n\n${text}\n`], { type: 'text/plain' })
    const link = document.createElement('a')
    link.href = URL.createObjectURL(file)
    link.download = 'maps-portal-recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(link.href)
  }

  return (
    <Modal
      open={codes !== null}
      title={t('codes.shownOnceTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone}>
          {t('codes.saved')}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('codes.shownOnce')}</Typography.Paragraph>
      <ul
        data-testid="recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          gap: '4px 16px',
          padding: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: 15,
        }}
      >
        {(codes ?? []).map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('codes.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('codes.download')}
        </Button>
      </Flex>
    </Modal>
  )
}

/** Under two-factor authentication when it is on: codes left, and a new set after a step-up. */
export function RecoveryCodesCard() {
  const t = useT(passkeySettingsMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const info = useQuery(recoveryCodesQuery())
  const regenerate = useRegenerateRecoveryCodes()
  const [fresh, setFresh] = useState<string[] | null>(null)
  const [isProving, setProving] = useState(false)

  const make = () =>
    regenerate.mutate(undefined, {
      onSuccess: ({ data, message: text }) => {
        message.success(text)
        setFresh(data.codes)
      },
      onError: (error) => (needsStepUp(error) ? setProving(true) : message.error(error.message)),
    })

  const onProve = async (proof: StepUpProof) => {
    await proveIdentity(proof)
    const { data } = await regenerate.mutateAsync()
    setProving(false)
    setFresh(data.codes)
  }

  const remaining = info.data?.remaining
  return (
    <div data-testid="recovery-codes-card" style={{ marginTop: 24 }}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        <KeyOutlined /> {t('codes.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('codes.intro')}</Typography.Paragraph>
      {remaining !== undefined ? (
        <Typography.Paragraph data-testid="recovery-codes-left" type={remaining === 0 ? 'danger' : undefined}>
          {remaining === 0 ? t('codes.none') : t('codes.left', { count: remaining })}
          {info.data?.generated_at ? ` (${formatDate(info.data.generated_at, lang)})` : ''}
        </Typography.Paragraph>
      ) : null}
      <Popconfirm
        title={t('codes.confirmRegenerate')}
        okText={t('codes.regenerate')}
        cancelText={t('passkeys.cancel')}
        onConfirm={make}
      >
        <Button loading={regenerate.isPending}>{t('codes.regenerate')}</Button>
      </Popconfirm>
      <LazyStepUpDialog
        open={isProving}
        onCancel={() => setProving(false)}
        onProve={onProve}
        confirmLabel={t('confirm')}
      />
      <FreshRecoveryCodes codes={fresh} onDone={() => setFresh(null)} />
    </div>
  )
}
