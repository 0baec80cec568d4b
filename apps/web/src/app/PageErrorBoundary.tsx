import { Alert, Button } from 'antd'
import { Component, type ReactNode } from 'react'
import { commonMessages } from '../i18n/common.i18n.ts'
import { useT } from '../i18n/define.ts'

function PageFailed() {
  const t = useT(commonMessages)
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ margin: 24 }}
      title={t('state.failed')}
      action={
        <Button size="small" onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </Button>
      }
    />
  )
}

/**
 * A page whose code could not be downloaded (a dropped connection, a release that replaced its files)
 * or that failed while rendering: the reader is told, in their language, and offered a reload, instead
 * of an empty window. Going to another address (app/Root.tsx passes it) tries again; the pages around
 * are not remounted on navigation, which a `key` would do.
 */
export class PageErrorBoundary extends Component<
  { address: string; children: ReactNode },
  { failedAt: string | null }
> {
  override state: { failedAt: string | null } = { failedAt: null }

  static getDerivedStateFromError() {
    return { failedAt: '' }
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.address })
  }

  override componentDidUpdate() {
    if (this.state.failedAt && this.state.failedAt !== this.props.address) this.setState({ failedAt: null })
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <PageFailed />
  }
}
