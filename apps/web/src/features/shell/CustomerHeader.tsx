import {
  BookOutlined,
  CustomerServiceOutlined,
  DownOutlined,
  HistoryOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  TagOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { formatDate, hasAnyRole } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import {
  Badge,
  Button,
  Divider,
  Dropdown,
  Empty,
  Layout,
  Segmented,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { customerLangPref, themePref } from '../../app/prefs.ts'
import { useSession } from '../../app/session.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { useStored } from '../../lib/store.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { UserAvatar } from '../../ui/UserAvatar.tsx'
import { useLogout } from '../auth/auth.api.ts'
import { CopyKeyButton } from '../keys/CopyKeyButton.tsx'
import { userKeysQuery } from '../keys/keys.api.ts'
import { shellMessages } from './shell.i18n.ts'

// The pricing popup (its table, the comparison) downloads on first use, not with every page.
const loadPricingModal = () => import('../pricing/PricingModal.tsx')
const PricingModal = lazy(async () => ({ default: (await loadPricingModal()).PricingModal }))

/**
 * Key history (docs/requirements.md §2.7): the user's newest keys (name, created date, "URLs: N/A", a copy button), at
 * most 400 px tall. Asked for only while the dropdown is open.
 */
function KeyHistory({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const t = useT(shellMessages)
  const common = useT(commonMessages)
  const { token } = theme.useToken()
  const keys = useQuery({ ...userKeysQuery(1), enabled: open })
  const lang = currentLang()
  return (
    <div
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        width: 'min(340px, calc(100vw - 24px))',
        maxHeight: 400,
        overflow: 'auto',
      }}
      data-testid="key-history"
    >
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 8,
          padding: '12px 16px',
          borderBottom: `1px solid ${token.colorSplit}`,
          position: 'sticky',
          top: 0,
          background: token.colorBgElevated,
          zIndex: 1,
        }}
      >
        <Typography.Text strong>{t('header.keyHistory')}</Typography.Text>
        <Link to={paths.keys} onClick={onNavigate}>
          {t('header.allKeys')}
        </Link>
      </div>
      {keys.isPending ? (
        <div style={{ padding: 16 }}>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      ) : keys.isError ? (
        <div style={{ padding: 16, display: 'grid', gap: 8, justifyItems: 'start' }}>
          <Typography.Text type="danger">{t('header.keysFailed')}</Typography.Text>
          <Button size="small" onClick={() => keys.refetch()}>
            {common('actions.retry')}
          </Button>
        </div>
      ) : keys.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.noKeys')} style={{ padding: '8px 16px' }}>
          <Link to={paths.createKey} onClick={onNavigate}>
            {t('header.createKey')}
          </Link>
        </Empty>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: '4px 0' }}>
          {keys.data.items.map((key) => (
            <li key={key.id} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 16px' }}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {key.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                  {t('header.keyCreated', { date: formatDate(key.created_at, lang) })} · {t('header.urls')}
                </Typography.Text>
              </div>
              <CopyKeyButton keyId={key.id} name={key.name} type="text" size="small" />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The header (docs/requirements.md §2.7): the pricing popup, key history, docs (Get started), support, and the profile menu. */
export function CustomerHeader({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const t = useT(shellMessages)
  const session = useSession()
  const logout = useLogout()
  const mode = useStored(themePref)
  const lang = useStored(customerLangPref)
  const { token } = theme.useToken()
  const [isPricingOpen, setPricingOpen] = useState(false)
  // Mounted from the first opening on, so that closing keeps the dialog's exit animation.
  const [hasOpenedPricing, setOpenedPricing] = useState(false)
  const [isHistoryOpen, setHistoryOpen] = useState(false)

  const profileMenu = session ? (
    <div
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        padding: 16,
        width: 280,
      }}
    >
      <Space align="start">
        <UserAvatar src={session.avatar} name={session.full_name} size={40} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block', maxWidth: 200 }}>
            {session.full_name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 200 }}>
            {session.email}
          </Typography.Text>
          <Tag
            icon={<TagOutlined />}
            color={session.name_of_user_plan_id ? 'blue' : 'default'}
            style={{ marginTop: 6 }}
          >
            {session.name_of_user_plan_id
              ? t('header.plan', { name: session.name_of_user_plan_id })
              : t('header.noPlan')}
          </Tag>
        </div>
      </Space>
      <Divider style={{ margin: '12px 0' }} />
      <Space orientation="vertical" style={{ width: '100%' }} size={4}>
        {hasAnyRole(session.roles, ['admin']) ? (
          <Link to={paths.admin.overview}>
            <Button type="text" block icon={<SettingOutlined />} style={{ justifyContent: 'flex-start' }}>
              {t('header.administrator')}
            </Button>
          </Link>
        ) : hasAnyRole(session.roles, ['support']) ? (
          <Link to={paths.admin.users}>
            <Button type="text" block icon={<CustomerServiceOutlined />} style={{ justifyContent: 'flex-start' }}>
              {t('header.supportArea')}
            </Button>
          </Link>
        ) : null}
        <Link to={paths.settings('profile')}>
          <Button type="text" block icon={<UserOutlined />} style={{ justifyContent: 'flex-start' }}>
            {t('header.profile')}
          </Button>
        </Link>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '4px 15px' }}>
          <span>{t('header.language')}</span>
          <Segmented
            size="small"
            value={lang}
            onChange={(value) => customerLangPref.set(value as 'en' | 'my')}
            options={[
              { value: 'en', label: t('header.english') },
              { value: 'my', label: t('header.myanmar') },
            ]}
          />
        </div>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '4px 15px' }}>
          <label htmlFor="dark-theme-switch">{t('header.darkTheme')}</label>
          <Switch
            id="dark-theme-switch"
            checked={mode === 'dark'}
            onChange={(on) => themePref.set(on ? 'dark' : 'light')}
          />
        </div>
        <Button
          type="text"
          danger
          block
          icon={<LogoutOutlined />}
          onClick={logout}
          style={{ justifyContent: 'flex-start' }}
        >
          {t('header.logout')}
        </Button>
      </Space>
    </div>
  ) : null

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        padding: '0 16px',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        aria-label={collapsed ? t('header.expand') : t('header.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <div style={{ flex: 1 }} />
      <Button
        aria-haspopup="dialog"
        onClick={() => {
          setOpenedPricing(true)
          setPricingOpen(true)
        }}
        // Fetch the popup's code as the pointer or focus arrives, so it opens without a wait.
        onPointerEnter={() => void loadPricingModal()}
        onFocus={() => void loadPricingModal()}
      >
        {t('header.pricing')}
      </Button>
      {session ? (
        <>
          <Dropdown
            popupRender={() => <KeyHistory open={isHistoryOpen} onNavigate={() => setHistoryOpen(false)} />}
            trigger={['click']}
            placement="bottomRight"
            open={isHistoryOpen}
            onOpenChange={setHistoryOpen}
          >
            <Tooltip title={t('header.keyHistory')} open={isHistoryOpen ? false : undefined}>
              <Button type="text" aria-label={t('header.keyHistory')} icon={<HistoryOutlined />} />
            </Tooltip>
          </Dropdown>
          <Tooltip title={t('header.docs')}>
            <LinkButton type="text" aria-label={t('header.docs')} icon={<BookOutlined />} to={paths.getStarted} />
          </Tooltip>
          <Tooltip title={t('header.support')}>
            <Link to={paths.supportRequests} aria-label={t('header.support')}>
              <Button type="text" icon={<CustomerServiceOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
          <Dropdown popupRender={() => profileMenu} trigger={['click']} placement="bottomRight">
            <Button type="text" data-testid="profile-menu" style={{ height: 'auto', paddingBlock: 4 }}>
              <Space>
                <Badge dot={session.status === 'suspended'}>
                  <UserAvatar src={session.avatar} name={session.full_name} />
                </Badge>
                <DownOutlined style={{ fontSize: 10 }} />
              </Space>
            </Button>
          </Dropdown>
        </>
      ) : (
        <Link to={paths.login}>
          <Button type="primary">{t('header.signIn')}</Button>
        </Link>
      )}
      {hasOpenedPricing ? (
        <Suspense fallback={null}>
          <PricingModal open={isPricingOpen} onClose={() => setPricingOpen(false)} />
        </Suspense>
      ) : null}
    </Layout.Header>
  )
}
