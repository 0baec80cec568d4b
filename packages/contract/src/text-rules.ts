import type { Check } from './problem.ts'

// Text the product accepts never holds a NUL character (U+0000): PostgreSQL's text cannot store it, so
// it would otherwise reach the database and fail there (docs/security.md "Text input"). The server
// refuses it in every request before validation; the contract's checks and the forms refuse it too, so
// both sides say the same. No zod here: the browser bundle imports this module.

export const NUL = '\u0000'

/** The problem with a text holding a NUL, or null. */
export const checkNoNul: Check<string> = (value) => (value.includes(NUL) ? { key: 'validation.nulCharacter' } : null)

/**
 * Where the first string holding a NUL is inside a value (strings, arrays and plain objects, their keys
 * included), as a path of keys and indexes; null when there is none. Iterative and linear in the size of
 * the value (each node keeps a link to its parent, the path is built only when found), so no body,
 * however deeply nested, can exhaust the stack or cost quadratic time.
 */
export function findNul(value: unknown): (string | number)[] | null {
  interface Node {
    value: unknown
    parent: Node | null
    key: string | number
  }
  const pathOf = (node: Node | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last]
    for (let n = node; n?.parent; n = n.parent) path.push(n.key)
    return path.reverse()
  }
  const stack: Node[] = [{ value, parent: null, key: '' }]
  while (stack.length > 0) {
    const node = stack.pop() as Node
    const current = node.value
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(node)
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: node, key: i })
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string
        if (key.includes(NUL)) return pathOf(node, key)
        stack.push({ value: (current as Record<string, unknown>)[key], parent: node, key })
      }
    }
  }
  return null
}
