import { ErrorCode } from '@app/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, screen } from '@testing-library/react'
import { App } from 'antd'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './errors.ts'
import { useAppMutation } from './use-app-mutation.ts'

afterEach(cleanup)

function setup(mutationFn: (n: number) => Promise<{ message: string }>, onError?: (error: unknown) => boolean) {
  const queryClient = new QueryClient()
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  const onSuccess = vi.fn()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <App>{children}</App>
    </QueryClientProvider>
  )
  const { result } = renderHook(
    () =>
      useAppMutation({
        mutationFn,
        invalidates: [['things'], ['users']],
        success: (data) => data.message,
        failure: 'Save failed',
        onSuccess,
        ...(onError ? { onError } : {}),
      }),
    { wrapper },
  )
  return { result, invalidate, onSuccess }
}

describe('useAppMutation', () => {
  it('asks the stale queries again, then shows the success and hands the answer on', async () => {
    const { result, invalidate, onSuccess } = setup(async () => ({ message: 'Saved it' }))
    await act(() => result.current.run(1))
    expect(await screen.findByText('Saved it')).toBeTruthy()
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['things'], ['users']])
    expect(onSuccess).toHaveBeenCalledWith({ message: 'Saved it' }, 1)
  })

  it('names what failed with the server’s reason, and invalidates nothing', async () => {
    const { result, invalidate, onSuccess } = setup(async () => {
      throw new ApiError('Name is taken', ErrorCode.Conflict, 409)
    })
    await act(() => result.current.run(1))
    expect(await screen.findByText('Save failed: Name is taken')).toBeTruthy()
    expect(invalidate).not.toHaveBeenCalled()
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('shows no toast when the screen has shown the failure itself', async () => {
    const onError = vi.fn(() => true)
    const { result } = setup(async () => {
      throw new ApiError('Name is taken', ErrorCode.Conflict, 409)
    }, onError)
    await act(() => result.current.run(1))
    expect(onError).toHaveBeenCalled()
    expect(screen.queryByText(/Save failed/)).toBeNull()
  })
})
