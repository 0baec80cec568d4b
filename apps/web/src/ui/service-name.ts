import { legendLabel, SERVICE_TYPES, type ServiceType } from '@app/contract'
import { serviceNamesEn, serviceNamesMy, serviceNamesVi } from '@app/contract/messages/service-names'
import { sharedMessages, useT } from '../i18n/define.ts'

// The metered services' readable names ("Map loads" for LOAD_MAP) in the reader's language, for every
// table, chart and bill of both areas: the server's own catalogue (contract messages/service-names.ts,
// which the e-mails and bill files use) is the one source.

const strip = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).map(([key, text]) => [key.replace(/^services\./, ''), text]))

const servicesMessages = sharedMessages(
  'services',
  strip(serviceNamesEn) as Record<ServiceType, string>,
  strip(serviceNamesMy) as Record<ServiceType, string>,
  strip(serviceNamesVi) as Record<ServiceType, string>,
)

const KNOWN = new Set<string>(SERVICE_TYPES)

let segmenter: Intl.Segmenter | undefined

/** Cuts a name to at most `max` characters, at a character a reader sees (Burmese marks stay whole). */
export function cutName(name: string, max: number): string {
  if (name.length <= max) return name
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const graphemes = [...segmenter.segment(name)].map((s) => s.segment)
  return graphemes.length > max ? `${graphemes.slice(0, max).join('').trimEnd()}…` : name
}

/**
 * `LOAD_MAP` → "Map loads" in the reader's language, cut to `max` characters when given (chart
 * legends); a code the catalogue does not know yet reads as its words ("NEW_SERVICE" → "New Service").
 */
export function useServiceName(): (service: string, max?: number) => string {
  const t = useT(servicesMessages)
  return (service, max = Number.POSITIVE_INFINITY) =>
    cutName(KNOWN.has(service) ? t(service as ServiceType) : legendLabel(service, max), max)
}
