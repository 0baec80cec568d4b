import type { ReactNode } from 'react'

/**
 * What a person typed — a name, a key's or map's name, a ticket's title, a staff-written subject — shown
 * as its author wrote it, in whatever language that was. HTML's `translate="no"` tells a browser's
 * translator to leave it alone and the screens journey not to count it as an untranslated word
 * (ARCHITECTURE.md, Translation item 6). `lang` names its language when it is known and differs from
 * the page's, so a screen reader pronounces it right (an e-mail's subject in its recipient's language).
 */
export function Verbatim({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <span translate="no" lang={lang}>
      {children}
    </span>
  )
}

/** The same for a whole table column of typed text: `onCell: verbatimCell`. */
export const verbatimCell = () => ({ translate: 'no' as const })
