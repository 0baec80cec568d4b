import { ArrowLeftOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons'
import { type Account, formatDateTime, formatMoney, type ProfileUpdate } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Descriptions, Flex, Result, Row, Switch, Tabs, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { failureText } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { UserAuditTrail } from '../audit/AuditLogPage.tsx'
import { AddBalanceModal, type BalanceTarget } from '../balance/AddBalanceModal.tsx'
import { EmbeddedBalanceLog } from '../balance/BalanceLogPage.tsx'
import { UserBills } from '../billing/UserBills.tsx'
import { UserCouponLog } from '../coupons/CouponLogPage.tsx'
import { UserEmailChanges } from '../email-change/EmailChangePage.tsx'
import { KeysOfUser } from '../keys/UserKeysPage.tsx'
import { ChangeUserPlanModal } from '../plans/ChangeUserPlanModal.tsx'
import { plansQuery } from '../plans/plans.api.ts'
import { UserTickets } from '../support/SupportTicketsPage.tsx'
import { UserUsage } from '../usage/ViewHitsPerUserPage.tsx'
import { mainRole, RoleButton, RoleTag, StatusTag, SuspendButton, useIsAdmin, useMayManage } from './AccountActions.tsx'
import { AccountForm, type AccountProfileValues, useAccountForm } from './AccountForm.tsx'
import { type AccountFlag, accountQuery, useToggleAccountFlag, useUpdateAccountProfile } from './accounts.api.ts'
import { accountsMessages } from './accounts.i18n.ts'
import { TwoFactorCard } from './TwoFactorCard.tsx'

/**
 * /administrator/user-management/edit-user?user_id=…: one customer on one page — its profile (staff
 * edit it), status and role, the per-user flags and plan (administrators), and as tabs its keys, bills,
 * balance and coupon logs, usage, e-mail changes and audit trail.
 */
export function EditUserPage() {
  const t = useT(accountsMessages)
  const [searchParams] = useSearchParams()
  const userId = searchParams.get('user_id')?.trim()
  useDocumentTitle(t('list.title'))
  if (!userId) {
    return (
      <Result
        status="info"
        title={t('edit.missing')}
        extra={<LinkButton to={paths.admin.users}>{t('edit.back')}</LinkButton>}
      />
    )
  }
  return <EditUser userId={userId} />
}

function EditUser({ userId }: { userId: string }) {
  const t = useT(accountsMessages)
  const account = useQuery(accountQuery(userId))
  const name = account.data?.full_name || account.data?.email
  useDocumentTitle(name ? t('edit.title', { name }) : t('list.title'))
  return (
    <Flex vertical gap={16}>
      <Link to={paths.admin.users} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {t('edit.back')}
      </Link>
      <QueryState query={account}>{(data) => <AccountView account={data} />}</QueryState>
    </Flex>
  )
}

function AccountView({ account }: { account: Account }) {
  const t = useT(accountsMessages)
  const mayManage = useMayManage(account)
  const isAdmin = useIsAdmin()
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {t('edit.title', { name: account.full_name || account.email })}
          </Typography.Title>
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {account.email}
            </Typography.Text>
            <RoleTag role={mainRole(account.roles)} />
            <StatusTag status={account.status} />
          </Flex>
        </div>
        <Flex gap={8} wrap>
          {mayManage ? <SuspendButton account={account} /> : null}
          <RoleButton account={account} />
        </Flex>
      </Flex>
      {mayManage ? null : <Alert type="info" showIcon title={t('edit.staffOnlyAdmin')} />}
      <AccountTabs account={account}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <ProfileCard account={account} disabled={!mayManage} />
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap={16}>
              <AccountCard account={account} />
              <FlagsCard account={account} />
              {isAdmin ? <TwoFactorCard account={account} /> : null}
            </Flex>
          </Col>
        </Row>
      </AccountTabs>
    </Flex>
  )
}

const TABS = ['account', 'keys', 'bills', 'balance', 'coupons', 'usage', 'tickets', 'emails', 'audit'] as const
type Tab = (typeof TABS)[number]
/** What support may open as well (docs/access.md): keys, bills, balance and coupons are the administrators'. */
const SUPPORT_TABS: readonly Tab[] = ['account', 'usage', 'tickets', 'emails', 'audit']

