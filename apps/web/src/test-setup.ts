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

export {}
