import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db/client.ts'

// docs/deployment.md "Backups": the real command line. A server runs on an embedded folder; data is made
// through its API; `backup` asks the running server for a consistent copy; the server stops and the
// folder is destroyed; `restore` brings the copy back, and every row of every table is there.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const work = mkdtempSync(path.join(tmpdir(), 'backup-'))
const dataDir = path.join(work, 'data')
const pgliteDir = path.join(dataDir, 'pglite')
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
})

const env = (port: number) => ({
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  // No background jobs: a job that wrote after the backup (the month's bill run did, once in CI) would
  // make the rows counted when the server stops differ from the copy's.
  JOBS: 'off',
  TRUST_PROXY: 'true',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'a-long-enough-password',
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Runs the server's command line; resolves with its output once it exits (or prints `until`). */
function run(args: string[], port: number, until?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
    cwd: root,
    env: env(port),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      if (until && output.includes(until)) resolve({ code: null, output })
    }
    child.stdout?.on('data', seen)
    child.stderr?.on('data', seen)
    child.on('exit', (code) => resolve({ code, output }))
  })
  return { child, done }
}

function post(port: number, pathname: string, body: unknown, ip: string): Promise<number> {
  const text = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'x-forwarded-for': ip,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(text)
  })
}

/**
 * Every table's rows, as `table: count`, read from the folder with the server stopped. The job queue's
 * own tables (schema pgboss) are left out: the server's schedules keep writing there after a backup.
 */
async function rowsPerTable(): Promise<Record<string, number>> {
  const database = await openPglite(pgliteDir)
  try {
    const engine = database.pglite
    if (!engine) throw new Error('not the embedded database')
    const { rows } = await engine.query<{ schemaname: string; tablename: string }>(
      "select schemaname, tablename from pg_tables where schemaname = 'public' order by 1, 2",
    )
    const counts: Record<string, number> = {}
    for (const { schemaname, tablename } of rows) {
      const result = await engine.query<{ n: number }>(`select count(*)::int as n from "${schemaname}"."${tablename}"`)
      counts[`${schemaname}.${tablename}`] = result.rows[0]?.n ?? 0
    }
    return counts
  } finally {
    await database.close()
  }
}

describe('npm run backup and npm run restore', () => {
  it('copy the embedded database while the server runs and bring every row back', async () => {
    const port = await freePort()
    const server = run(['serve'], port, 'is running on')
    await server.done
    for (let i = 0; i < 3; i++) {
      const status = await post(
        port,
        '/v1/register',
        {
          full_name: `Backup User ${'ABC'[i]}`,
          email: `backup${i}@example.com`,
          phone_number: `+8491234567${i}`,
          password: 'long-enough-1',
          confirm_password: 'long-enough-1',
        },
        `198.51.100.${i + 1}`,
      )
      expect(status).toBe(201)
    }

    const file = path.join(work, 'backups', 'copy.tar.gz')
    const backup = await run(['backup', '--out', file], port).done
    expect(backup.output).toContain('by the running server')
    expect(backup.code).toBe(0)
    expect(statSync(file).size).toBeGreaterThan(1000)

    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    const before = await rowsPerTable()
    expect(before['public.users']).toBe(4)

    rmSync(pgliteDir, { recursive: true, force: true })
    expect(existsSync(pgliteDir)).toBe(false)
    const restore = await run(['restore', file], port).done
    expect(restore.code).toBe(0)
    expect(await rowsPerTable()).toEqual(before)

    // With no server running, the command makes the copy itself; a restore over a folder keeps the old one aside.
    const second = path.join(work, 'backups', 'second.tar.gz')
    const offline = await run(['backup', '--out', second], port).done
    expect(offline.code).toBe(0)
    expect(offline.output).not.toContain('by the running server')
    const over = await run(['restore', second], port).done
    expect(over.output).toContain('The folder it replaced is kept at')
    expect(await rowsPerTable()).toEqual(before)

    // And the server starts on it: the registered users can be found again.
    const again = run(['serve'], port, 'is running on')
    await again.done
    expect(await post(port, '/v1/check-email-existed', { email: 'backup2@example.com' }, '198.51.100.9')).toBeLessThan(
      500,
    )
    again.child.kill('SIGTERM')
    await new Promise((resolve) => again.child.once('exit', resolve))
  }, 240_000)
})
