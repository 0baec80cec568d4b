import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import { pidAlive } from '../lib/process.ts'

// One process per embedded data folder (docs/deployment.md "The embedded database"). PGlite keeps the
// whole database in one process's memory and writes it back to DATA_DIR; a second process opening the
// same folder would work on its own copy and the two would silently diverge. So the process that opens
// the folder holds a lock file beside it (`<folder>.lock`) naming itself, and another one refuses to start.
//
// A lock left by a process that died without cleaning up (kill -9, a power cut) is taken over. Whether the
// holder still runs is decided by what can be checked:
// - same machine and boot (host name and the kernel's boot id): the PID must be alive, AND be the same
//   process: its start time (/proc/<pid>/stat, field 22) must match the one recorded, so a new process
//   that happens to get the old PID (a container restarting as PID 1) does not keep a dead lock alive;
// - another machine or a system without /proc: the holder rewrites the file's time every 10 seconds, so a
//   lock not touched for 30 seconds is abandoned.
// Taking over happens under a second, short-lived lock file, so two processes finding the same stale lock
// cannot both take it.

const HEARTBEAT_MS = 10_000
const ABANDONED_AFTER_MS = 30_000
const TAKEOVER_GUARD_STALE_MS = 10_000

interface Holder {
  pid: number
  host: string
  bootId: string | null
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), when known. */
  startTicks: string | null
  startedAt: string
  token: string
}

export class DataFolderInUse extends Error {
  constructor(
    readonly folder: string,
    readonly holder: Pick<Holder, 'pid' | 'host' | 'startedAt'>,
  ) {
    const where = holder.host === hostname() ? '' : ` on ${holder.host}`
    super(
      `The data folder ${folder} is in use by process ${holder.pid}${where} (started ${holder.startedAt}). ` +
        'Stop that process first, or point DATA_DIR at another folder.',
    )
    this.name = 'DataFolderInUse'
  }
}

export interface DataLock {
  path: string
  release(): void
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return null
  }
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
export function processStartTicks(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`)
  if (!stat) return null
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields[19] ?? null
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>
    return typeof value.pid === 'number' && typeof value.token === 'string' && typeof value.host === 'string'
      ? (value as Holder)
      : null
  } catch {
    return null
  }
}

function holderRuns(holder: Holder, lockAgeMs: number): boolean {
  const here = holder.host === hostname()
  const boot = bootId()
  // This machine has restarted since: nothing that ran before is running now.
  if (here && holder.bootId !== null && boot !== null && holder.bootId !== boot) return false
  if (!here || holder.startTicks === null || boot === null) return lockAgeMs < ABANDONED_AFTER_MS
  if (!pidAlive(holder.pid)) return false
  return processStartTicks(holder.pid) === holder.startTicks
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Removes the lock file if it still holds `expected`, under the take-over guard. */
function takeOver(path: string, expected: string) {
  const guard = `${path}.takeover`
  for (let attempt = 0; attempt < 200; attempt++) {
    let fd: number
    try {
      fd = openSync(guard, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // A guard left by a process that died inside the few lines below is old; anything else is busy.
      try {
        if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_GUARD_STALE_MS) unlinkSync(guard)
      } catch {}
      sleep(25)
      continue
    }
    try {
      if (readText(path) === expected) unlinkSync(path)
    } finally {
      closeSync(fd)
      unlinkSync(guard)
    }
    return
  }
  throw new Error(`Could not take over the stale lock ${path}: its take-over guard stays in place.`)
}

/**
 * Locks `folder` for this process (the lock file is `<folder>.lock`), or throws DataFolderInUse naming
 * the process that holds it. Release it when the database is closed; it is released at exit too.
 */
export function lockDataFolder(folder: string): DataLock {
  const path = `${folder}.lock`
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    startTicks: processStartTicks(process.pid),
    startedAt: new Date().toISOString(),
    token: `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  }
  const content = JSON.stringify(me)
  mkdirSync(dirname(path), { recursive: true })
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644)
      try {
        writeSync(fd, content)
      } finally {
        closeSync(fd)
      }
      return held(path, me.token)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const text = readText(path)
    if (text === null) continue // released meanwhile
    let ageMs = 0
    try {
      ageMs = Date.now() - statSync(path).mtimeMs
    } catch {
      continue
    }
    const holder = parseHolder(text)
    if (holder === null) {
      // Being written this instant (the content follows the creation within microseconds), or garbage.
      if (ageMs < 2_000) {
        sleep(50)
        continue
      }
    } else if (holderRuns(holder, ageMs)) {
      throw new DataFolderInUse(folder, holder)
    }
    takeOver(path, text)
  }
  throw new Error(`Could not lock ${folder}: its lock file keeps changing.`)
}

function held(path: string, token: string): DataLock {
  // The heartbeat lets a process on another machine (a shared volume) see that the holder still runs.
  const heartbeat = setInterval(() => {
    try {
      const now = new Date()
      utimesSync(path, now, now)
    } catch {}
  }, HEARTBEAT_MS)
  heartbeat.unref()
  let released = false
  const release = () => {
    if (released) return
    released = true
    clearInterval(heartbeat)
    process.off('exit', release)
    // Only our own lock: never one another process took over meanwhile.
    if (parseHolder(readText(path) ?? '')?.token === token) {
      try {
        unlinkSync(path)
      } catch {}
    }
  }
  process.on('exit', release)
  return { path, release }
}
