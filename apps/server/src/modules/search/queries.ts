import { formatCents, SEARCH_LIMIT } from '@app/contract'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { escapeLike } from '../../lib/like.ts'

// What the header search finds, a few of each kind, best first: an exact match, then one that starts
// with the text, then one that contains it (newest first among equals). The text is matched literally
// (% and _ are not wildcards).

/** A phone number typed as 0912 345 678 or +84 912…: its digits, without the trunk 0. */
function phoneDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '')
  return digits.length >= 4 ? digits : null
}

export async function searchAccounts(db: Db, text: string) {
  const lower = text.toLowerCase()
  const contains = `%${escapeLike(lower)}%`
  const starts = `${escapeLike(lower)}%`
  const digits = phoneDigits(text)
  const rows = await queryRows<{
    id: string
    email: string
    name: string
    phone_number: string | null
    status: 'active' | 'suspended'
    roles: string[] | null
  }>(
    db,
    sql`
    select u.id, u.email, trim(u.first_name || ' ' || u.last_name) as name, u.phone_number, u.status,
      (select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id) as roles
    from users u
    where lower(u.email) like ${contains}
       or lower(u.first_name || ' ' || u.last_name) like ${contains}
       ${digits ? sql`or regexp_replace(coalesce(u.phone_number, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}` : sql``}
    order by (lower(u.email) = ${lower}) desc,
             (lower(u.email) like ${starts} or lower(u.first_name || ' ' || u.last_name) like ${starts}) desc,
             u.created_at desc
    limit ${SEARCH_LIMIT}`,
  )
  return rows.map((row) => ({ ...row, roles: row.roles ?? [] }))
}

export async function searchBills(db: Db, text: string) {
  const upper = text.toUpperCase()
  const rows = await queryRows<{
    id: string
    code: string
    user_id: string
    user_email: string
    total_cents: string
    paid: boolean
  }>(
    db,
    sql`
    select b.id, b.code, b.user_id, u.email as user_email, b.total_cents::text as total_cents, b.paid_at is not null as paid
    from bills b join users u on u.id = b.user_id
    where upper(b.code) like ${`%${escapeLike(upper)}%`}
    order by (upper(b.code) = ${upper}) desc, b.year desc, b.month desc, b.code
    limit ${SEARCH_LIMIT}`,
  )
  return rows.map(({ total_cents, ...row }) => ({ ...row, total: formatCents(BigInt(total_cents)) }))
}

export async function searchKeys(db: Db, text: string) {
  const lower = text.toLowerCase()
  return queryRows<{ id: string; name: string; key_preview: string; user_id: string; user_email: string }>(
    db,
    sql`
    select k.id, k.name, k.secret_preview as key_preview, k.user_id, u.email as user_email
    from keys k join users u on u.id = k.user_id
    where k.deleted_at is null and lower(k.secret_preview) like ${`%${escapeLike(lower)}%`}
    order by (lower(k.secret_preview) like ${`${escapeLike(lower)}%`}) desc, k.created_at desc
    limit ${SEARCH_LIMIT}`,
  )
}
