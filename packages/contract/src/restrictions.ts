import { MAX_RESTRICTION_ROWS } from './limits.ts'
import type { Problem } from './problem.ts'

// Key restrictions (docs/requirements.md §5.2): rows of type `domain` (a web address pattern with `*` wildcards, e.g.
// `http*://*.example.com/*`) or `ip` (dotted IPv4, or a CIDR block). The same parser and matcher run in
// the key form (on blur, and in its tester) and in the gateway's key check.

export type RestrictionType = 'domain' | 'ip'
export interface RestrictionRow {
  type: RestrictionType
  value: string
}

// ---------- IPv4 ----------

const OCTET = /^(0|[1-9]\d{0,2})$/

/** A dotted IPv4 address as a 32-bit number, or null (parts 0–255, no leading zeros). */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    if (!OCTET.test(part)) return null
    const n = Number(part)
    if (n > 255) return null
    value = value * 256 + n
  }
  return value
}

export interface Cidr {
  network: number
  prefix: number
}

/** `203.0.113.7` (a /32) or `203.0.113.0/24`; null when malformed. */
export function parseIpRule(text: string): Cidr | null {
  const value = text.trim()
  const slash = value.indexOf('/')
  const address = parseIpv4(slash === -1 ? value : value.slice(0, slash))
  if (address === null) return null
  let prefix = 32
  if (slash !== -1) {
    const bits = value.slice(slash + 1)
    if (!/^(0|[1-9]\d?)$/.test(bits) || Number(bits) > 32) return null
    prefix = Number(bits)
  }
  return { network: maskTo(address, prefix), prefix }
}

function maskTo(address: number, prefix: number): number {
  if (prefix === 0) return 0
  // Multiplying keeps the arithmetic in unsigned range (bitwise operators would go signed).
  const size = 2 ** (32 - prefix)
  return Math.floor(address / size) * size
}

/** The client address as IPv4; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as IPv4. */
export function clientIpv4(ip: string | null | undefined): number | null {
  if (!ip) return null
  const text = ip.trim().toLowerCase()
  return parseIpv4(text.startsWith('::ffff:') ? text.slice(7) : text)
}

function ipMatches(rule: Cidr, address: number): boolean {
  return maskTo(address, rule.prefix) === rule.network
}

// ---------- web address patterns ----------

export interface DomainPattern {
  /** `http`, `https`, or null for any (`http*`, `*` or none written). */
  scheme: 'http' | 'https' | null
  /** Host labels, lower-case; `*` matches one or more labels. */
  labels: string[]
  /** A port, or null for the scheme's default; `*` for any. */
  port: string | null
  /** A path pattern where `*` stands for any run of characters, or null for any path. */
  path: string | null
}

