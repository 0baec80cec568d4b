import { App as AntApp } from 'antd'
import { type ReactNode, useEffect } from 'react'
import { setNotifier } from '../api/notify.ts'

/** Hands antd's themed notification API to the API client, which lives outside React. */
function NotifierBridge() {
  const { notification } = AntApp.useApp()
  useEffect(() => {
    setNotifier(notification)
    return () => setNotifier(undefined)
  }, [notification])
  return null
}

/**
 * antd's App (toasts, notifications, confirmation dialogs) for the signed-in areas. It lives in their
 * lazily loaded layouts rather than the app's root, so the sign-in pages do not download it; they
 * show every outcome in the form itself.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <AntApp>
      <NotifierBridge />
      {children}
    </AntApp>
  )
}
