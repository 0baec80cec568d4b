import { theme as antTheme, ConfigProvider } from 'antd'
import type { Locale } from 'antd/es/locale'
import enUS from 'antd/es/locale/en_US'
import { useEffect, useLayoutEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { i18n } from '../i18n/i18n.ts'
import { useStored } from '../lib/store.ts'
import { useMediaQuery } from '../lib/use-media-query.ts'
import { brandToken, componentTokens } from '../theme/theme.ts'
import { PageErrorBoundary } from './PageErrorBoundary.tsx'
import { isAdminPath } from './paths.ts'
import { adminLangPref, customerLangPref, themePref } from './prefs.ts'

const antdLocales: Record<string, () => Promise<{ default: Locale }>> = {
  my: () => import('antd/es/locale/my_MM'),
  vi: () => import('antd/es/locale/vi_VN'),
}

/**
 * Plain links (react-router's <Link>, e-mail links) are not antd components; the theme's link colours
 * reach them as CSS variables (used in global.css).
 */
function ThemeVariables() {
  const { token } = antTheme.useToken()
  useEffect(() => {
    const style = document.documentElement.style
    style.setProperty('--app-link', token.colorLink)
    style.setProperty('--app-link-hover', token.colorLinkHover)
    style.setProperty('--app-link-active', token.colorLinkActive)
  }, [token.colorLink, token.colorLinkHover, token.colorLinkActive])
  return null
}

/**
 * The frame of every page: the language of the current area (customer: en/my, admin: en/vi), the
 * light or dark theme, antd's own texts in that language, and no animations for a visitor whose
 * system asks for reduced motion (WCAG 2.3.3).
 */
export function Root() {
  // A pre-rendered page arrives inert (scripts/prerender.mjs); the app's own render replaces it here.
  useLayoutEffect(() => {
    document.getElementById('root')?.removeAttribute('inert')
  }, [])
  const { pathname } = useLocation()
  const theme = useStored(themePref)
  const customerLang = useStored(customerLangPref)
  const adminLang = useStored(adminLangPref)
  const lang = isAdminPath(pathname) ? adminLang : customerLang
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  // Always a locale, English included: antd wraps the page in its locale provider only when it is given
  // one, so going from none to Burmese changed the tree's shape and React mounted the whole page anew
  // (open menus closed, typed text lost).
  const [locale, setLocale] = useState<Locale>(enUS)

  useEffect(() => {
    i18n.changeLanguage(lang)
    document.documentElement.lang = lang
    let cancelled = false
    const load = antdLocales[lang]
    if (!load) setLocale(enUS)
    else
      void load().then((m) => {
        if (!cancelled) setLocale(m.default)
      })
    return () => {
      cancelled = true
    }
  }, [lang])

  useEffect(() => {
    document.documentElement.dataset.theme = theme
    document.documentElement.style.colorScheme = theme
  }, [theme])

  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { ...brandToken(theme), motion: !reduceMotion },
        components: componentTokens(theme),
        // In the browser antd's component styles come from a stylesheet made at build time
        // (theme/antd.css, loaded by start.tsx), not computed on each component's first render: about
        // half the main thread's blocking time on a phone (bench/README.md). The build-time render of
        // the sign-in pages (prerender.tsx) still computes them, to put them in the page itself.
        zeroRuntime: !import.meta.env.SSR,
        hashed: Boolean(import.meta.env.SSR),
      }}
    >
      <ThemeVariables />
      <PageErrorBoundary address={pathname}>
        <Outlet />
      </PageErrorBoundary>
    </ConfigProvider>
  )
}
