import { EDITOR_READY, EDITOR_RESULT, type EditorMessage, isEditorOrigin, parseEditorMessage } from '@app/contract'
import { useEffect, useRef } from 'react'

// Cross-window messages (docs/requirements.md §3.8, docs/maps.md "Cross-window messages"): a map screen takes messages
// only from the configured editor origins, and only in the shapes `parseEditorMessage` accepts; every
// other message is ignored without an answer. An accepted request is answered to its sender with
// `{type: 'maps-portal:result', request_id, ok, message}`. Once listening, the screen tells its opener
// or parent window that it is ready.

export type EditorAnswer = { ok: boolean; message: string }
export type EditorHandler = (message: EditorMessage) => Promise<EditorAnswer> | EditorAnswer

export function useEditorMessages(origins: readonly string[] | undefined, handle: EditorHandler, mapId: string) {
  const latest = useRef(handle)
  latest.current = handle

  useEffect(() => {
    if (!origins || origins.length === 0) return
    const onMessage = (event: MessageEvent) => {
      if (!isEditorOrigin(event.origin, origins)) return
      const message = parseEditorMessage(event.data)
      if (!message) return
      const reply = (answer: EditorAnswer) =>
        (event.source as Window | null)?.postMessage(
          { type: EDITOR_RESULT, request_id: message.request_id ?? null, ...answer },
          { targetOrigin: event.origin },
        )
      Promise.resolve()
        .then(() => latest.current(message))
        .then(reply, (error: Error) => reply({ ok: false, message: error.message }))
    }
    window.addEventListener('message', onMessage)
    // The editor learns that the screen listens. A message to an origin the window does not have is
    // dropped by the browser, so naming each allowed origin tells only the right one.
    const others = [window.opener, window.parent !== window ? window.parent : null].filter(Boolean) as Window[]
    for (const other of others) {
      for (const origin of origins) {
        try {
          other.postMessage({ type: EDITOR_READY, map_id: mapId }, origin)
        } catch {
          // A closed or foreign window: nothing to tell.
        }
      }
    }
    return () => window.removeEventListener('message', onMessage)
  }, [origins, mapId])
}
