import {
  buildPath,
  type EndpointSpec,
  type Envelope,
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  type RequestOf,
  type ResponseOf,
} from '@app/contract'
import { clearSession, sessionStore } from '../app/session.ts'
import { i18n } from '../i18n/i18n.ts'
import { currentLang } from '../i18n/lang.ts'
import { ApiError, signsOut } from './errors.ts'
import { notify } from './notify.ts'

export { ApiError }

export interface Answer<D> {
  data: D
  message: string
}

/** Where the client sends the browser on maintenance and sign-out; the router registers itself here. */
let go: (path: string) => void = (path) => window.location.assign(path)
export function setNavigator(navigate: (path: string) => void) {
  go = navigate
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * The request of an endpoint; an upload endpoint takes its file as a multipart FormData body. `headers`
 * adds request headers the endpoint reads (an `Idempotency-Key` on a call that moves money).
 */
type CallRequest<E extends EndpointSpec> = (E extends { upload: object }
  ? Omit<RequestOf<E>, 'body'> & { body: FormData }
  : RequestOf<E>) & { headers?: Record<string, string> }

/**
 * Calls an endpoint declared in the contract. Sends the bearer token and Accept-Language, waits at
 * most 300 s, and handles the envelope the way docs/requirements.md §3.3–§3.5 says: `maintain` goes to /maintain, error codes
 * 401/403 sign out, and network failures are shown as a notification.
 */
export async function call<E extends EndpointSpec>(
  endpoint: E,
  ...args: CallRequest<E> extends { params?: undefined; query?: undefined; body?: undefined }
    ? [request?: CallRequest<E>]
    : [request: CallRequest<E>]
): Promise<Answer<ResponseOf<E>>> {
  const request = (args[0] ?? {}) as {
    params?: Record<string, string>
    query?: Record<string, unknown>
    body?: unknown
    headers?: Record<string, string>
  }
  const url = buildPath(endpoint.path, request.params) + queryString(request.query)
  const session = sessionStore.get()
  // The caller's headers first, so they cannot replace the token, the language or the content type.
  const headers: Record<string, string> = {
    ...request.headers,
    accept: 'application/json',
    'accept-language': currentLang(),
  }
  if (session) headers.authorization = `Bearer ${session.token}`
  let body: BodyInit | undefined
  if (request.body instanceof FormData) body = request.body
  else if (request.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(request.body)
  }
  return send<ResponseOf<E>>(url, { method: endpoint.method, headers, ...(body ? { body } : {}) })
}

/**
 * Downloads a file endpoint (`raw` in the contract: CSV exports and the like) with the headers `call`
 * sends, and saves it under `fileName`. A refusal still comes as an envelope and is handled exactly as
 * `call` handles it (sign-out on a dead session, maintenance, the server's message in the error).
 */
export async function download<E extends EndpointSpec>(
  endpoint: E,
  request: { params?: Record<string, string>; query?: Record<string, unknown> },
  fileName: string,
): Promise<void> {
  const url = buildPath(endpoint.path, request.params) + queryString(request.query)
  const session = sessionStore.get()
  const headers: Record<string, string> = { accept: '*/*', 'accept-language': currentLang() }
  if (session) headers.authorization = `Bearer ${session.token}`
  let response: Response
  try {
    response = await fetch(url, { method: endpoint.method, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    const message = i18n.message(timedOut ? 'error.timeout' : 'error.network')
    notify('error', message)
    throw new ApiError(message, timedOut ? 'TIMEOUT' : 'NETWORK', 0)
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    await answerOf(response)
    throw new ApiError(`${response.status} ${response.statusText}`.trim(), 'HTTP', response.status)
  }
  saveBlob(await response.blob(), fileName)
}

function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file by the next task; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 0)
}

async function send<D>(url: string, init: RequestInit): Promise<Answer<D>> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    const message = i18n.message(timedOut ? 'error.timeout' : 'error.network')
    notify('error', message)
    throw new ApiError(message, timedOut ? 'TIMEOUT' : 'NETWORK', 0)
  }
  return answerOf<D>(response)
}

/** The envelope of a response, as docs/requirements.md §3.3–§3.5 say to handle it. */
async function answerOf<D>(response: Response): Promise<Answer<D>> {
  let envelope: Envelope<D> | undefined
  try {
    envelope = (await response.json()) as Envelope<D>
  } catch {
    envelope = undefined
  }
  if (!envelope || typeof envelope.status !== 'string') {
    const message = `${response.status} ${response.statusText}`.trim()
    notify('error', message)
    throw new ApiError(message, 'HTTP', response.status)
  }
  if (envelope.status === 'maintain') {
    if (window.location.pathname !== '/maintain') go('/maintain')
    throw new ApiError(envelope.message, ErrorCode.Maintenance, response.status)
  }
  if (envelope.status !== 'success') {
    // A code this client does not know still reaches the screen, which shows the server's message.
    const code = (envelope.error_code as ErrorCode | null) ?? 'ERROR'
    if (signsOut(code) && sessionStore.get()) {
      clearSession()
      notify('error', envelope.message || i18n.message('error.tokenInvalid'))
      go('/login')
    }
    const fields = (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? {}
    throw new ApiError(envelope.message, code, response.status, fields, envelope.data ?? null)
  }
  return { data: envelope.data, message: envelope.message }
}
