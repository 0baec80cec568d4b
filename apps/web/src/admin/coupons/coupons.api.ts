import type { Coupon, Page, RequestOf } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's coupon calls (docs/coupons.md). Everything sits under ['coupons'], so
// a change made here refreshes every coupon list, type list and log. Mutations are silent: each
// screen says what failed in its own words (docs/requirements.md §3.9).

export const COUPONS_PAGE_SIZE = 20
/** The type picker offers this many types (newest first); a search narrows them on the server. */
const TYPE_CHOICES = 100

export type CouponTypeBody = RequestOf<typeof contract.createCouponType>['body']
export type CouponBody = RequestOf<typeof contract.createCoupon>['body']

export interface CouponFilters {
  keyword: string
  typeId: string | null
  available: 'true' | 'false' | null
  page: number
  pageSize: number
}

export const couponTypesQuery = (page: number, pageSize: number, keyword: string) =>
  queryOptions({
    queryKey: ['coupons', 'types', 'list', { page, pageSize, keyword }],
    queryFn: async () =>
      (
        await call(contract.listCouponTypes, {
          query: { page, page_size: pageSize, ...(keyword ? { keyword } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** The types a coupon can be given or filtered by. */
export const couponTypeChoicesQuery = (keyword = '') =>
  queryOptions({
    queryKey: ['coupons', 'types', 'choices', keyword],
    queryFn: async () =>
      (
        await call(contract.listCouponTypes, {
          query: { page: 1, page_size: TYPE_CHOICES, ...(keyword ? { keyword } : {}) },
        })
      ).data.items,
    placeholderData: keepPreviousData,
  })

/** One type, to name the type a URL filters by when it is not among the choices. */
export const couponTypeQuery = (id: string) =>
  queryOptions({
    queryKey: ['coupons', 'types', 'one', id],
    queryFn: async () => (await call(contract.getCouponType, { params: { id } })).data,
  })

export const couponsQuery = (filters: CouponFilters) =>
  queryOptions({
    queryKey: ['coupons', 'list', filters],
    queryFn: async () =>
      (
        await call(contract.listCoupons, {
          query: {
            page: filters.page,
            page_size: filters.pageSize,
            ...(filters.keyword ? { keyword: filters.keyword } : {}),
            ...(filters.typeId ? { type_id: filters.typeId } : {}),
            ...(filters.available ? { available: filters.available } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** One account's redemptions. */
export const userCouponLogsQuery = (userId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['coupons', 'logs', 'user', userId, { page, pageSize }],
    queryFn: async () =>
      (
        await call(contract.userCouponLogs, {
          params: { id: userId },
          query: { page, page_size: pageSize },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** Every redemption, searched by code or e-mail. */
export const allCouponLogsQuery = (page: number, pageSize: number, keyword: string) =>
  queryOptions({
    queryKey: ['coupons', 'logs', 'all', { page, pageSize, keyword }],
    queryFn: async () =>
      (
        await call(contract.allCouponLogs, {
          query: { page, page_size: pageSize, ...(keyword ? { keyword } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

export const createCouponTypeCall = {
  mutationFn: (body: CouponTypeBody) => call(contract.createCouponType, { body }),
  invalidates: [['coupons', 'types']],
}

/** Creates a coupon; the answer carries its generated code. A type's coupon count changes too. */
export const createCouponCall = {
  mutationFn: (body: CouponBody) => call(contract.createCoupon, { body }),
  invalidates: [['coupons']],
}

/**
 * Disables a coupon (audit-logged on the server). The answer replaces the coupon on screen at once;
 * the lists are then asked again, since a list filtered by availability may no longer hold it.
 */
export function useDisableCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.disableCoupon, { params: { id } }),
    onSuccess: ({ data: coupon }) => {
      queryClient.setQueriesData<Page<Coupon>>(
        { queryKey: ['coupons', 'list'] },
        (page) => page && { ...page, items: page.items.map((item) => (item.id === coupon.id ? coupon : item)) },
      )
      return queryClient.invalidateQueries({ queryKey: ['coupons'] })
    },
    meta: { silent: true },
  })
}
