import { DeleteOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons'
import type { Key } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Empty, Flex, Segmented, Tooltip, Typography } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { failureText, pageFor } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { i18n } from '../../i18n/i18n.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { lazyDialog } from '../../ui/lazy-dialog.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { UsageLink } from '../usage/UsageLink.tsx'
import { KeyAccountNotices, useKeyAbilities } from './KeyAccountNotices.tsx'
import { KeysTable } from './KeysTable.tsx'
import { deletedKeysQuery, useDeleteKey, useDuplicateKey, useRollKey, userKeysQuery } from './keys.api.ts'
import { keysMessages } from './keys.i18n.ts'
import type { ShownSecret } from './SecretModal.tsx'

// The roll dialog (a slider and a number field) and the new secret's dialog open on demand.
const RollKeyModal = lazyDialog(
  async () => (await import('./RollKeyModal.tsx')).RollKeyModal,
  (p) => p.target !== null,
)
const SecretModal = lazyDialog(
  async () => (await import('./SecretModal.tsx')).SecretModal,
  (p) => p.shown !== null,
)

type View = 'live' | 'deleted'

/** /keys: the user's keys, a page at a time (the page in the URL), and the deleted ones apart. */
export function KeysPage() {
  const t = useT(keysMessages)
  useDocumentTitle(t('title'))
  const [searchParams, setSearchParams] = useSearchParams()
  const view: View = searchParams.get('view') === 'deleted' ? 'deleted' : 'live'
  const abilities = useKeyAbilities()

  const onViewChange = (next: View) => {
    const params = new URLSearchParams(searchParams)
    if (next === 'deleted') params.set('view', 'deleted')
    else params.delete('view')
    params.delete('page')
    setSearchParams(params)
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <UsageLink />
          <CreateKeyButton canCreate={abilities.canCreate} reason={blockedReason(abilities)} />
        </Flex>
      </Flex>
      <KeyAccountNotices creating />
      <Segmented<View>
        data-tour="keys-views"
        value={view}
        onChange={onViewChange}
        options={[
          { value: 'live', label: t('views.live'), icon: <KeyOutlined /> },
          { value: 'deleted', label: t('views.deleted'), icon: <DeleteOutlined /> },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'live' ? (
        <LiveKeys
          canChange={abilities.canChange}
          empty={
            <Empty description={t('empty.title')} style={{ margin: '24px 0' }}>
              <Typography.Paragraph type="secondary">{t('empty.hint')}</Typography.Paragraph>
              <CreateKeyButton canCreate={abilities.canCreate} reason={blockedReason(abilities)} first />
            </Empty>
          }
        />
      ) : (
        <DeletedKeys />
      )}
    </Flex>
  )
}

function blockedReason(abilities: ReturnType<typeof useKeyAbilities>): string | undefined {
  if (abilities.isSuspended) return i18n.message('error.suspended')
  if (abilities.isEmailUnverified) return i18n.message('keys.unverified')
  return undefined
}

function CreateKeyButton({ canCreate, reason, first }: { canCreate: boolean; reason?: string; first?: boolean }) {
  const t = useT(keysMessages)
  const button = (
    <LinkButton type="primary" icon={<PlusOutlined />} to={paths.createKey} disabled={!canCreate}>
      {first ? t('empty.action') : t('create')}
    </LinkButton>
  )
  return canCreate ? button : <Tooltip title={reason}>{button}</Tooltip>
}

/** A page past the end (an old link, the last key of a page deleted) moves to the last page there is. */
function useClampedPage(total: number | undefined, pageSize: number | undefined) {
  const [page, setPage] = usePageParam()
  const lastPage = total !== undefined && pageSize ? Math.max(1, Math.ceil(total / pageSize)) : page
  useEffect(() => {
    if (page > lastPage) setPage(lastPage)
  }, [page, lastPage, setPage])
  return [page, setPage] as const
}

function LiveKeys({ canChange, empty }: { canChange: boolean; empty: ReactNode }) {
  const t = useT(keysMessages)
  const common = useT(commonMessages)
  const { message, modal } = App.useApp()
  const navigate = useNavigate()
  const [page] = usePageParam()
  const list = useQuery(userKeysQuery(page))
  const [, setPage] = useClampedPage(list.data?.total, list.data?.page_size)
  const duplicate = useDuplicateKey()
  const roll = useRollKey()
  const remove = useDeleteKey()
  const [rolling, setRolling] = useState<Key | null>(null)
  const [shown, setShown] = useState<ShownSecret | null>(null)

  /** The words for what failed (docs/requirements.md §3.9), with the server's reason after them when it gave one. */
  const fail = (what: string, error: Error) => {
    message.error(failureText(what, error))
    const page = pageFor(error)
    if (page) navigate(page)
  }

  const onDuplicate = (item: Key) =>
    duplicate.mutate(item.id, {
      onSuccess: ({ data, message: text }) => {
        message.success(text)
        setShown({ id: data.id, name: data.name, secret: data.key, reason: 'duplicated' })
      },
      onError: (error) => fail(t('failed.duplicate'), error),
    })

  const onRoll = (graceHours: number) => {
    if (!rolling) return
    roll.mutate(
      { id: rolling.id, graceHours },
      {
        onSuccess: ({ data, message: text }) => {
          message.success(text)
          setRolling(null)
          setShown({ id: data.id, name: data.name, secret: data.key, reason: 'rolled' })
        },
        onError: (error) => {
          setRolling(null)
          fail(t('failed.roll'), error)
        },
      },
    )
  }

  const onDelete = (item: Key) =>
    modal.confirm({
      title: t('delete.title', { name: item.name }),
      content: t('delete.content'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: common('actions.cancel'),
      // The dialog stays open, its button spinning, until the server has answered.
      onOk: () =>
        remove
          .mutateAsync(item.id)
          .then(({ message: text }) => {
            message.success(text)
          })
          .catch((error: Error) => fail(t('failed.delete'), error)),
    })

  return (
    <>
      <QueryState query={list}>
        {(data) => (
          <KeysTable
            data={data}
            isFetching={list.isFetching}
            onPageChange={setPage}
            empty={empty}
            actions={{
              canChange,
              busyId: duplicate.isPending ? (duplicate.variables ?? null) : null,
              onDuplicate,
              onRoll: setRolling,
              onDelete,
            }}
          />
        )}
      </QueryState>
      <RollKeyModal target={rolling} isRolling={roll.isPending} onRoll={onRoll} onClose={() => setRolling(null)} />
      <SecretModal shown={shown} onClose={() => setShown(null)} />
    </>
  )
}

function DeletedKeys() {
  const t = useT(keysMessages)
  const [page] = usePageParam()
  const list = useQuery(deletedKeysQuery(page))
  const [, setPage] = useClampedPage(list.data?.total, list.data?.page_size)
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('deleted.intro')}</Typography.Text>
      <QueryState query={list}>
        {(data) => (
          <KeysTable
            data={data}
            isFetching={list.isFetching}
            onPageChange={setPage}
            empty={<Empty description={t('deleted.empty')} style={{ margin: '24px 0' }} />}
          />
        )}
      </QueryState>
    </Flex>
  )
}
