import { SPLASH_MS } from '@app/contract'
import { Spin, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { shellMessages } from './shell.i18n.ts'

// Shown once per browser session, at its first signed-in page: not again on a refresh, a deep link or
// a page opened in the same tab later (sessionStorage), and never over a payment's result, whose
// countdown and outcome must be seen at once. The module flag covers a browser without storage.
let decided = false
const SEEN_KEY = 'splashShown'
const ROTATE_MS = 1_000
const NEVER_OVER = new Set<string>([paths.vnpayReturn, paths.paypalReturn])

function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) !== null
  } catch {
    return false
  }
}

function markSeen() {
  decided = true
  try {
    sessionStorage.setItem(SEEN_KEY, '1')
  } catch {
    // Storage refused (private mode, quota): the module flag still keeps it to this page load.
  }
}

/** docs/requirements.md §2.9: a 4-second loading splash with rotating messages at start; a click dismisses it. */
export function Splash() {
  const t = useT(shellMessages)
  const { token } = theme.useToken()
  const { pathname } = useLocation()
  const [visible, setVisible] = useState(() => !decided && !NEVER_OVER.has(pathname) && !seenThisSession())
  const [index, setIndex] = useState(0)
  const messages = t('splash.messages').split('|')

  useEffect(markSeen, [])

  useEffect(() => {
    if (!visible) return
    const rotate = setInterval(() => setIndex((i) => i + 1), ROTATE_MS)
    const hide = setTimeout(() => setVisible(false), SPLASH_MS)
    return () => {
      clearInterval(rotate)
      clearTimeout(hide)
    }
  }, [visible])

  if (!visible) return null
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="splash"
      onClick={() => setVisible(false)}
      onKeyDown={() => setVisible(false)}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        display: 'grid',
        placeItems: 'center',
        background: token.colorBgLayout,
        cursor: 'pointer',
      }}
    >
      <div style={{ textAlign: 'center' }}>
        <img src="/favicon.svg" alt="" width={64} height={64} />
        <h1 style={{ fontSize: 20, margin: '16px 0 8px', color: token.colorText }}>{t('splash.loading')}</h1>
        <p style={{ color: token.colorTextSecondary, minHeight: 24 }}>{messages[index % messages.length]}</p>
        <Spin />
        <p style={{ marginTop: 16, fontSize: 12, color: token.colorTextTertiary }}>{t('splash.skip')}</p>
      </div>
    </div>
  )
}
