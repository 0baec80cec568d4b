import * as contract from '@app/contract'
import { ErrorCode } from '@app/contract'
import { queryOptions } from '@tanstack/react-query'
import { ApiError, call } from '../../api/client.ts'

// Step-up (docs/auth.md "Step-up"): before a key's secret is revealed the server wants a fresh proof
// of identity on this session; these are the calls of the dialog that asks for it.

export type StepUpProof = { password: string } | { code: string }

/** How this account proves itself (asked each time the dialog opens: 2FA may have changed). */
export const stepUpStatusQuery = () =>
  queryOptions({
    queryKey: ['step-up'],
    queryFn: async () => (await call(contract.stepUpStatus)).data,
    staleTime: 0,
    gcTime: 0,
  })

export async function proveIdentity(proof: StepUpProof) {
  return (await call(contract.stepUp, { body: proof })).data
}

/** Whether a refused call asks for a proof of identity first. */
export function needsStepUp(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.StepUpRequired
}
