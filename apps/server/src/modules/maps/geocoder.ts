import { createRequire } from 'node:module'

// The geocoding provider interface of the maps (the place search and the import's address column).
// The embedded default is a gazetteer of the world's cities packaged in npm (`city-timezones`: 7,300
// populated places derived from Natural Earth, with population and country), searched in memory, so
// the search works without any outside service. A provider that calls a geocoding API implements the
// same interface (docs/maps.md "Geocoder").

interface Place {
  name: string
  /** Province and country, for telling places of one name apart. */
  detail: string | null
  latitude: number
  longitude: number
}

export interface Geocoder {
  /** Places matching free text ("Da Nang", "Mandalay, Myanmar"), best first. */
  search(text: string, limit: number): Promise<Place[]>
}

interface City {
  city: string
  city_ascii: string
  lat: number
  lng: number
  pop: number
  country: string
  province: string
}

interface Entry {
  place: Place
  key: string
  compact: string
  country: string
  pop: number
}

/** Lower case, without diacritics: "Đà Nẵng" and "da nang" compare equal. */
function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** Names people use that the data set spells otherwise. */
const ALIASES: Record<string, string> = {
  rangoon: 'yangon',
  saigon: 'ho chi minh city',
  'ho chi minh': 'ho chi minh city',
  'tp hcm': 'ho chi minh city',
  'ha noi': 'hanoi',
  'nay pyi taw': 'naypyidaw',
}

/**
 * Corrections of the packaged data where it is wrong (issue 20: "Hanoi — Thái Nguyên"), by the data's
 * "city|country": the province a city is in, and a name it misspells or has left behind. Checked against the provinces
 * of Vietnam (Hà Tây joined Hà Nội in 2008) and Myanmar (Naypyidaw is a union territory).
 */
const CORRECTIONS: Record<string, { province?: string; name?: string }> = {
  'Hanoi|Vietnam': { province: 'Hà Nội' },
  'Haiphong|Vietnam': { province: 'Hải Phòng' },
  'Son Tay|Vietnam': { province: 'Hà Nội' },
  'Lao Chi|Vietnam': { name: 'Lào Cai', province: 'Lào Cai' },
  'Thu Dau Mot|Vietnam': { province: 'Bình Dương' },
  'Naypyidaw|Myanmar': { province: 'Naypyidaw Union Territory' },
  // The data keeps the colonial name, which the offline map's labels would show.
  'Rangoon|Myanmar': { name: 'Yangon' },
}

/** A city of the data set with its corrections applied. */
function corrected(c: City): City {
  const fix = CORRECTIONS[`${c.city}|${c.country}`]
  if (!fix) return c
  return {
    ...c,
    city: fix.name ?? c.city,
    city_ascii: fix.name ? foldText(fix.name) : c.city_ascii,
    province: fix.province ?? c.province,
  }
}

let entries: Entry[] | undefined

function gazetteer(): Entry[] {
  if (entries) return entries
  const cities = createRequire(import.meta.url)('city-timezones/data/cityMap.json') as City[]
  entries = cities
    .filter((c) => Number.isFinite(c.lat) && Number.isFinite(c.lng))
    .map(corrected)
    .map((c) => {
      const key = foldText(c.city_ascii || c.city)
      return {
        place: {
          name: c.city,
          detail: [c.province, c.country].filter((part) => part && part !== c.city).join(', ') || null,
          latitude: c.lat,
          longitude: c.lng,
        },
        key,
        compact: key.replace(/ /g, ''),
        country: foldText(c.country),
        pop: c.pop,
      }
    })
    .sort((a, b) => b.pop - a.pop)
  return entries
}

/** Every place of the embedded gazetteer (corrected), largest first: for a nearest-place search. */
export function gazetteerPlaces(): Place[] {
  return gazetteer().map((entry) => entry.place)
}

/**
 * The embedded gazetteer: an exact name first, then names that start with the text, then names that
 * contain it; larger cities first within each. A part after a comma narrows by country.
 */
export const gazetteerGeocoder: Geocoder = {
  async search(text, limit) {
    const [head = '', ...rest] = text.split(',')
    let name = foldText(head)
    name = ALIASES[name] ?? name
    const country = foldText(rest.join(' '))
    if (name.length < 2) return []
    const compact = name.replace(/ /g, '')
    const ranked: { entry: Entry; rank: number }[] = []
    for (const entry of gazetteer()) {
      if (country && !entry.country.includes(country)) continue
      const rank =
        entry.key === name || entry.compact === compact
          ? 0
          : entry.key.startsWith(name)
            ? 1
            : entry.key.includes(name) || entry.compact.includes(compact)
              ? 2
              : -1
      if (rank >= 0) ranked.push({ entry, rank })
    }
    // Stable: within a rank the gazetteer's order (population, largest first) stays.
    ranked.sort((a, b) => a.rank - b.rank)
    return ranked.slice(0, limit).map((r) => r.entry.place)
  },
}
