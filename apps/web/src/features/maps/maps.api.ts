import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, download } from '../../api/client.ts'

// Calls of the map screens (/maps, /maps/{id}, /m/{token}). Any change refreshes everything under
// ['maps'], so the list, the recycle bin and an open map agree at once. The screens tell what failed
// themselves, so the mutations are silent.

const MAPS_PAGE_SIZE = 12

export type MapListView = 'active' | 'trashed'

export const mapsQuery = (status: MapListView, page: number, keyword: string) =>
  queryOptions({
    queryKey: ['maps', 'list', { status, page, keyword }],
    queryFn: async () =>
      (
        await call(contract.listMaps, {
          query: { status, page, page_size: MAPS_PAGE_SIZE, keyword: keyword || undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

export const mapQuery = (id: string) =>
  queryOptions({
    queryKey: ['maps', 'one', id],
    queryFn: async () => (await call(contract.getMap, { params: { id } })).data,
  })

export const mapsConfigQuery = () =>
  queryOptions({
    queryKey: ['maps', 'config'],
    queryFn: async () => (await call(contract.mapsConfig)).data,
    staleTime: Number.POSITIVE_INFINITY,
  })

export const publicMapQuery = (token: string) =>
  queryOptions({
    queryKey: ['maps', 'public', token],
    queryFn: async () => (await call(contract.publicMap, { params: { token } })).data,
    retry: false,
    // Each answer is a billed map load: one per visit, not one per focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })

/** The user's keys a map can use (live ones). */
export const mapKeysQuery = () =>
  queryOptions({
    queryKey: ['keys', 'list', { forMaps: true }],
    queryFn: async () => (await call(contract.listUserKeys, { query: { page: 1, page_size: 100 } })).data.items,
  })

export function useMapsMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['maps'] }),
    meta: { silent: true },
  })
}

export type MapBody = contract.BodyOf<typeof contract.updateMap>
export type PointBody = contract.BodyOf<typeof contract.createPoint>

export const mapCalls = {
  create: (body: contract.BodyOf<typeof contract.createMap>) => call(contract.createMap, { body }),
  update: ({ id, body }: { id: string; body: MapBody }) => call(contract.updateMap, { params: { id }, body }),
  saveView: ({ id, view }: { id: string; view: contract.MapView | null }) =>
    call(contract.saveMapView, { params: { id }, body: { view } }),
  setDefault: (id: string) => call(contract.setDefaultMap, { params: { id } }),
  copy: (id: string) => call(contract.copyMap, { params: { id } }),
  trash: (id: string) => call(contract.trashMap, { params: { id } }),
  restore: (id: string) => call(contract.restoreMap, { params: { id } }),
  remove: (id: string) => call(contract.deleteMap, { params: { id } }),
  emptyTrash: () => call(contract.emptyTrash),
  share: (id: string) => call(contract.shareMap, { params: { id } }),
  revoke: (id: string) => call(contract.revokeMapShare, { params: { id } }),
  addLayer: ({ id, name }: { id: string; name: string }) =>
    call(contract.createLayer, { params: { id }, body: { name } }),
  updateLayer: ({ id, layerId, name, visible }: { id: string; layerId: string; name: string; visible: boolean }) =>
    call(contract.updateLayer, { params: { id, layerId }, body: { name, visible } }),
  deleteLayer: ({ id, layerId }: { id: string; layerId: string }) =>
    call(contract.deleteLayer, { params: { id, layerId } }),
  addPoint: ({ id, body }: { id: string; body: PointBody }) => call(contract.createPoint, { params: { id }, body }),
  addPoints: ({ id, body }: { id: string; body: contract.BodyOf<typeof contract.addPoints> }) =>
    call(contract.addPoints, { params: { id }, body }),
  updatePoint: ({ id, pointId, body }: { id: string; pointId: string; body: PointBody }) =>
    call(contract.updatePoint, { params: { id, pointId }, body }),
  deletePoint: ({ id, pointId }: { id: string; pointId: string }) =>
    call(contract.deletePoint, { params: { id, pointId } }),
  movePoints: ({ id, pointIds, layerId }: { id: string; pointIds: string[]; layerId: string }) =>
    call(contract.movePoints, { params: { id }, body: { point_ids: pointIds, layer_id: layerId } }),
  previewImport: ({ id, file }: { id: string; file: File }) => {
    const body = new FormData()
    body.append('file', file)
    return call(contract.previewImport, { params: { id }, body })
  },
}

export function searchPlaces(id: string, q: string) {
  return call(contract.searchPlaces, { params: { id }, query: { q } }).then((answer) => answer.data)
}

export function downloadSample(format: 'csv' | 'xlsx') {
  return download(contract.importSample, { query: { format } }, `map-points-sample.${format}`)
}

export function downloadExport(id: string, name: string, format: 'geojson' | 'csv' | 'xlsx') {
  const safe = name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'map'
  return download(contract.exportMap, { params: { id }, query: { format } }, `${safe}.${format}`)
}
