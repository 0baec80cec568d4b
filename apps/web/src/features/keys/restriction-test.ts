import { checkRestrictionRow, clientIpv4, compileRestrictions, type RestrictionRow } from '@app/contract'

// The form's restriction tester: what the gateway would answer for one web page or one address, with
// the same matcher (compileRestrictions) it runs. Only rows without an error take part, as only those
// can be saved.

export type TestOutcome =
  | { kind: 'noRows' }
  | { kind: 'unreadable' }
  | { kind: 'allowed'; row: string; readAs: string | null }
  | { kind: 'refused'; reason: 'page' | 'pageIpOnly' | 'ip' | 'ipDomainOnly'; readAs: string | null }

const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i

/** A web address as typed, with https:// assumed when no scheme was written; null if it is none. */
function readPage(text: string): string | null {
  const candidate = SCHEME.test(text) ? text : `https://${text}`
  try {
    const url = new URL(candidate)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null
    return candidate
  } catch {
    return null
  }
}

/** Null while nothing is typed. */
export function testRestriction(rows: readonly RestrictionRow[], input: string): TestOutcome | null {
  const text = input.trim()
  if (!text) return null
  const usable = rows.filter((row) => checkRestrictionRow(row) === null)
  if (usable.length === 0) return { kind: 'noRows' }

  const isAddress = clientIpv4(text) !== null
  const page = isAddress ? null : readPage(text)
  if (!isAddress && page === null) return { kind: 'unreadable' }
  const request = isAddress ? { ip: text } : { referer: page }
  const readAs = page !== null && page !== text ? page : null

  const verdict = compileRestrictions(usable).check(request)
  if (verdict === 'OK') {
    const match = usable.find((row) => compileRestrictions([row]).check(request) === 'OK')
    return { kind: 'allowed', row: match?.value.trim() ?? '', readAs }
  }
  if (isAddress) return { kind: 'refused', reason: verdict === 'IP_NOT_ALLOWED' ? 'ip' : 'ipDomainOnly', readAs }
  return { kind: 'refused', reason: verdict === 'ORIGIN_NOT_ALLOWED' ? 'page' : 'pageIpOnly', readAs }
}
