import { Key } from '@app/contract'
import { profile } from './fake-server.tsx'

// Keys as the server sends them, checked by the contract's schema: an active API key of the signed-in
// customer without restriction, scope or cap, unless told otherwise.

export function keyFixture(overrides: Partial<Key> & Pick<Key, 'id'>): Key {
  return Key.parse({
    user_id: profile.id,
    user_email: profile.email,
    name: 'Store locator',
    type: 'api_key',
    description: null,
    key_preview: `mk_…${overrides.id.slice(-4)}`,
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
    ...overrides,
  })
}

/** This month's use of a key's caps, as last measured. */
export function capUse(fields: Pick<NonNullable<Key['cap_use']>, 'requests' | 'spend' | 'percent' | 'state'>) {
  return { month: '2026-11', measured_at: '2026-11-20T10:00:00.000Z', ...fields }
}
