import { SPLASH_MS } from '@app/contract'
import { Spin, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { shellMessages } from './shell.i18n.ts'

// Shown once per page load (not on every navigation), over the page while it loads beneath.
let shown = false
const ROTATE_MS = 1_000

/** docs/requirements.md §2.9: a 4-second loading splash with rotating messages at start; a click dismisses it. */
export function Splash() {
  const t = useT(shellMessages)
  const { token } = theme.useToken()
  const [visible, setVisible] = useState(!shown)
  const [index, setIndex] = useState(0)
  const messages = t('splash.messages').split('|')

  useEffect(() => {
    if (!visible) return
    shown = true
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
