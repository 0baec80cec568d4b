import { vi } from 'vitest'

/**
 * Answers CSS media queries as a window `width` pixels wide would (antd's breakpoints, `useMediaQuery`);
 * the system still asks for reduced motion, as test-setup.ts says. Undone by `vi.restoreAllMocks()`.
 */
export function emulateViewport(width: number) {
  const matches = (query: string) => {
    if (query === '(prefers-reduced-motion: reduce)') return true
    const bounds = [...query.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)]
    if (bounds.length === 0) return false
    return bounds.every(([, kind, px]) => (kind === 'max' ? width <= Number(px) : width >= Number(px)))
  }
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  )
}
