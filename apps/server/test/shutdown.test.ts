import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// docs/deployment.md "Restarts": the real command line, stopped with SIGTERM while a request is in flight.
// /readyz answers 503 at once, the request in flight still gets its answer, and the process is gone
// within 10 seconds with exit code 0.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const work = mkdtempSync(path.join(tmpdir(), 'shutdown-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
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

function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
        let body = ''
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

describe('stopping with SIGTERM', () => {
  it('says 503 on /readyz at once, answers the request in flight, and exits within 10 s', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: path.join(work, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY_MS: '1500',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'a-long-enough-password',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    await new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('is running on')) resolve()
      }
      child.stdout?.on('data', seen)
      child.stderr?.on('data', seen)
      child.once('exit', () => reject(new Error(`the server exited: ${output}`)))
    })
    expect((await get(port, '/readyz')).status).toBe(200)

    // A sign-in whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' })
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/v1/login',
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      req.write(body.slice(0, 10))
      setTimeout(() => req.end(body.slice(10)), 1000)
    })
    await new Promise((resolve) => setTimeout(resolve, 200))

    const signalled = Date.now()
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 200))
    const ready = await get(port, '/readyz')
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toMatchObject({ ok: false, draining: true })

    const answered = await inFlight
    expect(answered.status).toBe(401)
    expect(JSON.parse(answered.body)).toMatchObject({ status: 'error' })

    expect(await exited).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(10_000)
    // Gone: nothing listens any more.
    await expect(get(port, '/readyz')).rejects.toThrow()
  }, 120_000)
})