/**
 * One customer on one page (issue 21): the account, and as tabs its keys, bills (with their files),
 * balance log, coupons, usage, support requests, e-mail changes and audit trail, each the same list as its own page
 * shows. The open tab is in the URL (`?tab=`); changing tab starts its list at its first page.
 */
function AccountTabs({ account, children }: { account: Account; children: ReactNode }) {
  const t = useT(accountsMessages)
  const isAdmin = useIsAdmin()
  const [searchParams, setSearchParams] = useSearchParams()
  const allowed = isAdmin ? TABS : SUPPORT_TABS
  const asked = searchParams.get('tab')
  const tab: Tab = allowed.find((name) => name === asked) ?? 'account'
  const body = (name: Tab): ReactNode => {
    switch (name) {
      case 'account':
        return children
      case 'keys':
        return <KeysOfUser userId={account.id} embedded />
      case 'bills':
        return <UserBills userId={account.id} />
      case 'balance':
        return <EmbeddedBalanceLog userId={account.id} />
      case 'coupons':
        return <UserCouponLog userId={account.id} embedded />
      case 'usage':
        return <UserUsage userId={account.id} embedded />
      case 'tickets':
        return <UserTickets userId={account.id} />
      case 'emails':
        return <UserEmailChanges userId={account.id} />
      case 'audit':
        return <UserAuditTrail userId={account.id} />
    }
  }
  return (
    <Tabs
      activeKey={tab}
      onChange={(next) =>
        setSearchParams(next === 'account' ? { user_id: account.id } : { user_id: account.id, tab: next })
      }
      destroyOnHidden
      items={allowed.map((name) => ({ key: name, label: t(`tabs.${name}`), children: body(name) }))}
    />
  )
}

const valuesOf = (account: Account): AccountProfileValues => ({
  first_name: account.first_name,
  last_name: account.last_name,
  phone_number: account.phone_number ?? '',
  organization: account.organization ?? '',
  job_title: account.job_title ?? '',
})

function ProfileCard({ account, disabled }: { account: Account; disabled: boolean }) {
  const t = useT(accountsMessages)
  const { message } = App.useApp()
  const state = useAccountForm<AccountProfileValues>()
  const update = useUpdateAccountProfile()
  const saved = valuesOf(account)

  const onFinish = (values: AccountProfileValues) => {
    state.clearFailure()
    const changes: ProfileUpdate = {}
    const blankToNull = (text: string) => (text.trim() ? text.trim() : null)
    if (values.first_name !== saved.first_name) changes.first_name = values.first_name
    if (values.last_name !== saved.last_name) changes.last_name = values.last_name
    if (values.phone_number !== saved.phone_number) changes.phone_number = blankToNull(values.phone_number)
    if (values.organization !== saved.organization) changes.organization = blankToNull(values.organization)
    if (values.job_title !== saved.job_title) changes.job_title = blankToNull(values.job_title)
    if (Object.keys(changes).length === 0) {
      message.info(t('edit.nothing'))
      return
    }
    update.mutate(
      { id: account.id, changes },
      {
        onSuccess: ({ message: text }) => {
          message.success(text || t('edit.saved'))
        },
        onError: (error) => state.fail(t('edit.failed'), error),
      },
    )
  }

  return (
    <Card title={t('edit.profile')}>
      <Typography.Paragraph type="secondary">{t('edit.profileIntro')}</Typography.Paragraph>
      <AccountForm<AccountProfileValues>
        state={state}
        mode={{ email: account.email }}
        initialValues={saved}
        disabled={disabled}
        pending={update.isPending}
        submitLabel={t('edit.save')}
        onFinish={onFinish}
      />
    </Card>
  )
}

