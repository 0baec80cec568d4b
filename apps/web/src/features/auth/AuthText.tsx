import { theme } from 'antd'
import type { CSSProperties, ReactNode } from 'react'

// Plain text blocks in antd's colours. The account pages avoid antd's Typography, which weighs more
// than the rest of the sign-in page together (ellipsis measuring, copy and edit modes).

/** A line under a form or a result: "Don't have an account? Create one". */
export function AuthFooter({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken()
  return <p style={{ textAlign: 'center', margin: '24px 0 0', color: token.colorText, ...style }}>{children}</p>
}

/** Secondary text, such as an explanation under a title. */
export function Muted({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken()
  return <p style={{ margin: 0, color: token.colorTextSecondary, ...style }}>{children}</p>
}
