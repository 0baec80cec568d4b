// One keep-alive HTTP/1.1 connection over a raw TCP socket that times every request with hrtime
// (the only measurement that was stable on these shared 2-core machines when
// routes alternate request by request, so that every route sees the same conditions).
import net from 'node:net'

/**
 * Opens a connection; `request(raw)` sends one request and resolves with [status, body] when it is answered.
 * A server may end a keep-alive connection (nginx does after `keepalive_requests`, 1,000 answers, saying
 * `connection: close` in the last one): the next request then opens a new one, as any client would, and
 * its time includes the connect.
 */
async function connect(port) {
  let buffer = Buffer.alloc(0)
  let waiting = null
  let isClosing = false
  const tryParse = () => {
    if (!waiting) return
    const end = buffer.indexOf('\r\n\r\n')
    if (end === -1) return
    const head = buffer.subarray(0, end).toString('latin1')
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
    if (buffer.length < end + 4 + length) return
    const status = Number(head.slice(9, 12))
    const body = buffer.subarray(end + 4, end + 4 + length)
    buffer = buffer.subarray(end + 4 + length)
    if (/\r\nconnection:\s*close/i.test(head)) isClosing = true
    const done = waiting
    waiting = null
    done([status, body])
  }
  const open = () =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true })
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
        tryParse()
      })
      socket.on('error', reject)
      socket.on('connect', () => resolve(socket))
    })
  let socket = await open()
  const send = (raw) =>
    new Promise((done) => {
      waiting = done
      socket.write(raw)
    })
  const reopen = async (raw) => {
    socket.end()
    buffer = Buffer.alloc(0)
    isClosing = false
    socket = await open()
    return send(raw)
  }
  return {
    request: (raw) => (isClosing ? reopen(raw) : send(raw)),
    close: () => socket.end(),
  }
}

export function get(path) {
  return Buffer.from(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n\r\n`, 'latin1')
}

/** A GET with extra headers (the gateway's bodiless form of the key check). */
export function getWith(path, headers) {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return Buffer.from(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n${lines}\r\n`, 'latin1')
}

export function postJson(path, body, token) {
  const json = Buffer.from(JSON.stringify(body))
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\ncontent-type: application/json\r\nauthorization: Bearer ${token}\r\ncontent-length: ${json.length}\r\n\r\n`,
      'latin1',
    ),
    json,
  ])
}

/** Mean, p50 and p99 of durations in microseconds. */
export function stats(samples) {
  const sorted = Float64Array.from(samples).sort()
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length
  return { n: sorted.length, mean, p50: at(0.5), p99: at(0.99) }
}

/**
 * Alternates the given request makers on one connection for `seconds`; returns the samples (µs) per
 * route. A maker gets the iteration number (e.g. to pick a fresh key) and returns raw request bytes.
 *
 * Each cycle takes the routes in a new random order. In a fixed order a route always follows the same
 * other route and pays for whatever that one leaves the server to do after answering (bench/README.md
 * "The order of the routes"): with hello-world, the GET check and the POST check in that fixed order the
 * GET measured 1.18–1.27× hello-world, in the order hello, POST, GET 1.00–1.03×, on the same server.
 */
export async function alternate(port, makers, seconds, check) {
  return interleave(
    makers.map((make) => ({ port, make })),
    seconds,
    check,
    { shuffle: true },
  )
}

/** The indexes 0…n-1 in a random order (Fisher–Yates). */
function shuffled(order) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  return order
}

/**
 * `alternate` across servers: routes are `{ port, make }`, one keep-alive connection per port (routes
 * on the same port share it), taken in turn request by request; returns the samples (µs) per route.
 */
export async function interleave(routes, seconds, check, { shuffle = false } = {}) {
  const conns = new Map()
  for (const { port } of routes) if (!conns.has(port)) conns.set(port, await connect(port))
  const routeConns = routes.map(({ port }) => conns.get(port))
  const samples = routes.map(() => [])
  const end = performance.now() + seconds * 1000
  const order = routes.map((_, r) => r)
  let i = 0
  while (performance.now() < end) {
    if (shuffle) shuffled(order)
    for (const r of order) {
      const raw = routes[r].make(i)
      const start = process.hrtime.bigint()
      const [status, body] = await routeConns[r].request(raw)
      samples[r].push(Number(process.hrtime.bigint() - start) / 1000)
      if (check) check(r, status, body)
    }
    i++
  }
  for (const conn of conns.values()) conn.close()
  return samples
}

/** Requests per second over `connections` keep-alive connections for `seconds` (context only). */
export async function throughput(port, make, connections, seconds) {
  const conns = await Promise.all(Array.from({ length: connections }, () => connect(port)))
  const end = performance.now() + seconds * 1000
  let count = 0
  await Promise.all(
    conns.map(async (conn, c) => {
      let i = c
      while (performance.now() < end) {
        await conn.request(make(i))
        i += connections
        count++
      }
      conn.close()
    }),
  )
  return count / seconds
}
