import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The Jobs page's calls (docs/jobs.md). Everything sits under ['jobs'] and is asked again every few
// seconds while the page is open: runs start and end by themselves.

export const JOB_RUNS_PAGE_SIZE = 10
const REFRESH_MS = 5_000

export const jobsQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'list'],
    queryFn: async () => (await call(contract.listJobs)).data,
    refetchInterval: REFRESH_MS,
  })

export const jobRunsQuery = (
  name: contract.JobName,
  page: number,
  pageSize: number,
  state: contract.JobRunState | null,
) =>
  queryOptions({
    queryKey: ['jobs', 'runs', name, { page, pageSize, state }],
    queryFn: async () =>
      (
        await call(contract.listJobRuns, {
          params: { name },
          query: { page, page_size: pageSize, ...(state ? { state } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })

/** Starts a run now (audited); the page reports the outcome. */
export function useRunJobNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: contract.JobName) => call(contract.runJobNow, { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
    meta: { silent: true },
  })
}

/** Tries a dead-lettered run again as a new run (audited). */
export function useRetryJobRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, id }: { name: contract.JobName; id: string }) =>
      call(contract.retryJobRun, { params: { name, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
    meta: { silent: true },
  })
}
