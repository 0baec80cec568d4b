// Plurals in messages (issue 20): `{{count, plural, one {# bill} other {# bills}}}` picks the branch
// `Intl.PluralRules` names for the language (English: one / other; Burmese and Vietnamese: other only),
// or an exact `=0` branch, and puts the value where `#` stands, as it was given (a number formatted by
// the caller stays formatted). A subset of ICU MessageFormat: branches hold text and `#`, no nesting.

const PLURAL_BLOCK = /\{\{\s*(\w+)\s*,\s*plural\s*,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}\}/g
const BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g

const rules = new Map<string, Intl.PluralRules>()
function pluralRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale)
  if (!found) {
    found = new Intl.PluralRules(locale)
    rules.set(locale, found)
  }
  return found
}

/** The number a value stands for: a number as it is, a formatted count ("1,250", "1.250") by its digits. */
function countOf(value: string | number): number {
  if (typeof value === 'number') return value
  const digits = value.replace(/[^\d]/g, '')
  return digits === '' ? Number.NaN : Number(digits) * (value.trim().startsWith('-') ? -1 : 1)
}

/** Replaces every plural block of `text` with its branch for the given values, in `locale`. */
export function pluralize(text: string, params: Record<string, string | number | undefined>, locale: string) {
  if (!text.includes('plural')) return text
  return text.replace(PLURAL_BLOCK, (whole, name: string, body: string) => {
    const value = params[name]
    if (value === undefined) return whole
    const count = countOf(value)
    const branches = new Map([...body.matchAll(BRANCH)].map((m) => [m[1] ?? '', m[2] ?? '']))
    const branch =
      branches.get(`=${count}`) ??
      (Number.isFinite(count) ? branches.get(pluralRules(locale).select(count)) : undefined) ??
      branches.get('other') ??
      ''
    return branch.replaceAll('#', String(value))
  })
}