function AccountCard({ account }: { account: Account }) {
  const t = useT(accountsMessages)
  const lang = useLang()
  const isAdmin = useIsAdmin()
  const [balanceTarget, setBalanceTarget] = useState<BalanceTarget | null>(null)
  const [isChangingPlan, setChangingPlan] = useState(false)
  const plans = useQuery({ ...plansQuery(), enabled: isAdmin })
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'created', label: t('edit.created'), children: formatDateTime(account.created_at, lang) },
    {
      key: 'last_login',
      label: t('edit.lastLogin'),
      children: account.last_login ? formatDateTime(account.last_login, lang) : t('list.never'),
    },
    {
      key: 'verified',
      label: t('form.email'),
      children: account.email_verified ? t('edit.verified') : t('edit.unverified'),
    },
    {
      key: 'balance',
      label: t('edit.balance'),
      children: (
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong type={account.balance.startsWith('-') ? 'danger' : undefined}>
            {formatMoney(account.balance, 'USD', lang)}
          </Typography.Text>
          {account.balance.startsWith('-') ? (
            // A refund or chargeback took back more than the balance held (docs/balance.md "Refunds and what is owed").
            <Typography.Text type="danger">
              {t('edit.owes', { amount: formatMoney(account.balance.slice(1), 'USD', lang) })}
            </Typography.Text>
          ) : null}
          {isAdmin ? (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                setBalanceTarget({ id: account.id, name: account.full_name || account.email, balance: account.balance })
              }
            >
              {t('edit.addBalance')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'plan',
      label: t('edit.plan'),
      children: (
        <Flex gap={8} align="center" wrap>
          {account.name_of_user_plan_id ? (
            <Verbatim>{account.name_of_user_plan_id}</Verbatim>
          ) : (
            <span>{t('edit.defaultPlan')}</span>
          )}
          {isAdmin ? (
            <Button size="small" icon={<SwapOutlined />} onClick={() => setChangingPlan(true)} disabled={!plans.data}>
              {t('edit.changePlan')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ]
  return (
    <Card title={t('edit.account')}>
      <Descriptions column={1} size="small" items={items} />
      <AddBalanceModal target={balanceTarget} onClose={() => setBalanceTarget(null)} />
      {plans.data ? (
        <ChangeUserPlanModal
          open={isChangingPlan}
          plans={plans.data}
          onClose={() => setChangingPlan(false)}
          user={{ id: account.id, email: account.email }}
        />
      ) : null}
    </Card>
  )
}

const FLAGS: {
  flag: AccountFlag
  label: 'form.enjoyDiscount' | 'form.checkBalance' | 'form.activeAfterCreated'
  hint: 'edit.enjoyDiscountHint' | 'edit.checkBalanceHint' | 'edit.activeAfterCreatedHint'
}[] = [
  { flag: 'enjoy_discount', label: 'form.enjoyDiscount', hint: 'edit.enjoyDiscountHint' },
  { flag: 'check_balance', label: 'form.checkBalance', hint: 'edit.checkBalanceHint' },
  { flag: 'active_after_created', label: 'form.activeAfterCreated', hint: 'edit.activeAfterCreatedHint' },
]

/** The per-user flags (docs/requirements.md §4.8: administrators toggle them); each switch saves at once. */
function FlagsCard({ account }: { account: Account }) {
  const t = useT(accountsMessages)
  const { message } = App.useApp()
  const isAdmin = useIsAdmin()
  const toggle = useToggleAccountFlag()
  const [pending, setPending] = useState<AccountFlag | null>(null)
  const onToggle = (flag: AccountFlag) => {
    setPending(flag)
    toggle
      .mutateAsync({ id: account.id, flag })
      .then(({ message: text }) => {
        message.success(text)
      })
      .catch((error: unknown) => {
        message.error(failureText(t('edit.flagFailed'), error))
      })
      .finally(() => setPending(null))
  }
  return (
    <Card title={t('edit.flags')}>
      <Typography.Paragraph type="secondary">
        {isAdmin ? t('edit.flagsIntro') : t('edit.flagsReadOnly')}
      </Typography.Paragraph>
      <Flex vertical gap={12}>
        {FLAGS.map(({ flag, label, hint }) => (
          <Flex key={flag} gap={12} align="flex-start">
            <Switch
              id={`flag-${flag}`}
              checked={account[flag]}
              disabled={!isAdmin}
              loading={pending === flag}
              onChange={() => onToggle(flag)}
            />
            <Flex vertical>
              <label htmlFor={`flag-${flag}`}>
                <Typography.Text strong>{t(label)}</Typography.Text>
              </label>
              <Typography.Text type="secondary">{t(hint)}</Typography.Text>
            </Flex>
          </Flex>
        ))}
      </Flex>
    </Card>
  )
}
