import { theme } from 'antd'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Muted } from './AuthText.tsx'

/** The title of an account page, which also names the browser tab, and an optional line under it. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  const { token } = theme.useToken()
  useDocumentTitle(title)
  return (
    <div style={{ marginBottom: 24 }}>
      <h1 style={{ fontSize: 24, lineHeight: 1.35, fontWeight: 600, margin: 0, color: token.colorTextHeading }}>
        {title}
      </h1>
      {subtitle ? <Muted style={{ marginTop: 6 }}>{subtitle}</Muted> : null}
    </div>
  )
}
