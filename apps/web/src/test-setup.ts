// jsdom lacks these browser APIs that antd relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
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

// antd's Burmese and Vietnamese locales load when a screen switches language (app/Root.tsx). Loaded
// here once, so a test that ends right after switching does not leave that import to land after the
// test environment is torn down (Vitest then reports an unhandled error and fails the run).
await Promise.all([import('antd/es/locale/my_MM'), import('antd/es/locale/vi_VN')])

export {}
