// The server under test for bench/minutes.mjs: the real app on a PostgreSQL database of its own (created
// and dropped by the benchmark), with one user on a plan that limits the minute (so high that every
// call passes) and one on the default plan, a key each, and a bare hello-world route as the yardstick.
// REDIS_URL set: the minute is counted in Redis; unset: in PostgreSQL.
import { sql } from 'drizzle-orm'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { openPostgres } from '../apps/server/src/db/client.ts'

const port = Number(process.env.PORT ?? 3461)
const url = process.env.BENCH_DATABASE_URL
if (!url) throw new Error('BENCH_DATABASE_URL is required')

const database = await openPostgres(url, { max: 10 })
await database.migrate()
await database.db.execute(sql`
  insert into user_plans (id, name, price_cents, request_limit, request_limit_duration)
  values ('pln_bench00000000000000000000', 'Bench minute', 0, 1000000000, 'minute')`)
for (const [i, plan] of [
  [1, 'pln_bench00000000000000000000'],
  [2, null],
] as const) {
  await database.db.execute(sql`
    insert into users (id, email, first_name, last_name, email_verified_at, user_plan_id, created_at, updated_at)
    values (${`usr_bench${String(i).padStart(21, '0')}`}, ${`bench${i}@example.com`}, 'Bench', 'User', now(), ${plan}, now(), now())`)
  await database.db.execute(sql`
    insert into keys (id, user_id, name, type, secret_ciphertext, secret_preview, created_at, updated_at)
    values (${`key_bench${String(i).padStart(21, '0')}`}, ${`usr_bench${String(i).padStart(21, '0')}`}, 'Bench', 'api_key', 'x', 'mk_…', now(), now())`)
  await database.db.execute(sql`
    insert into key_secrets (hash, key_id, created_at)
    values (encode(sha256(convert_to(${`mk_minute_${i}`}, 'UTF8')), 'hex'), ${`key_bench${String(i).padStart(21, '0')}`}, now())`)
}

const config = {
  ...loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
  port,
  gatewayToken: 'bench-gateway-token',
  redisUrl: process.env.REDIS_URL || null,
}
const { app } = await buildApp({ config, database, serveWeb: false, jobs: false })
app.get('/hello', async () => ({ hello: 'world' }))
await app.listen({ port, host: '127.0.0.1' })
process.send?.({ ready: true })
process.on('SIGINT', () => void app.close().then(() => database.close().then(() => process.exit(0))))
