import * as contract from '@app/contract'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { type ExampleRequest, requestUrl } from './examples.ts'

// The Get started page's calls: the portal's public settings and the user's keys through the portal's
// client, and Try it, which is the one call the SPA makes to the maps API itself (through the gateway,
// with the customer's key), so it is a plain fetch rather than a contract call.

/** The user's live keys to pick from, newest first (under ['keys'], so a change to a key refreshes it). */
export const exampleKeysQuery = () =>
  queryOptions({
    queryKey: ['keys', 'list', { forExamples: true }],
    queryFn: async () => (await call(contract.listUserKeys, { query: { page: 1, page_size: 100 } })).data.items,
  })

/** A JSON answer longer than this is cut before it is shown. */
const SHOWN_ANSWER_CHARS = 20_000

export type TryOutcome =
  | {
      kind: 'answered'
      status: number
      /** The gateway's reason for a refusal (`ORIGIN_NOT_ALLOWED`…), or null. */
      reason: string | null
      /** The refusal's message, as the API wrote it. */
      message: string | null
      elapsedMs: number
      /** The answer: pretty JSON (cut when long), a tile's size, or nothing (a 204). */
      body: { kind: 'json'; text: string; isCut: boolean } | { kind: 'tile'; bytes: number } | { kind: 'empty' }
    }
  /** No answer at all: the gateway is not running, or the browser refused the call. */
  | { kind: 'unreachable'; error: string; elapsedMs: number }

interface Refusal {
  error?: { reason?: unknown; code?: unknown; message?: unknown }
}

function refusalOf(parsed: unknown, header: string | null): { reason: string | null; message: string | null } {
  const error = (parsed as Refusal | null)?.error
  const reason = typeof error?.reason === 'string' ? error.reason : typeof error?.code === 'string' ? error.code : null
  return {
    reason: reason ?? (header || null),
    message: typeof error?.message === 'string' ? error.message : null,
  }
}

/** Sends one example request from the browser and says what came back and how long it took. */
async function tryRequest(base: string, request: ExampleRequest, key: string): Promise<TryOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  let response: Response
  try {
    response = await fetch(requestUrl(base, request, key), {
      headers: request.keyIn === 'header' ? { 'X-Api-Key': key } : {},
      // The key is the credential; the portal's cookies and session have nothing to do with the maps API.
      credentials: 'omit',
      signal: AbortSignal.timeout(contract.REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    return { kind: 'unreachable', error: error instanceof Error ? error.message : String(error), elapsedMs: elapsed() }
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('json')
  if (request.answer === 'tile' && response.ok && !isJson) {
    const bytes = (await response.arrayBuffer()).byteLength
    const body = response.status === 204 ? { kind: 'empty' as const } : { kind: 'tile' as const, bytes }
    return { kind: 'answered', status: response.status, reason: null, message: null, elapsedMs: elapsed(), body }
  }
  const text = await response.text()
  const elapsedMs = elapsed()
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = null
  }
  const pretty = parsed === null ? text : JSON.stringify(parsed, null, 2)
  const refusal = response.ok
    ? { reason: null, message: null }
    : refusalOf(parsed, response.headers.get('x-gateway-reason'))
  return {
    kind: 'answered',
    status: response.status,
    ...refusal,
    elapsedMs,
    body: pretty
      ? { kind: 'json', text: pretty.slice(0, SHOWN_ANSWER_CHARS), isCut: pretty.length > SHOWN_ANSWER_CHARS }
      : { kind: 'empty' },
  }
}

/** Try it for one service card; the outcome is shown in the card, never as a toast. */
export function useTryIt() {
  return useMutation({
    mutationFn: ({ base, request, key }: { base: string; request: ExampleRequest; key: string }) =>
      tryRequest(base, request, key),
    meta: { silent: true },
  })
}
