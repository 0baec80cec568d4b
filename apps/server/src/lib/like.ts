/** A user's text inside a LIKE/ILIKE pattern: `%`, `_` and `\` match themselves, not anything. */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}
