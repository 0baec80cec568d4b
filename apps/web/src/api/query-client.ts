import { MutationCache, QueryClient } from '@tanstack/react-query'
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
