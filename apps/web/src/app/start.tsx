import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { queryClient } from '../api/query-client.ts'
import { i18n } from '../i18n/i18n.ts'
import { isAdminPath } from './paths.ts'
import { adminLangPref, customerLangPref, themePref } from './prefs.ts'
import { AppRoutes, preloadRoute } from './router.tsx'
import { sessionStore } from './session.ts'
import '../i18n/common.i18n.ts'

const PREFS_COOKIE_DAYS = 365

/** The server picks the pre-rendered sign-in pages by these preferences (see scripts/prerender.mjs). */
function rememberPrefsForServer() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
  document.cookie = `prefs=${customerLangPref.get()}.${themePref.get()}; path=/; max-age=${PREFS_COOKIE_DAYS * 86_400}; samesite=lax`
}

/** Starts the SPA in #root (called by main.tsx once the page has been painted). */
export async function start() {
  // The first render is already in the reader's language (Root keeps it in step afterwards).
  i18n.changeLanguage(isAdminPath(window.location.pathname) ? adminLangPref.get() : customerLangPref.get())

  rememberPrefsForServer()
  customerLangPref.subscribe(rememberPrefsForServer)
  themePref.subscribe(rememberPrefsForServer)

  // The full message catalog: a signed-in screen waits for it (with its route's code, in parallel);
  // the public pages render with the core catalog and receive the rest right after.
  const messages = i18n.preloadMessages()

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')

  // Render once the first route's code has loaded: a pre-rendered page then gives way to the same
  // page, never to an empty frame. A download that fails is tried once more as the page renders, and
  // then reported on the page (PageErrorBoundary.tsx).
  await preloadRoute(window.location.pathname).catch(() => {})

  if (sessionStore.get()) await messages.catch(() => {})

  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (antd computes each component's styles while rendering).
  const app = createRoot(root)
  startTransition(() => {
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    )
  })
}
