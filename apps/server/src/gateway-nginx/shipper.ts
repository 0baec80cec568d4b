import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import type { UsageEvent } from '@app/contract'

// The usage shipper (docs/gateway.md "Usage from the proxy"): it reads the JSON access log nginx writes
// (deploy/nginx/gateway.conf, `log_format usage`) and posts what the calls used to the portal's
// `POST /v1/gateway/usage`, in batches, about once a second. nginx writes the line when the call ends
// and never waits for the shipper, so shipping adds nothing to a call's time.
//
// Exactly once: a batch is named after where its lines start in the log (`<name>-<epoch>-<offset>`); where
// it ends is written to the state file before it is sent, and the shipper moves on only after the
// portal answered. A batch that got no
// answer — the portal restarting, the network, the shipper killed after sending — is sent again with
// the same id and the same lines, and the portal counts a batch id once (docs/usage.md). While the portal
// is away the lines wait in the log, so nothing is lost. The epoch is when the shipper first saw this
// log file: a new log (deleted, rotated) starts new ids.

/** One line of the usage log. */
interface LogLine {
  /** When the call ended, epoch seconds with milliseconds. */
  at: number
  key_id: string
  reason: string
  service: string
  status: number
  /** Seconds. */
  time: number
}

interface ShipperState {
  epoch: number
  offset: number
  /** The log file's inode: another file under the same name starts over. */
  inode: number
  /**
   * Where the batch being sent ends, written down before it is sent: a shipper that starts again sends
   * exactly those lines again under the same id, never a longer or shorter batch under it.
   */
  sending?: number
}

export interface ShipperOptions {
  logFile: string
  /** Where the shipper keeps its position (JSON), beside the log. */
  stateFile: string
  portalUrl: string
  gatewayToken: string
  /** This gateway's name in batch ids; unique among the gateways reporting to one portal. */
  name: string
  intervalMs?: number
  /** The most log bytes in one batch (about 130 bytes a line). */
  maxBatchBytes?: number
  log?: (message: string) => void
}

export interface Shipper {
  /** Sends everything logged so far (retrying until the portal answers); resolves when it has. */
  flush(): Promise<void>
  /**
   * Starts a new log (when the old one has grown): ships what is logged, renames the log, has nginx
   * reopen it (`reopen`, which resolves once it has), ships the old log's last lines and deletes it.
   */
  rotate(reopen: () => Promise<void>): Promise<void>
  stop(): Promise<void>
}

/** The calls a batch of log lines reports: calls the key check let through (refusals are not billed). */
export function eventsOf(text: string): UsageEvent[] {
  const events: UsageEvent[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    let entry: LogLine
    try {
      entry = JSON.parse(line) as LogLine
    } catch {
      continue
    }
    if (entry.reason !== 'OK' || !entry.key_id || !entry.service) continue
    events.push({
      key_id: entry.key_id,
      service: entry.service as UsageEvent['service'],
      at: Math.round(entry.at * 1000),
      count: 1,
      status: entry.status,
      latency_ms: Math.max(0, Math.round(entry.time * 1000)),
    })
  }
  return events
}

function readState(file: string): ShipperState | null {
  if (!existsSync(file)) return null
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ShipperState
  } catch {
    return null
  }
}

function writeState(file: string, state: ShipperState) {
  writeFileSync(`${file}.tmp`, JSON.stringify(state))
  renameSync(`${file}.tmp`, file)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function startShipper(options: ShipperOptions): Shipper {
  const intervalMs = options.intervalMs ?? 1000
  const maxBatchBytes = options.maxBatchBytes ?? 2 * 1024 * 1024
  const log = options.log ?? ((message: string) => console.error(message))
  const url = new URL('/v1/gateway/usage', options.portalUrl).toString()
  let state = readState(options.stateFile)
  let stopped = false

  /** The log's next complete lines after the shipped position, or null when there are none. */
  function nextLines(file = options.logFile): { text: string; offset: number; bytes: number } | null {
    if (!existsSync(file)) return null
    const stat = statSync(file)
    if (!state || state.inode !== stat.ino || stat.size < state.offset) {
      state = { epoch: Date.now(), offset: 0, inode: stat.ino }
      writeState(options.stateFile, state)
    }
    const limit = state.sending ?? state.offset + maxBatchBytes
    const available = Math.min(stat.size, limit) - state.offset
    if (available <= 0) return null
    const buffer = Buffer.alloc(available)
    const fd = openSync(file, 'r')
    try {
      readSync(fd, buffer, 0, available, state.offset)
    } finally {
      closeSync(fd)
    }
    const end = buffer.lastIndexOf(0x0a)
    if (end < 0) return null
    return { text: buffer.subarray(0, end + 1).toString('utf8'), offset: state.offset, bytes: end + 1 }
  }

  /** Posts one batch until the portal answers it (or refuses it for good: a 4xx other than 429). */
  async function post(batchId: string, events: UsageEvent[]): Promise<void> {
    const body = JSON.stringify({ batch_id: batchId, events })
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.gatewayToken}` },
          body,
          signal: AbortSignal.timeout(30_000),
        })
        if (response.ok) return
        const text = await response.text()
        // A malformed batch or a wrong token will not change on a retry: say so, and go on.
        if (response.status >= 400 && response.status < 500 && response.status !== 429) {
          log(`usage batch ${batchId} refused (HTTP ${response.status}): ${text.slice(0, 300)}`)
          return
        }
        log(`usage batch ${batchId}: HTTP ${response.status}, sending again`)
      } catch (error) {
        if (attempt === 0 || attempt % 10 === 0) {
          log(`usage batch ${batchId}: the portal did not answer (${(error as Error).message}); sending again`)
        }
      }
      if (stopped) throw new Error('stopped')
      await sleep(Math.min(250 * 2 ** Math.min(attempt, 5), 8000))
    }
  }

  /** Ships every complete line logged so far. */
  async function shipAll(file = options.logFile): Promise<void> {
    for (;;) {
      const next = nextLines(file)
      if (!next || !state) return
      const events = eventsOf(next.text)
      if (events.length > 0) {
        if (state.sending !== next.offset + next.bytes) {
          state = { ...state, sending: next.offset + next.bytes }
          writeState(options.stateFile, state)
        }
        await post(`${options.name}-${state.epoch}-${next.offset}`, events)
      }
      state = { epoch: state.epoch, inode: state.inode, offset: next.offset + next.bytes }
      writeState(options.stateFile, state)
    }
  }

  // One shipping round at a time: the loop's and flush()'s take turns.
  let chain: Promise<void> = Promise.resolve()
  function ship(work: () => Promise<void> = () => shipAll()): Promise<void> {
    chain = chain.then(work).catch((error: unknown) => {
      if (!stopped) log(`usage shipping: ${(error as Error).message}`)
    })
    return chain
  }

  let wake: (() => void) | null = null
  const loop = (async () => {
    while (!stopped) {
      await ship()
      if (stopped) break
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = null
    }
  })()

  return {
    flush: () => ship(),
    rotate: (reopen) =>
      ship(async () => {
        await shipAll()
        if (!existsSync(options.logFile)) return
        const old = `${options.logFile}.old`
        renameSync(options.logFile, old)
        // nginx writes to the renamed file until its workers reopen the log; what they wrote meanwhile
        // is shipped from the old file, then it goes.
        await reopen()
        await shipAll(old)
        rmSync(old)
      }),
    async stop() {
      stopped = true
      wake?.()
      await loop
    },
  }
}
