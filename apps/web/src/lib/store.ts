import { useSyncExternalStore } from 'react'

/** A value kept in localStorage that React components can subscribe to, in this tab and others. */
export interface Stored<T> {
  get(): T
  set(value: T): void
  clear(): void
  subscribe(listener: () => void): () => void
  key: string
}

export function stored<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string | null,
): Stored<T> {
  const listeners = new Set<() => void>()
  let cachedRaw: string | null | undefined
  let cachedValue: T
  const read = () => {
    let raw: string | null = null
    try {
      raw = localStorage.getItem(key)
    } catch {
      raw = null
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw
      cachedValue = parse(raw)
    }
    return cachedValue
  }
  const notify = () => {
    for (const listener of listeners) listener()
  }
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) notify()
    })
  }
  return {
    key,
    get: read,
    set(value) {
      const raw = serialize(value)
      try {
        if (raw === null) localStorage.removeItem(key)
        else localStorage.setItem(key, raw)
      } catch {
        // Private mode or a full quota: the value lives until the tab closes.
      }
      notify()
    },
    clear() {
      try {
        localStorage.removeItem(key)
      } catch {}
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export function useStored<T>(store: Stored<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
