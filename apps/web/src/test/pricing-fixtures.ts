import { Key, PriceBook, popupRates, RateSetting, ratePer1000, type ServiceType, UNLIMITED } from '@app/contract'

// Answers of the rate endpoints for the settings screen tests, checked by the contract's own schemas;
// the per-1000 figures are derived the way the server derives them.

export const MINH_ID = 'usr_01jdminh000000000000000000'
export const MINH_EMAIL = 'minh.tran@example.com'

let serial = 0
const id = (prefix: string) => `${prefix}_01jd${String(++serial).padStart(22, '0')}`

export function rateSetting(
  type: ServiceType,
  fields: {
    rate: string
    free: number
    paths: string
    ranges?: [number, number, string][]
    isNew?: boolean
    userId?: string | null
    subpath?: string | null
  },
): RateSetting {
  const settingId = id('rat')
  return RateSetting.parse({
    id: settingId,
    type,
    rate: fields.rate,
    rate_per_1000: ratePer1000(fields.rate),
    free: fields.free,
    prefix: '/api/v1',
    paths: fields.paths,
    subpath: fields.subpath ?? null,
    is_new: fields.isNew ?? true,
    user_id: fields.userId ?? null,
    user_email: fields.userId ? MINH_EMAIL : null,
    ranges: (fields.ranges ?? []).map(([from, to, rate]) => ({
      id: id('rng'),
      setting_id: settingId,
      request_from: from,
      request_to: to,
      rate,
      rate_per_1000: ratePer1000(rate),
      user_id: fields.userId ?? null,
      create_by_id: null,
      update_by_id: null,
    })),
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
  })
}

/** The current book as the migration seeds it, for two services. */
export function currentBook(): RateSetting[] {
  return [
    rateSetting('GEOCODE', {
      rate: '0.005',
      free: 40_000,
      paths: '/geocode',
      ranges: [
        [0, 100_000, '0.005'],
        [100_000, 200_000, '0.004'],
        [200_000, 500_000, '0.004'],
        [500_000, UNLIMITED, '0.003'],
      ],
    }),
    rateSetting('FORWARD_GEOCODE', { rate: '0.005', free: 40_000, paths: '/geocode/forward,/search' }),
  ]
}

export function legacyBook(): RateSetting[] {
  return [rateSetting('GEOCODE', { rate: '0.006', free: 40_000, paths: '/geocode', isNew: false })]
}

/** Minh's price book: a private GEOCODE rate over the common ones. */
export function minhPriceBook(isNew = true): PriceBook {
  const services = [
    { service: 'GEOCODE', rate: '0.002', free: 10_000, private: true, ranges: [] },
    { service: 'FORWARD_GEOCODE', rate: '0.005', free: 40_000, private: false, ranges: [] },
  ] as const
  return PriceBook.parse({
    user: { id: MINH_ID, email: MINH_EMAIL },
    is_new: isNew,
    free_month: '5.00',
    discount_percent: '10',
    enjoy_discount: true,
    services: services.map((row) => ({
      ...row,
      ranges: [...row.ranges],
      rate_per_1000: ratePer1000(row.rate),
      popup: popupRates(row.ranges, row.rate),
    })),
  })
}

/** A page of keys of the listed owners: where the e-mail picker's suggestions come from. */
export function keysOf(owners: { id: string; email: string }[]) {
  const items = owners.map((owner) =>
    Key.parse({
      id: id('key'),
      user_id: owner.id,
      user_email: owner.email,
      name: 'Website',
      type: 'api_key',
      description: null,
      key_preview: 'mk_ab12…9f',
      status: 'active',
      restriction_list: null,
      created_at: '2026-11-01T08:00:00.000Z',
      last_modified: '2026-11-01T08:00:00.000Z',
      deleted_at: null,
      previous_key_expires_at: null,
      services: null,
      request_cap: null,
      spend_cap: null,
      cap_use: null,
    }),
  )
  return { items, total: items.length, page: 1, page_size: 50 }
}
