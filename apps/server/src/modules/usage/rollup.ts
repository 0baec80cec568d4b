import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { COUNTER_UPDATE, FOLD_LANES, FOLD_LOCK } from './ingest.ts'

// The per-key daily roll-up (docs/usage.md "Daily counters, rolled up by a job"). A fold writes a
// batch's usage to usage_hourly; per-key daily counters of the days before `usage_rollups.hourly_from`
// are complete in usage_daily, and the later days are read from usage_hourly (the `usage_daily_live`
// view). This job adds the hourly rows of every day before yesterday (UTC) to usage_daily and moves
// `hourly_from` past them, in one transaction: readers see each hour once, before or after. Yesterday
// stays hourly for a day, so that usage reported late for it (gateways buffer while the portal is away)
// still costs one counter row, not two.

const DAY_MS = 86_400_000

/**
 * Rolls every closed day before yesterday up into usage_daily. Holds every fold lane's lock, so no
 * fold reads `hourly_from` while it moves (a fold writes usage_daily itself for hours before it).
 * Returns the daily rows written and the new first hourly day.
 */
export async function rollUpDailyUsage(db: Db, now: Date): Promise<{ rows: number; hourlyFrom: string }> {
  const yesterday = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10)
  return db.transaction(async (tx) => {
    // In lane order, as a fold never holds two lanes: no deadlock.
    for (let lane = 0; lane < FOLD_LANES; lane++)
      await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK + lane})`)
    const [state] = await queryRows<{ hourly_from: string }>(
      tx,
      sql`select hourly_from::text as hourly_from from usage_rollups where id = 1 for update`,
    )
    const from = state?.hourly_from ?? '-infinity'
    if (from !== '-infinity' && from >= yesterday) return { rows: 0, hourlyFrom: from }
    const [rolled] = await queryRows<{ rows: number }>(
      tx,
      sql`
      with rolled as (
        insert into usage_daily as t (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
        select key_id, min(user_id), service, (hour at time zone 'UTC')::date, sum(hits)::int8, sum(ok)::int8,
          sum(client_errors)::int8, sum(server_errors)::int8, sum(latency_sum)::int8, max(latency_max)
        from usage_hourly
        where hour >= ${from}::date::timestamp at time zone 'UTC' and hour < ${yesterday}::date::timestamp at time zone 'UTC'
        group by 4, key_id, service
        on conflict (day, key_id, service) do update set ${COUNTER_UPDATE}
        returning 1)
      select count(*)::int as rows from rolled`,
    )
    await tx.execute(sql`
      insert into usage_rollups (id, hourly_from) values (1, ${yesterday}::date)
      on conflict (id) do update set hourly_from = excluded.hourly_from`)
    return { rows: rolled?.rows ?? 0, hourlyFrom: yesterday }
  })
}
