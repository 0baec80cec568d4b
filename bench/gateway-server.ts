// The sample maps API's declaration of vt-pbf (which ships no types), outside this project's files.
/// <reference path="../apps/server/src/maps-api/vt-pbf.d.ts" />
// The servers under test for bench/gateway.mjs, one process each (as they run in a deployment):
// - by default the portal: the real app on an embedded database seeded with 10,000 users and 50,000
//   keys (a third of them restricted), plus a bare hello-world route served by the same Fastify
//   instance (same hooks, same process) as the yardstick;
// - `gateway-server.ts maps-api`: the sample maps API (issue 19), and the nginx configurations the
//   "through nginx" phase runs (bench/lib/gateway-nginx.ts), written to a folder for gateway.mjs to start.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { openPglite } from '../apps/server/src/db/client.ts'
import { buildMapsApi } from '../apps/server/src/maps-api/app.ts'
import { writeGatewayConfigs } from './lib/gateway-nginx.ts'

const GATEWAY_TOKEN = 'bench-gateway-token'
const port = Number(process.env.PORT ?? 3460)

async function servePortal() {
  const USERS = Number(process.env.BENCH_USERS ?? 10_000)
  const KEYS = Number(process.env.BENCH_KEYS ?? 50_000)
  const database = await openPglite('memory://')
  await database.migrate()
  const seedStart = performance.now()
  await database.db.execute(sql`
    insert into users (id, email, first_name, last_name, email_verified_at, created_at, updated_at)
    select 'usr_bench' || lpad(i::text, 21, '0'), 'bench' || i || '@example.com', 'Bench', 'User ' || i, now(), now(), now()
    from generate_series(1, ${USERS}) as i`)
  await database.db.execute(sql`
    insert into keys (id, user_id, name, type, restriction_list, secret_ciphertext, secret_preview, created_at, updated_at)
    select 'key_bench' || lpad(i::text, 21, '0'),
           'usr_bench' || lpad((1 + i % ${USERS})::text, 21, '0'),
           'Bench key ' || i,
           case when i % 5 = 0 then 'maptiles_key' else 'api_key' end,
           case when i % 3 = 0 then '[{"type":"domain","value":"http*://*.example.com/*"},{"type":"ip","value":"203.0.113.0/24"}]'::jsonb end,
           'not-used-by-the-benchmark', 'mk_…' || i, now(), now()
    from generate_series(1, ${KEYS}) as i`)
  await database.db.execute(sql`
    insert into key_secrets (hash, key_id, created_at)
    select encode(sha256(convert_to('mk_bench_' || lpad(i::text, 37, '0'), 'UTF8')), 'hex'),
           'key_bench' || lpad(i::text, 21, '0'), now()
    from generate_series(1, ${KEYS}) as i`)
  await database.db.execute(sql`analyze`)
  const seeded = Math.round(performance.now() - seedStart)

  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
    port,
    gatewayToken: GATEWAY_TOKEN,
  }
  const { app } = await buildApp({ config, database, serveWeb: false })
  app.get('/hello', async () => ({ hello: 'world' }))
  // The floor of any POST with a JSON body on this app: the body read and parsed, nothing else done.
  app.post('/hello-post', async () => ({ hello: 'world' }))
  await app.listen({ port, host: '127.0.0.1' })
  process.send?.({ ready: true, users: USERS, keys: KEYS, seededMs: seeded })
  // A clean exit on a signal (so that `--cpu-prof` can write its profile when profiling this server).
  process.on('SIGINT', () => void app.close().then(() => process.exit(0)))
}

async function serveMapsApi() {
  const app = buildMapsApi()
  await app.listen({ port, host: '127.0.0.1' })
  const nginxPort = Number(process.env.NGINX_PORT ?? 3462)
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-gateway-nginx-'))
  const nginx = writeGatewayConfigs({
    dir,
    portalUrl: process.env.PORTAL_URL ?? 'http://127.0.0.1:3460',
    gatewayToken: GATEWAY_TOKEN,
    upstream: `127.0.0.1:${port}`,
    ports: { keyCheck: nginxPort, direct: nginxPort + 1, uncached: nginxPort + 2 },
  })
  process.send?.({ ready: true, dir, nginx })
  process.on('SIGINT', () => void app.close().then(() => process.exit(0)))
}

await (process.argv[2] === 'maps-api' ? serveMapsApi() : servePortal())
