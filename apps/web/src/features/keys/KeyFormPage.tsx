import { ArrowLeftOutlined } from '@ant-design/icons'
import type { Key } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Flex, Typography } from 'antd'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { LazyResult } from '../../ui/LazyResult.tsx'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { lazyDialog } from '../../ui/lazy-dialog.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { KeyAccountNotices, useKeyAbilities } from './KeyAccountNotices.tsx'
import { KeyForm, type SavedKey } from './KeyForm.tsx'
import { keyQuery } from './keys.api.ts'
import { keysMessages } from './keys.i18n.ts'
import type { ShownSecret } from './SecretModal.tsx'

// The new secret's dialog opens once the key is created.
const SecretModal = lazyDialog(
  async () => (await import('./SecretModal.tsx')).SecretModal,
  (p) => p.shown !== null,
)

/**
 * /createKey and /edit (docs/requirements.md §5.5): create mode, or edit mode when `?id=` names a key. After saving the
 * user goes to /keys, a new key's secret shown once on the way.
 */
export function KeyFormPage() {
  const [searchParams] = useSearchParams()
  const id = searchParams.get('id')
  return id ? <EditKey id={id} /> : <KeyFormFrame />
}

function EditKey({ id }: { id: string }) {
  const t = useT(keysMessages)
  const key = useQuery(keyQuery(id))
  return (
    <QueryState query={key}>
      {(item) =>
        item.status === 'deleted' ? (
          <LazyResult
            status="warning"
            title={t('form.deletedTitle', { name: item.name })}
            subTitle={t('form.deletedHint')}
            extra={<LinkButton to={paths.keys}>{t('form.back')}</LinkButton>}
          />
        ) : (
          <KeyFormFrame editing={item} />
        )
      }
    </QueryState>
  )
}

function KeyFormFrame({ editing }: { editing?: Key }) {
  const t = useT(keysMessages)
  const navigate = useNavigate()
  const abilities = useKeyAbilities()
  const [shown, setShown] = useState<ShownSecret | null>(null)
  const title = editing ? t('form.editTitle') : t('form.createTitle')
  useDocumentTitle(title)

  const onSaved = ({ key, secret }: SavedKey) => {
    if (secret) setShown({ id: key.id, name: key.name, secret, reason: 'created' })
    else navigate(paths.keys)
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 800 }}>
      <Link to={paths.keys} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {t('form.back')}
      </Link>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {editing ? (
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {editing.name}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('form.createIntro')}</Typography.Text>
        )}
      </div>
      <KeyAccountNotices creating={!editing} />
      <Card styles={{ body: { padding: 'clamp(16px, 4vw, 24px)' } }}>
        <KeyForm
          editing={editing}
          onSaved={onSaved}
          onCancel={() => navigate(paths.keys)}
          isBlocked={editing ? !abilities.canChange : !abilities.canCreate}
        />
      </Card>
      <SecretModal shown={shown} onClose={() => navigate(paths.keys)} />
    </Flex>
  )
}
