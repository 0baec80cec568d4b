import { PauseCircleOutlined, PlayCircleOutlined, UserSwitchOutlined } from '@ant-design/icons'
import { type Account, ADMIN_ONLY, hasAnyRole, ROLES, type Role } from '@app/contract'
import { Alert, App, Button, Flex, Modal, Popconfirm, Radio, Tag, Typography } from 'antd'
import { useState } from 'react'
import { failureText, serverMessage } from '../../api/errors.ts'
import { useBulkChange } from '../../api/use-bulk-change.ts'
import { useSession } from '../../app/session.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { adminShellMessages } from '../shell/admin-shell.i18n.ts'
import { adminPages } from '../shell/nav.tsx'
import { useSetAccountRole, useSetAccountStatus } from './accounts.api.ts'
import { accountsMessages } from './accounts.i18n.ts'

type Who = Pick<Account, 'id' | 'email' | 'status' | 'roles'>

const ROLE_COLORS: Record<Role, string> = { admin: 'orange', support: 'geekblue', customer: 'default' }

export function useIsAdmin(): boolean {
  const session = useSession()
  return Boolean(session && hasAnyRole(session.roles, ADMIN_ONLY))
}

/** The account's one role (the highest it holds, should it hold several). */
export function mainRole(roles: readonly Role[]): Role {
  return ROLES.find((role) => roles.includes(role)) ?? 'customer'
}

export function RoleTag({ role }: { role: Role }) {
  const t = useT(accountsMessages)
  return <Tag color={ROLE_COLORS[role]}>{t(`roles.${role}`)}</Tag>
}

export function StatusTag({ status }: { status: Account['status'] }) {
  const t = useT(accountsMessages)
  return <Tag color={status === 'active' ? 'green' : 'red'}>{t(`status.${status}`)}</Tag>
}

/** Whether the signed-in staff member may suspend or edit this account (support: customers only). */
export function useMayManage(account: Pick<Account, 'roles'>): boolean {
  const isAdmin = useIsAdmin()
  return isAdmin || mainRole(account.roles) === 'customer'
}

/** Suspends or reactivates after a confirmation (docs/requirements.md §4.7); the server's message is the outcome. */
export function SuspendButton({ account, size }: { account: Who; size?: 'small' | 'middle' }) {
  const t = useT(accountsMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const session = useSession()
  const setStatus = useSetAccountStatus()
  const suspend = account.status === 'active'
  const words = suspend ? 'suspend' : 'unsuspend'
  if (session?.user_id === account.id) return null
  const onConfirm = () =>
    setStatus
      .mutateAsync({ id: account.id, suspend })
      .then(({ message: text }) => {
        message.success(text)
      })
      .catch((error: unknown) => {
        message.error(failureText(t(`${words}.failed`), error))
      })
  return (
    <Popconfirm
      title={t(`${words}.title`, { email: account.email })}
      description={<div style={{ maxWidth: 320 }}>{t(`${words}.content`)}</div>}
      okText={common('actions.confirm')}
      cancelText={common('actions.cancel')}
      okButtonProps={{ danger: suspend }}
      onConfirm={onConfirm}
    >
      <Button
        size={size}
        danger={suspend}
        icon={suspend ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
        loading={setStatus.isPending}
        aria-label={t(`${words}.of`, { email: account.email })}
      >
        {t(`${words}.button`)}
      </Button>
    </Popconfirm>
  )
}

/**
 * Suspends the selected accounts after one confirmation (issue 21), each by the same call as its row's
 * button: each ends its sessions and stops its keys, and is recorded in the logs on its own.
 */
export function BulkSuspend({ accounts, onDone }: { accounts: Who[]; onDone: () => void }) {
  const t = useT(accountsMessages)
  const setStatus = useSetAccountStatus()
  const bulk = useBulkChange()
  return (
    <Button
      size="small"
      danger
      icon={<PauseCircleOutlined aria-hidden />}
      onClick={() =>
        bulk({
          items: accounts,
          title: t('bulkSuspend.title', { count: accounts.length }),
          content: <div style={{ maxWidth: 360 }}>{t('suspend.content')}</div>,
          okText: t('suspend.button'),
          danger: true,
          run: (account) => setStatus.mutateAsync({ id: account.id, suspend: true }),
          name: (account) => account.email,
          done: (count) => t('bulkSuspend.done', { count }),
          partly: (changed, refused) => t('bulkSuspend.partly', { changed, refused }),
          onSettled: onDone,
        })
      }
    >
      {t('bulkSuspend.button', { count: accounts.length })}
    </Button>
  )
}

/** The back-office menu entries a role opens, read from the one page table (docs/requirements.md §2.4). */
function menuPagesOf(role: Role) {
  return adminPages.filter((page) => page.inMenu && page.roles.includes(role))
}

/** Opens the role change (administrators only); the dialog is the confirmation. */
export function RoleButton({ account, size }: { account: Who; size?: 'small' | 'middle' }) {
  const t = useT(accountsMessages)
  const isAdmin = useIsAdmin()
  const [open, setOpen] = useState(false)
  if (!isAdmin) return null
  return (
    <>
      <Button
        size={size}
        icon={<UserSwitchOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('role.of', { email: account.email })}
      >
        {t('role.button')}
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        title={t('role.title', { email: account.email })}
        footer={null}
        destroyOnHidden
      >
        {open ? <RoleForm account={account} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  )
}

function RoleForm({ account, onDone }: { account: Who; onDone: () => void }) {
  const t = useT(accountsMessages)
  const shell = useT(adminShellMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const setRole = useSetAccountRole()
  const current = mainRole(account.roles)
  const [role, setChosen] = useState<Role>(current)
  const [failure, setFailure] = useState<string | null>(null)
  const pages = menuPagesOf(role)

  const onSubmit = () => {
    setFailure(null)
    setRole
      .mutateAsync({ id: account.id, role })
      .then(({ message: text }) => {
        message.success(text)
        onDone()
      })
      .catch((error: unknown) => setFailure(serverMessage(error) ?? t('role.failed')))
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('role.current', { role: t(`roles.${current}`) })}</Typography.Text>
      <Flex vertical gap={4}>
        <Typography.Text strong id="role-choice">
          {t('role.choose')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="role-choice"
          value={role}
          onChange={(event) => setChosen(event.target.value as Role)}
          options={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
        />
      </Flex>
      <div>
        <Typography.Text>{t('role.opens')}</Typography.Text>
        {pages.length ? (
          <Flex gap={4} wrap style={{ marginTop: 8 }}>
            {pages.map((page) => (
              <Tag key={page.path}>{shell(page.label)}</Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('role.customerOpens')}
          </Typography.Paragraph>
        )}
      </div>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" disabled={role === current} loading={setRole.isPending} onClick={onSubmit}>
          {t('role.submit')}
        </Button>
      </Flex>
    </Flex>
  )
}
