import type { RequestOf } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// Calls of the rate screens (settings-weight, ranges, free settings, billing settings, the rival's
// prices, one user's price book). Everything sits under ['pricing'], so any change refreshes every view
// of it. Mutations are silent: each screen says what failed in its own words (docs/requirements.md §3.9).

export type RateSettingBody = RequestOf<typeof contract.createRateSetting>['body']
type RangeBody = RequestOf<typeof contract.createRange>['body']
export type RivalBody = RequestOf<typeof contract.setRivalRates>['body']
type BillingSettingsBody = RequestOf<typeof contract.setBillingSettings>['body']

/** The settings of one price book: the common ones, or with `userId` that user's private ones. */
export const rateSettingsQuery = (isNew: boolean, userId: string | null) =>
  queryOptions({
    queryKey: ['pricing', 'settings', { isNew, userId }],
    queryFn: async () =>
      (
        await call(contract.listRateSettings, {
          query: { is_new: isNew ? 'true' : 'false', ...(userId ? { user_id: userId } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** One user's effective price book, found by e-mail (also how the screens find a user's id). */
export const priceBookQuery = (email: string) =>
  queryOptions({
    queryKey: ['pricing', 'price-book', email.toLowerCase()],
    queryFn: async () => (await call(contract.priceOfOneUser, { query: { email } })).data,
    // Found by the picker and shown right after: one call. Every rate change invalidates it anyway.
    staleTime: 10_000,
  })

export const freeMonthQuery = () =>
  queryOptions({
    queryKey: ['pricing', 'free', 'month'],
    queryFn: async () => (await call(contract.getFreeMonth)).data,
    staleTime: 0,
  })

export const freeFirstRegisterQuery = () =>
  queryOptions({
    queryKey: ['pricing', 'free', 'first-register'],
    queryFn: async () => (await call(contract.getFreeFirstRegister)).data,
    staleTime: 0,
  })

export const billingSettingsQuery = () =>
  queryOptions({
    queryKey: ['pricing', 'billing'],
    queryFn: async () => (await call(contract.getBillingSettings)).data,
    staleTime: 0,
  })

export const rivalRatesQuery = () =>
  queryOptions({
    queryKey: ['pricing', 'rival'],
    queryFn: async () => (await call(contract.getRivalRates)).data,
    staleTime: 0,
  })

/** Key owners whose e-mail holds `keyword`: suggestions while staff type an e-mail. */
export const ownerSuggestionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['keys', 'owners', keyword.toLowerCase()],
    queryFn: async () => {
      const page = (await call(contract.listAllKeys, { query: { keyword, page: 1, page_size: 50 } })).data
      const owners = new Map<string, string>()
      for (const key of page.items) owners.set(key.user_id, key.user_email)
      return [...owners.values()].filter((email) => email.toLowerCase().includes(keyword.toLowerCase())).slice(0, 10)
    },
    enabled: keyword.length >= 2,
    placeholderData: keepPreviousData,
  })

function useRatesMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pricing'] }),
  })
}

export const saveRateSettingCall = {
  mutationFn: ({ id, body }: { id: string | null; body: RateSettingBody }) => {
    if (id === null) return call(contract.createRateSetting, { body })
    const { user_id: _owner, ...fields } = body
    return call(contract.updateRateSetting, { params: { id }, body: fields })
  },
  invalidates: [['pricing']],
}

export function useDeleteRateSetting() {
  return useRatesMutation((id: string) => call(contract.deleteRateSetting, { params: { id } }))
}

export const saveRangeCall = {
  mutationFn: ({ settingId, rangeId, body }: { settingId: string; rangeId: string | null; body: RangeBody }) =>
    rangeId === null
      ? call(contract.createRange, { params: { id: settingId }, body })
      : call(contract.updateRange, { params: { id: settingId, rangeId }, body }),
  invalidates: [['pricing']],
}

export function useDeleteRange() {
  return useRatesMutation(({ settingId, rangeId }: { settingId: string; rangeId: string }) =>
    call(contract.deleteRange, { params: { id: settingId, rangeId } }),
  )
}

export const setFreeCall = (which: 'month' | 'first-register') => ({
  mutationFn: (free: string) =>
    which === 'month'
      ? call(contract.setFreeMonth, { body: { free } })
      : call(contract.setFreeFirstRegister, { body: { free } }),
  invalidates: [['pricing']],
})

export const setBillingSettingsCall = {
  mutationFn: (body: BillingSettingsBody) => call(contract.setBillingSettings, { body }),
  invalidates: [['pricing']],
}

export const setRivalRatesCall = {
  mutationFn: (body: RivalBody) => call(contract.setRivalRates, { body }),
  invalidates: [['pricing']],
}

export function useSetUserPriceBook() {
  return useRatesMutation(({ userId, isNew }: { userId: string; isNew: boolean }) =>
    call(contract.setUserPriceBook, { params: { id: userId }, body: { is_new: isNew } }),
  )
}
