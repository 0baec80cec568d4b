import { type ComponentType, lazy, Suspense, useState } from 'react'

/**
 * A dialog whose code downloads when it is first opened: until then it renders nothing; from then on
 * it stays mounted, so it opens and closes with antd's own animation like any dialog. For dialogs a
 * screen rarely opens, so that the screen's first load does not carry them (bench/README.md, issue 20).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }))
  return function LazyDialog(props: P) {
    const [isNeeded, setNeeded] = useState(false)
    if (!isNeeded && isOpen(props)) setNeeded(true)
    return isNeeded ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null
  }
}