const LABEL = /^(\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)$/
const PATTERN = /^(?:([a-z*]+):\/\/)?([^/:?#\s]+)(?::(\d{1,5}|\*))?(\/[^\s?#]*)?$/i

/**
 * Whether `text` matches `glob`, where `*` stands for any run of characters (none included). The
 * classic greedy walk with one backtrack point: O(|glob|·|text|) at worst, never exponential, so a
 * key's pattern cannot make the gateway spin on a long Referer (a regular expression could).
 */
export function globMatches(glob: string, text: string): boolean {
  let g = 0
  let t = 0
  let star = -1
  let resume = 0
  while (t < text.length) {
    if (g < glob.length && glob[g] !== '*' && glob[g] === text[t]) {
      g++
      t++
    } else if (g < glob.length && glob[g] === '*') {
      star = g++
      resume = t
    } else if (star >= 0) {
      g = star + 1
      t = ++resume
    } else {
      return false
    }
  }
  while (g < glob.length && glob[g] === '*') g++
  return g === glob.length
}

/** Parses `http*://*.example.com/*`-style patterns; null when malformed. */
export function parseDomainPattern(text: string): DomainPattern | null {
  const match = PATTERN.exec(text.trim())
  if (!match) return null
  const [, rawScheme, rawHost = '', port, rawPath] = match
  let scheme: DomainPattern['scheme'] = null
  if (rawScheme !== undefined) {
    const s = rawScheme.toLowerCase()
    if (s === 'http' || s === 'https') scheme = s
    else if (s !== 'http*' && s !== '*') return null
  }
  const host = rawHost.toLowerCase().replace(/\.$/, '')
  // DNS names are at most 253 characters; a longer host can never be a real site.
  if (host.length > 253) return null
  const labels = host.split('.')
  if (labels.some((label) => !LABEL.test(label))) return null
  // A host of wildcards alone would allow every site: that is "no restriction", not a restriction.
  if (labels.every((label) => label === '*')) return null
  if (labels.length === 1 && host !== 'localhost') return null
  if (port !== undefined && port !== '*' && (Number(port) < 1 || Number(port) > 65535)) return null
  const path = rawPath === undefined || rawPath === '/*' || rawPath === '/' ? null : rawPath
  return { scheme, labels, port: port ?? null, path }
}

function hostMatches(pattern: string[], host: string[]): boolean {
  // Label by label from the right; a `*` label takes one or more labels (`*.example.com` covers
  // `a.example.com` and `a.b.example.com`, but not `example.com` itself). Dynamic programming over
  // (pattern label, host label) pairs: O(|pattern|·|host|), however many wildcards a key has.
  // matched[h] says whether the last p pattern labels match the last h host labels.
  let matched: boolean[] = new Array(host.length + 1).fill(false)
  matched[0] = true
  for (let p = pattern.length - 1; p >= 0; p--) {
    const label = pattern[p]
    const next: boolean[] = new Array(host.length + 1).fill(false)
    for (let h = 1; h <= host.length; h++) {
      const hostLabel = host[host.length - h]
      if (label === '*') next[h] = matched[h - 1] === true || next[h - 1] === true
      else next[h] = hostLabel === label && matched[h - 1] === true
    }
    matched = next
  }
  return matched[host.length] === true
}

function urlMatches(pattern: DomainPattern, url: URL): boolean {
  const scheme = url.protocol.replace(/:$/, '')
  if (scheme !== 'http' && scheme !== 'https') return false
  if (pattern.scheme && pattern.scheme !== scheme) return false
  if (!hostMatches(pattern.labels, url.hostname.toLowerCase().replace(/\.$/, '').split('.'))) return false
  if (pattern.port !== '*') {
    const port = url.port || (scheme === 'https' ? '443' : '80')
    const wanted = pattern.port ?? (scheme === 'https' ? '443' : '80')
    if (port !== wanted) return false
  }
  return pattern.path === null || globMatches(pattern.path, url.pathname)
}

// ---------- rows ----------

export function checkRestrictionRow(row: RestrictionRow): Problem | null {
  const value = row.value.trim()
  if (!value) return { key: 'keys.fillTheField' }
  if (row.type === 'ip') return parseIpRule(value) ? null : { key: 'keys.invalidIp' }
  return parseDomainPattern(value) ? null : { key: 'keys.invalidDomain' }
}

export function checkRestrictionList(rows: readonly RestrictionRow[]): Problem | null {
  if (rows.length === 0) return { key: 'keys.fillTheField' }
  if (rows.length > MAX_RESTRICTION_ROWS) return { key: 'keys.tooManyRows', params: { max: MAX_RESTRICTION_ROWS } }
  for (const row of rows) {
    const problem = checkRestrictionRow(row)
    if (problem) return problem
  }
  return null
}

export type RestrictionVerdict = 'OK' | 'ORIGIN_NOT_ALLOWED' | 'IP_NOT_ALLOWED'

export interface RestrictionRequest {
  /** The Origin header of the browser call, if any. */
  origin?: string | null
  /** The Referer header, if any (preferred: it carries the path). */
  referer?: string | null
  /** The caller's address as the gateway saw it. */
  ip?: string | null
}

export interface Matcher {
  check(request: RestrictionRequest): RestrictionVerdict
}

function parseUrl(text: string | null | undefined): URL | null {
  if (!text) return null
  try {
    return new URL(text)
  } catch {
    return null
  }
}

/**
 * Compiles a key's rows once (the gateway caches the result). A request passes when it matches any
 * domain row by its Referer (or Origin), or any ip row by its address; with no rows, everything passes.
 * A refusal names the web-address check when the key has domain rows and the call came from a page,
 * otherwise the address check.
 */
export function compileRestrictions(rows: readonly RestrictionRow[] | null | undefined): Matcher {
  const domains = (rows ?? []).filter((r) => r.type === 'domain').flatMap((r) => parseDomainPattern(r.value) ?? [])
  const ips = (rows ?? []).filter((r) => r.type === 'ip').flatMap((r) => parseIpRule(r.value) ?? [])
  if (!rows || rows.length === 0) return { check: () => 'OK' }
  return {
    check(request) {
      const page = parseUrl(request.referer) ?? parseUrl(request.origin)
      if (page && domains.some((pattern) => urlMatches(pattern, page))) return 'OK'
      const address = clientIpv4(request.ip)
      if (address !== null && ips.some((rule) => ipMatches(rule, address))) return 'OK'
      if (domains.length > 0 && (page || ips.length === 0)) return 'ORIGIN_NOT_ALLOWED'
      return 'IP_NOT_ALLOWED'
    },
  }
}

/** "3 domains, 1 IP address" style counts for the key list. */
export function restrictionCounts(rows: readonly RestrictionRow[] | null | undefined) {
  const list = rows ?? []
  return { domains: list.filter((r) => r.type === 'domain').length, ips: list.filter((r) => r.type === 'ip').length }
}
