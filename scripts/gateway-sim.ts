// `npm run gateway-sim`: plays the maps API gateway against a running portal. It asks
// /v1/gateway/verify about keys at a chosen rate, the way the gateway does for each call it receives,
// and prints what the portal answered. (Usage reporting joins it with the usage issue.)
//
//   npm run gateway-sim -- --key mk_… [--key mt_…] [--rate 20] [--seconds 30] [--service GEOCODE]
//   npm run gateway-sim -- --email linh.nguyen@example.com --password demo-password   (that user's keys)
//
// Options: --url (default http://localhost:3000), --token (GATEWAY_TOKEN, default the development one),
// --referer / --origin / --ip (what the calls look like), --service (default: a realistic mix).
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:3000' },
    token: { type: 'string', default: process.env.GATEWAY_TOKEN ?? 'dev-gateway-token' },
    key: { type: 'string', multiple: true, default: [] },
    email: { type: 'string' },
    password: { type: 'string' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    service: { type: 'string' },
    referer: { type: 'string' },
    origin: { type: 'string' },
    ip: { type: 'string' },
  },
})

const SERVICE_MIX = [
  ['LOAD_MAP', 45],
  ['GEOCODE', 12],
  ['REVERSE_GEOCODE', 10],
  ['AUTOCOMPLETE', 12],
  ['DIRECTION', 8],
  ['PLACE_DETAIL', 5],
  ['DISTANCE_MATRIX', 3],
  ['STATIC_MAP', 3],
  ['FIND_PLACE_FROM_TEXT', 2],
] as const

function pickService(): string {
  if (values.service) return values.service
  let roll = Math.random() * 100
  for (const [service, weight] of SERVICE_MIX) {
    roll -= weight
    if (roll <= 0) return service
  }
  return 'LOAD_MAP'
}

interface Envelope<T> {
  status: string
  data: T
  message: string
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${values.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return (await response.json()) as Envelope<T>
}

async function keysOf(email: string, password: string): Promise<string[]> {
  const login = await api<{ token: string }>('POST', '/v1/login', { email, password })
  if (login.status !== 'success') throw new Error(`sign-in failed: ${login.message}`)
  const list = await api<{ items: { id: string; name: string }[] }>(
    'GET',
    '/v1/user_keys-unDelete?page_size=100',
    undefined,
    login.data.token,
  )
  const secrets: string[] = []
  for (const key of list.data.items) {
    const secret = await api<{ key: string }>('GET', `/v1/keys/${key.id}/secret`, undefined, login.data.token)
    if (secret.status === 'success') secrets.push(secret.data.key)
  }
  return secrets
}

async function main() {
  const keys = [...(values.key ?? [])]
  if (values.email && values.password) keys.push(...(await keysOf(values.email, values.password)))
  if (keys.length === 0) {
    console.error('No keys: pass --key mk_… or --email/--password of a customer whose keys to use.')
    process.exit(2)
  }
  const rate = Math.max(1, Number(values.rate))
  const seconds = Math.max(1, Number(values.seconds))
  console.log(`Verifying ${keys.length} key(s) at ${rate}/s for ${seconds} s against ${values.url}`)
  const reasons = new Map<string, number>()
  const latencies: number[] = []
  let failures = 0
  const started = performance.now()
  let sent = 0
  const inflight = new Set<Promise<void>>()
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate)
    while (sent < due) {
      const key = keys[sent % keys.length] ?? ''
      sent++
      const t0 = performance.now()
      const call = api<{ reason: string }>(
        'POST',
        '/v1/gateway/verify',
        {
          key,
          service: pickService(),
          ...(values.referer ? { referer: values.referer } : {}),
          ...(values.origin ? { origin: values.origin } : {}),
          ...(values.ip ? { ip: values.ip } : {}),
        },
        values.token,
      )
        .then((answer) => {
          latencies.push(performance.now() - t0)
          const reason = answer.status === 'success' ? answer.data.reason : `error: ${answer.message}`
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
        })
        .catch(() => {
          failures++
        })
        .finally(() => inflight.delete(call))
      inflight.add(call)
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await Promise.all(inflight)
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies.length ? (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1) : '-'
  console.log(`\n${sent} verifications, ${failures} failed to connect`)
  console.table(Object.fromEntries([...reasons].sort((a, b) => b[1] - a[1])))
  console.log(`latency ms: p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}`)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
