// jsdom lacks these browser APIs that antd relies on. The system "asks for reduced motion", so antd
// runs without animations (app/Root.tsx): jsdom never ends a transition, and every pop-up that closes
// would otherwise stay in the page until rc-motion's deadline passes.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// jsdom computes a style by matching the element and each of its ancestors against every rule of
// antd's style sheets: over half of the web tests' time went there (textarea auto-size, pop-up
// alignment and form-item margins ask on every render). jsdom lays nothing out, so those answers
// decide nothing a test can see; what can — an element hidden by `display: none` or
// `visibility: hidden` set on it or an ancestor (Testing Library's role queries ask), or by the
// `hidden` attribute (they check that themselves) — comes from inline styles, which this answer keeps.
// Paddings, borders and margins not set inline are 0px, as on an element no style sheet reaches, so
// antd's size arithmetic gets numbers rather than NaN.
const blank = document.createElement('div')
const box = ['top', 'right', 'bottom', 'left'].flatMap((side) => [
  `padding-${side}`,
  `margin-${side}`,
  `border-${side}-width`,
])
window.getComputedStyle = (element: Element) => {
  const style = (blank.cloneNode() as HTMLDivElement).style
  if (element instanceof HTMLElement || element instanceof SVGElement) {
    style.cssText = element.style.cssText
    for (const property of box) if (!style.getPropertyValue(property)) style.setProperty(property, '0px')
    if (!style.visibility) {
      let parent = element.parentElement
      while (parent && !parent.style.visibility) parent = parent.parentElement
      if (parent) style.visibility = parent.style.visibility
    }
  }
  return style
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

// The SPA fetches the full message catalog right after its first render (i18n.preloadMessages in
// start.tsx); components under test get it before they render.
const { i18n } = await import('./i18n/i18n.ts')
await i18n.preloadMessages()

// The web tests run with `isolate: false` (vitest.config.ts): a worker's files share one window and
// one module graph, which halves the project's time. This file runs before each of them, so each
// starts as it would in a window of its own: nothing stored, nothing still mounted, English, no stubs
// or spies left by the file before. A `vi.mock` of a module another file has already loaded changes
// nothing here: spy on an object the code calls through instead (features/payments/redirect.ts).
{
  const { cleanup } = await import('@testing-library/react')
  const { vi } = await import('vitest')
  cleanup()
  document.body.innerHTML = ''
  localStorage.clear()
  sessionStorage.clear()
  i18n.changeLanguage('en')
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
}

// antd's Burmese and Vietnamese locales load when a screen switches language (app/Root.tsx). Loaded
// here once, so a test that ends right after switching does not leave that import to land after the
// test environment is torn down (Vitest then reports an unhandled error and fails the run).
await Promise.all([import('antd/es/locale/my_MM'), import('antd/es/locale/vi_VN')])

export {}

// Testing Library's `findBy…` and `waitFor` give up after one second by default. A loaded CI machine
// (two cores, the server suites beside) once took longer than that to render a page's first table,
// and three tests failed that pass on a quiet one: they wait up to 10 s, and return as soon as the
// page shows what they look for.
const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 10_000 })
