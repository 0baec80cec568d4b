// The portal as the front-end benchmarks run it: production mode, a fresh in-memory database, a known
// administrator, and the SPA build to serve (bench/web.mjs, bench/web-ab.mjs).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' }

/** Starts the portal on `port` serving `webDist` (default: apps/web/dist) and waits until it is ready. */
export async function startWebPortal(port, webDist) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      GATEWAY_TOKEN: 'bench-gateway-token-bench-gateway',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill()
  throw new Error(`the portal did not start on port ${port}`)
}

/** The bench administrator's stored session (what the SPA keeps in localStorage `user`), signed in on `port`. */
export async function benchAdminSession(port) {
  const login = await fetch(`http://127.0.0.1:${port}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!login.ok) throw new Error(`the portal on port ${port} did not sign the bench administrator in (${login.status})`)
  return JSON.stringify((await login.json()).data)
}
