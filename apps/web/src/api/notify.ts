import type { NotificationInstance } from 'antd/es/notification/interface'

// The API client lives outside React; the app hands it antd's themed notification API once mounted.
let api: NotificationInstance | undefined

export function setNotifier(instance: NotificationInstance | undefined) {
  api = instance
}

export function notify(type: 'success' | 'error' | 'info' | 'warning', message: string) {
  if (api) api[type]({ message, placement: 'topRight' })
  else if (type === 'error') console.error(message)
}
