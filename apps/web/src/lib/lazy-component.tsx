import { type ComponentType, lazy, useEffect, useState } from 'react'

/**
 * A component whose module loads on its first render; `preload` loads it ahead. A mount that finds the
 * code already here renders it at once (the first route, preloaded by start.tsx and prerender.tsx,
 * replaces a pre-rendered page without an empty frame); otherwise React.lazy suspends until it arrives.
 */
export function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  const preload = () => {
    pending ??= load().then(
      (m) => (loaded = pick(m)),
      (error: unknown) => {
        // A failed download (a network error, a new release) is tried again on the next visit.
        pending = undefined
        throw error
      },
    )
    return pending
  }
  const Lazy = lazy(async () => ({ default: await preload() }))
  function LazyComponent(props: P) {
    // Chosen once per mount, so the component never changes type under React (which would remount it).
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>))
    return <Component {...props} />
  }
  return { Component: LazyComponent, preload }
}

/**
 * Loads the given lazy parts of a screen once the screen is drawn: a part the screen shows when its
 * data arrives (a reply form under a conversation) or on a click (another tab) is then usually here
 * by the time it is needed, without its code delaying the screen's first paint.
 */
export function usePreloaded(...parts: Array<{ preload: () => Promise<unknown> }>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module constants, loaded once per mount.
  useEffect(() => {
    for (const part of parts) void part.preload().catch(() => undefined)
  }, [])
}
