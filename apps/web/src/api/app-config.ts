import * as contract from '@app/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from './client.ts'

/**
 * The portal's public settings (GET /v1/app-config), one ['app-config'] entry for every screen that
 * reads them: the shell's links, sign-in providers, the support contact, maintenance, Get started.
 * Fresh for five minutes unless a screen asks for fresher (the back office's settings page).
 */
export const appConfigQuery = ({ staleTime = 300_000 }: { staleTime?: number } = {}) =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: async () => (await call(contract.appConfig)).data,
    staleTime,
  })
