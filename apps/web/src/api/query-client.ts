import { MutationCache, QueryClient } from '@tanstack/react-query'
import { i18n } from '../i18n/i18n.ts'
import { ApiError, isTransportFailure } from './errors.ts'
import { notify } from './notify.ts'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen shows the error itself (e.g. next to the form's fields). */
      silent?: boolean
    }
  }
}

// A failed change shows the server's message (docs/requirements.md §3.5) unless the screen handles it; network failures
// were already announced by the client.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) =>
        !(error instanceof ApiError && error.httpStatus > 0 && error.httpStatus < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.silent) return
      if (isTransportFailure(error)) return
      notify('error', error.message)
    },
  }),
})

/**
 * Some answers come in the reader's language (balance descriptions, FAQ entries, the server's
 * messages; docs/balance.md "Descriptions"): a new language makes every answer stale, and the ones on
 * screen are asked again.
 */
let answeredIn = i18n.language
i18n.subscribe(() => {
  if (i18n.language === answeredIn) return
  answeredIn = i18n.language
  void queryClient.invalidateQueries()
})
