import type { Lang } from '@app/contract'
import { useSyncExternalStore } from 'react'
import { i18n } from './i18n.ts'

export function currentLang(): Lang {
  return i18n.language
}

/** The current language; the component re-renders when it changes. */
export function useLang(): Lang {
  return useSyncExternalStore(i18n.subscribe, currentLang, currentLang)
}
