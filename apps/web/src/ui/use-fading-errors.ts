import { INLINE_ERROR_MS } from '@app/contract'
import type { FormInstance, FormProps } from 'antd'
import { useCallback, useEffect, useRef } from 'react'
import { ApiError } from '../api/client.ts'
import { serverFieldErrors } from './form-rules.ts'

type FieldName = string | number | (string | number)[]

const keyOf = (name: FieldName) => JSON.stringify(Array.isArray(name) ? name : [name])

/**
 * Inline errors (docs/requirements.md §18.5): a field's red border and the explanation under it vanish 5 seconds after they
 * appear. Pass `onFieldsChange` to the Form; put a failed call's field messages on the fields with
 * `showServerErrors` (it answers whether every message found its field).
 */
export function useFadingErrors(form: FormInstance) {
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; errors: string }>())

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const { timer } of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }, [])

  const forget = useCallback((key: string) => {
    clearTimeout(timers.current.get(key)?.timer)
    timers.current.delete(key)
  }, [])

  const fadeLater = useCallback(
    (name: FieldName, errors: string[]) => {
      const key = keyOf(name)
      const text = errors.join('\n')
      // Typing while a message shows reports the same errors again; that must not keep it longer.
      if (timers.current.get(key)?.errors === text) return
      forget(key)
      const timer = setTimeout(() => {
        timers.current.delete(key)
        form.setFields([{ name, errors: [] }])
      }, INLINE_ERROR_MS)
      timers.current.set(key, { timer, errors: text })
    },
    [form, forget],
  )

  const onFieldsChange = useCallback<NonNullable<FormProps['onFieldsChange']>>(
    (changed) => {
      for (const field of changed) {
        if (field.name === undefined) continue
        const errors = (field.errors ?? []).map(String)
        if (errors.length) fadeLater(field.name as FieldName, errors)
        else forget(keyOf(field.name as FieldName))
      }
    },
    [fadeLater, forget],
  )

  const showServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError)) return false
      const total = Object.keys(error.fields).length
      if (total === 0) return false
      const placed = serverFieldErrors(form, error.fields)
      form.setFields(placed)
      for (const field of placed) fadeLater(field.name, field.errors)
      return placed.length === total
    },
    [form, fadeLater],
  )

  /** Puts one message on one field, fading like the others (e.g. "already registered"). */
  const showFieldError = useCallback(
    (name: string, message: string) => {
      form.setFields([{ name, errors: [message] }])
      fadeLater(name, [message])
    },
    [form, fadeLater],
  )

  return { onFieldsChange, showServerErrors, showFieldError }
}
