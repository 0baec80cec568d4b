import { useEffect } from 'react'
import { commonMessages } from '../i18n/common.i18n.ts'
import { useT } from '../i18n/define.ts'

/** Names the browser tab after the screen ("Sign in · Maps Portal"), in the reader's language. */
export function useDocumentTitle(title: string) {
  const common = useT(commonMessages)
  const brand = common('brand')
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand
  }, [title, brand])
}
