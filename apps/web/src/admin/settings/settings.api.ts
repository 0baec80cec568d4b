import * as contract from '@app/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { appConfigQuery } from '../../api/app-config.ts'
import { call } from '../../api/client.ts'

// Calls of the back-office settings page. The shell reads the same ['app-config'] entry for its links.

/** Read fresh each time the page opens: another administrator may have switched maintenance. */
export const freshAppConfigQuery = () => appConfigQuery({ staleTime: 0 })

export function useSetMaintenance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (enabled: boolean) => call(contract.setMaintenance, { body: { enabled } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<contract.AppConfig>(['app-config'], (config) =>
        config ? { ...config, maintenance: data.maintenance } : config,
      )
      void queryClient.invalidateQueries({ queryKey: ['app-config'] })
    },
  })
}
