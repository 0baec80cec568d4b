import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { failureText } from './errors.ts'

/** What a call is and which queries it makes stale: the part a feature's `*.api.ts` knows. */
interface MutationCall<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>
  /** Asked again after a success, before the screen says so. */
  invalidates?: readonly QueryKey[]
}

interface AppMutationOptions<TData, TVariables> extends MutationCall<TData, TVariables> {
  /** The toast of a success (often the server's own message). */
  success: string | ((data: TData, variables: TVariables) => string)
  /** What failed, headed before the server's reason (`failureText`); or the whole text. */
  failure: string | ((error: unknown, variables: TVariables) => string)
  onSuccess?: (data: TData, variables: TVariables) => void
  /** Returns true when it has shown the failure itself (e.g. beside the form's fields): no toast then. */
  onError?: (error: unknown, variables: TVariables) => boolean | undefined
}

/**
 * A dialog's change: runs the call, asks the stale queries again, then says how it went in a toast.
 * The screen names what failed, so the query client's generic notice stays silent.
 */
export function useAppMutation<TData, TVariables>({
  mutationFn,
  invalidates = [],
  success,
  failure,
  onSuccess,
  onError,
}: AppMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient()
  const { message } = App.useApp()
  const mutation = useMutation({
    mutationFn,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    meta: { silent: true },
  })
  const run = (variables: TVariables) =>
    mutation
      .mutateAsync(variables)
      .then((data) => {
        message.success(typeof success === 'string' ? success : success(data, variables))
        onSuccess?.(data, variables)
      })
      .catch((error: unknown) => {
        if (onError?.(error, variables)) return
        message.error(typeof failure === 'string' ? failureText(failure, error) : failure(error, variables))
      })
  return { ...mutation, run }
}
