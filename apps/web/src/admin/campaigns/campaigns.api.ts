import type { RequestOf } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's campaign calls (docs/campaigns.md). Everything sits under ['campaigns'], so a
// change refreshes the list and the dashboard's active campaigns alike. Mutations are silent: each
// screen names what failed.

export const CAMPAIGNS_PAGE_SIZE = 10

export type CampaignBody = RequestOf<typeof contract.createCampaign>['body']

export const campaignsQuery = (page: number, pageSize: number, keyword: string) =>
  queryOptions({
    queryKey: ['campaigns', 'list', { page, pageSize, keyword }],
    queryFn: async () =>
      (
        await call(contract.listCampaigns, {
          query: { page, page_size: pageSize, ...(keyword ? { keyword } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

export const saveCampaignCall = {
  mutationFn: ({ id, body }: { id: string | null; body: CampaignBody }) =>
    id ? call(contract.updateCampaign, { params: { id }, body }) : call(contract.createCampaign, { body }),
  invalidates: [['campaigns']],
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.deleteCampaign, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
    meta: { silent: true },
  })
}

export function useUploadCampaignImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData()
      body.append('file', file)
      return call(contract.uploadCampaignImage, { body })
    },
    meta: { silent: true },
  })
}

/** Removes an image: a loose upload is deleted; one saved with the campaign goes with its file entry. */
export function useDeleteCampaignImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, saved }: { id: string; saved: boolean }): Promise<void> => {
      if (saved) await call(contract.deleteCampaignImageAndFile, { params: { id } })
      else await call(contract.deleteCampaignImage, { params: { id } })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
    meta: { silent: true },
  })
}
