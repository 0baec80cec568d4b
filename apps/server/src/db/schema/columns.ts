import { customType, timestamp } from 'drizzle-orm/pg-core'

/** `timestamptz` read and written as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** `bytea` as a Node Buffer on both drivers (PGlite hands back a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
})
