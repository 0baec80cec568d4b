import { SERVICE_TYPES, type ServiceType, UNCLASSIFIED, type UsageService } from '@app/contract'

// Which service a request path belongs to, by the rate settings' prefix + one of paths (+ subpath):
// `/api/v1` + `/place/autocomplete` + `/session` matches `/api/v1/place/autocomplete/session?input=x`.
// Matches end at a segment boundary (`/geocode` does not match `/geocoder`), and the longest match
// wins (`/geocode/reverse` before `/geocode`). A path nothing matches is UNCLASSIFIED — counted, never dropped.

export interface PathRule {
  type: string
  prefix: string
  paths: string
  subpath: string | null
}

interface Compiled {
  pattern: string
  service: ServiceType
}

const KNOWN: ReadonlySet<string> = new Set(SERVICE_TYPES)

const trimSlash = (text: string) => text.replace(/\/+$/, '')
const withSlash = (text: string) => (text === '' || text.startsWith('/') ? text : `/${text}`)

export interface Classifier {
  classify(path: string): UsageService
}

export function compileClassifier(rules: readonly PathRule[]): Classifier {
  const compiled: Compiled[] = []
  for (const rule of rules) {
    if (!KNOWN.has(rule.type)) continue
    const prefix = trimSlash(withSlash(rule.prefix.trim()))
    const subpath = rule.subpath ? trimSlash(withSlash(rule.subpath.trim())) : ''
    for (const part of rule.paths.split(',')) {
      const path = trimSlash(withSlash(part.trim()))
      if (!path && !subpath && !prefix) continue
      compiled.push({ pattern: `${prefix}${path}${subpath}`.toLowerCase(), service: rule.type as ServiceType })
    }
  }
  // Longest first, so the most specific rule wins.
  compiled.sort((a, b) => b.pattern.length - a.pattern.length)
  const memo = new Map<string, UsageService>()

  return {
    classify(raw) {
      const cut = raw.search(/[?#]/)
      const path = trimSlash((cut === -1 ? raw : raw.slice(0, cut)).toLowerCase()) || '/'
      const known = memo.get(path)
      if (known !== undefined) return known
      let found: UsageService = UNCLASSIFIED
      for (const rule of compiled) {
        if (
          path.startsWith(rule.pattern) &&
          (path.length === rule.pattern.length || path[rule.pattern.length] === '/')
        ) {
          found = rule.service
          break
        }
      }
      if (memo.size > 10_000) memo.clear()
      memo.set(path, found)
      return found
    },
  }
}
