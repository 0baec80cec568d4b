import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { routes } from './app/router.tsx'
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

  const { query, dataRoutes } = createStaticHandler(routes)
  const context = await query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error(`${path} answered with a redirect (${context.status})`)
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(dataRoutes, context)
  const cache = createCache()
  const html = renderToString(
    <StyleProvider cache={cache}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StyleProvider>,
  )
  return { html, styles: extractStyle(cache) } satisfies Prerendered
}
