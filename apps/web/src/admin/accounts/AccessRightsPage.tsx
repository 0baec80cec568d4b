import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { type Account, formatDate, ROLES, type Role } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Flex, Table, Typography, theme } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { adminShellMessages } from '../shell/admin-shell.i18n.ts'
import { type AdminPage, adminPages } from '../shell/nav.tsx'
import { mainRole, RoleButton, RoleTag, StatusTag, SuspendButton } from './AccountActions.tsx'
import { staffQuery } from './accounts.api.ts'
import { accountsMessages } from './accounts.i18n.ts'
import { editUserPath } from './UserManagementPage.tsx'

/**
 * /administrator/sales-account-management ("Access rights", admin only): the staff accounts with their
 * roles (changed here after a confirmation) and the matrix of what each role opens (docs/requirements.md §2.4), read from
 * the back office's own page table so it cannot disagree with the menu and the guards.
 */
export function AccessRightsPage() {
  const t = useT(accountsMessages)
  useDocumentTitle(t('access.title'))
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('access.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('access.intro')}</Typography.Text>
      </div>
      <Card title={t('access.staff')}>
        <StaffTable />
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {t('access.makeStaff')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('access.matrix')}>
        <RoleMatrix />
      </Card>
    </Flex>
  )
}

function StaffTable() {
  const t = useT(accountsMessages)
  const lang = useLang()
  const staff = useQuery(staffQuery())
  const columns: ColumnsType<Account> = [
    {
      key: 'account',
      title: t('list.columns.account'),
      render: (_value, account) => (
        <Flex vertical style={{ minWidth: 200 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Typography.Text>
          <Typography.Text type="secondary">
            <Verbatim>{account.full_name}</Verbatim>
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'role',
      title: t('list.columns.roles'),
      render: (_v, account) => <RoleTag role={mainRole(account.roles)} />,
    },
    { key: 'status', title: t('list.columns.status'), render: (_v, account) => <StatusTag status={account.status} /> },
    {
      key: 'last_login',
      title: t('list.columns.lastLogin'),
      dataIndex: 'last_login',
      render: (value: string | null) => (
        <span style={{ whiteSpace: 'nowrap' }}>{value ? formatDate(value, lang) : t('list.never')}</span>
      ),
    },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      align: 'end',
      render: (_v, account) => (
        <Flex gap={8} justify="flex-end">
          <LinkButton
            size="small"
            to={editUserPath(account.id)}
            aria-label={t('list.editOf', { email: account.email })}
          >
            {t('list.edit')}
          </LinkButton>
          <RoleButton account={account} size="small" />
          <SuspendButton account={account} size="small" />
        </Flex>
      ),
    },
  ]
  return (
    <QueryState query={staff}>
      {(data) => (
        <Table<Account>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data.items}
          loading={staff.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
        />
      )}
    </QueryState>
  )
}

interface MatrixRow {
  key: string
  label: string
  roles: readonly Role[]
}

function Mark({ allowed }: { allowed: boolean }) {
  const t = useT(accountsMessages)
  const { token } = theme.useToken()
  return allowed ? (
    <CheckOutlined aria-label={t('access.allowed')} style={{ color: token.colorSuccess }} />
  ) : (
    <CloseOutlined aria-label={t('access.denied')} style={{ color: token.colorTextQuaternary }} />
  )
}

/** Every back-office page (menu entries and the pages they keep highlighted) by role. */
function RoleMatrix() {
  const t = useT(accountsMessages)
  const shell = useT(adminShellMessages)
  const pageRows: MatrixRow[] = adminPages.map((page: AdminPage) => ({
    key: page.path,
    label: shell(page.label),
    roles: page.roles,
  }))
  const rows: MatrixRow[] = [
    ...pageRows,
    { key: paths.dashboard, label: t('access.customerArea'), roles: ['admin', 'support', 'customer'] },
  ]
  const columns: ColumnsType<MatrixRow> = [
    {
      key: 'page',
      title: t('access.page'),
      render: (_v, row) => (
        <Flex vertical>
          <span>{row.label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            {row.key === paths.dashboard ? '/' : row.key}
          </Typography.Text>
        </Flex>
      ),
    },
    ...ROLES.map((role) => ({
      key: role,
      title: <RoleTag role={role} />,
      align: 'center' as const,
      render: (_v: unknown, row: MatrixRow) => <Mark allowed={row.roles.includes(role)} />,
    })),
  ]
  return (
    <Table<MatrixRow>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  )
}
