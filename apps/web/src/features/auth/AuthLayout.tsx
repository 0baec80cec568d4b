import { MoonOutlined, SunOutlined } from '@ant-design/icons'
import { Button, theme } from 'antd'
import { Link, Outlet } from 'react-router'
import { paths } from '../../app/paths.ts'
import { type CustomerLang, customerLangPref, themePref } from '../../app/prefs.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useStored } from '../../lib/store.ts'
import { Muted } from './AuthText.tsx'
import { authMessages } from './auth.i18n.ts'

/**
 * The frame of the public account pages (docs/requirements.md §2.2: no sidebar, no header): the brand above a centred
 * card, and in the corner the visitor's language and theme, kept like the signed-in area keeps them.
 */
const LANGUAGES: readonly CustomerLang[] = ['en', 'my']

export function AuthLayout() {
  const t = useT(authMessages)
  const common = useT(commonMessages)
  const { token } = theme.useToken()
  const lang = useStored(customerLangPref)
  const mode = useStored(themePref)
  const isDark = mode === 'dark'
  const themeLabel = common('theme.darkMode')

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgLayout,
      }}
    >
      <fieldset
        aria-label={t('layout.preferences')}
        style={{
          alignSelf: 'flex-end',
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          margin: 0,
          border: 0,
          padding: '12px 12px 0',
          minWidth: 0,
        }}
      >
        {LANGUAGES.map((value) => (
          <Button
            key={value}
            size="small"
            type={lang === value ? 'primary' : 'text'}
            aria-pressed={lang === value}
            lang={value}
            onClick={() => customerLangPref.set(value)}
          >
            {common(`language.${value}`)}
          </Button>
        ))}
        <Button
          size="small"
          shape="circle"
          title={themeLabel}
          aria-label={themeLabel}
          aria-pressed={isDark}
          icon={isDark ? <SunOutlined /> : <MoonOutlined />}
          onClick={() => themePref.set(isDark ? 'light' : 'dark')}
        />
      </fieldset>
      <main
        style={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '16px 12px 40px',
        }}
      >
        <Link
          to={paths.home}
          style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 4, color: token.colorText }}
        >
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span style={{ fontSize: 22, fontWeight: 600 }}>{common('brand')}</span>
        </Link>
        <Muted style={{ marginBottom: 20, textAlign: 'center' }}>{t('layout.tagline')}</Muted>
        {/* A plain panel rather than antd's Card, which would bring Tabs into the sign-in bundle. */}
        <section
          style={{
            width: '100%',
            maxWidth: 460,
            boxSizing: 'border-box',
            padding: 'clamp(20px, 5vw, 32px)',
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <Outlet />
        </section>
      </main>
    </div>
  )
}
