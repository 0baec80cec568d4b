import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppRoutes, preloadRoute } from './app/router.tsx'
import { i18n } from './i18n/i18n.ts'
import './i18n/common.i18n.ts'

// Build-time rendering of the public pages (scripts/prerender.mjs). A first-time visitor of /login gets
// the finished page in the HTML and can read it at once; the app then renders the same page over it.

export interface Prerendered {
  html: string
  styles: string
}

/** Renders `path` as a visitor with these local preferences would see it. */
export async function prerender(path: string, prefs: { lang: 'en' | 'my'; theme: 'light' | 'dark' }) {
  const storage = new Map<string, string>([
    ['lang', prefs.lang],
    ['theme', prefs.theme],
  ])
  globalThis.localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
    clear: () => storage.clear(),
    key: () => null,
    length: storage.size,
  } as Storage
  i18n.changeLanguage(prefs.lang)

  // The route's code first: renderToString does not wait for a page still loading.
  await preloadRoute(path)
  const cache = createCache()
  const html = renderToString(
    <StyleProvider cache={cache}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StyleProvider>,
  )
  // Every pre-rendered page is a form; a redirect or a failed page renders none (scripts/prerender.mjs).
  if (!html.includes('<form')) throw new Error(`${path} rendered no form: redirected or failed`)
  return { html, styles: extractStyle(cache) } satisfies Prerendered
}
