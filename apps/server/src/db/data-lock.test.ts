import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from './client.ts'
import { DataFolderInUse, lockDataFolder, processStartTicks } from './data-lock.ts'

// docs/deployment.md "The embedded database": one process per data folder. A second one refuses to start
// naming the holder; a lock left by a process killed with -9 is taken over, PID reuse included.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const work = mkdtempSync(path.join(tmpdir(), 'data-lock-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
})

let folders = 0
function freshFolder() {
  const dataDir = path.join(work, `data-${++folders}`)
  mkdirSync(dataDir)
  return path.join(dataDir, 'pglite')
}
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()

/** A lock file as a process would have written it. */
function writeLock(folder: string, holder: Record<string, unknown>) {
  const file = `${folder}.lock`
  writeFileSync(
    file,
    JSON.stringify({ host: hostname(), startedAt: '2026-11-26T10:00:00.000Z', token: 't', ...holder }),
  )
  return file
}

/** Runs a command of the server's own (node + tsx) until it prints `until` or exits. */
function run(args: string[], env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    // DATABASE_URL emptied: the children use the embedded folder even when the suite runs on PostgreSQL
    // (a server on PostgreSQL would start and never refuse).
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      if (until?.test(output)) resolve({ code: null, output })
    }
    child.stdout?.on('data', seen)
    child.stderr?.on('data', seen)
    child.on('exit', (code) => resolve({ code, output }))
  })
  return { child, done }
}

describe('the data folder lock', () => {
  it('is held by the process that opened the folder and released when it closes', () => {
    const folder = freshFolder()
    const lock = lockDataFolder(folder)
    const content = JSON.parse(readFileSync(lock.path, 'utf8'))
    expect(content).toMatchObject({ pid: process.pid, host: hostname() })
    expect(() => lockDataFolder(folder)).toThrow(DataFolderInUse)
    lock.release()
    expect(existsSync(lock.path)).toBe(false)
    lockDataFolder(folder).release()
  })

  it('names the running holder in its refusal', () => {
    const folder = freshFolder()
    writeLock(folder, { pid: process.pid, bootId: bootId(), startTicks: processStartTicks(process.pid) })
    expect(() => lockDataFolder(folder)).toThrow(
      `The data folder ${folder} is in use by process ${process.pid} (started 2026-11-26T10:00:00.000Z)`,
    )
  })

  it('takes over the lock of a process that is gone', () => {
    const folder = freshFolder()
    // PIDs above the kernel's pid_max (4194304 at most) never exist.
    writeLock(folder, { pid: 4_999_999, bootId: bootId(), startTicks: '12345' })
    const lock = lockDataFolder(folder)
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it('takes over a lock whose PID now belongs to another process (PID reuse)', () => {
    const folder = freshFolder()
    // This very PID, but a process that started at another time: not the holder.
    writeLock(folder, { pid: process.pid, bootId: bootId(), startTicks: '1' })
    lockDataFolder(folder).release()
    // Written before the last reboot: whatever runs under that PID now is not the holder either.
    writeLock(folder, { pid: process.pid, bootId: 'another-boot', startTicks: processStartTicks(process.pid) })
    lockDataFolder(folder).release()
  })

  it('on a shared folder from another machine: held while it is kept fresh, abandoned after 30 s', () => {
    const folder = freshFolder()
    const file = writeLock(folder, { pid: 1, host: 'other-machine', bootId: 'x', startTicks: '1' })
    expect(() => lockDataFolder(folder)).toThrow('in use by process 1 on other-machine')
    const old = new Date(Date.now() - 31_000)
    utimesSync(file, old, old)
    lockDataFolder(folder).release()
  })

  it('a second server on the same folder refuses to start; after kill -9 of the first, a new start succeeds', async () => {
    const dataDir = path.dirname(freshFolder())
    // The first holder: the server's own database opening, in a process of its own.
    const opener = `
      const { openDatabase } = await import(${JSON.stringify(path.join(root, 'apps/server/src/db/client.ts'))})
      await openDatabase({ databaseUrl: null, pgliteDir: process.env.PGLITE_DIR })
      console.log('opened')
      setInterval(() => {}, 1000)
    `
    const first = run(['--input-type=module', '-e', opener], { PGLITE_DIR: path.join(dataDir, 'pglite') }, /opened/)
    const opened = await first.done
    expect(opened.output).toContain('opened')
    const pid = first.child.pid

    // A second server (the real command line) on the same DATA_DIR stops at once, naming the first.
    const second = await run(['apps/server/src/main.ts', 'serve'], { DATA_DIR: dataDir, PORT: '0' }).done
    expect(second.code).toBe(1)
    expect(second.output).toContain(`is in use by process ${pid}`)

    // Opening it in this process is refused the same way.
    await expect(openPglite(path.join(dataDir, 'pglite'))).rejects.toThrow(`is in use by process ${pid}`)

    // kill -9 leaves the lock file behind; the next opening takes it over and finds the data intact.
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true)
    const reopened = await openPglite(path.join(dataDir, 'pglite'))
    try {
      await reopened.ping()
      expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid)
    } finally {
      await reopened.close()
    }
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  }, 120_000)
})
