import { useEffect } from 'react'
import { commonMessages } from '../i18n/common.i18n.ts'
import { useT } from '../i18n/define.ts'

/**
 * Names the browser tab after the screen ("Sign in · Maps Portal"), in the reader's language.
 * `enabled` false: a part of a page that names the tab itself (a tab of the customer page).
 */
export function useDocumentTitle(title: string, enabled = true) {
  const common = useT(commonMessages)
  const brand = common('brand')
  useEffect(() => {
    if (enabled) document.title = title ? `${title} · ${brand}` : brand
  }, [title, brand, enabled])
}
