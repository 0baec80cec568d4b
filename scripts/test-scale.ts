// `npm run test:scale` (docs/scale-out.md): the portal as a provider runs it, on this machine.
//
// 1. A database of its own on the machine's PostgreSQL; two portal instances (the built server, run by
//    Node alone) on it; Debian's nginx as a round-robin load balancer in front of them.
// 2. Browser journeys through the balancer, one per capability.
// 3. Failover: while streams of key checks, usage reports, session calls and payment callbacks go
//    through the balancer, and a notification is being sent and a bill run is under way, one instance
//    is killed with SIGKILL and started again. Then: no session call failed, no usage report or
//    payment callback was lost or counted twice, every e-mail went out once, the bill run ran once.
//
// It prints what it measured and writes it to bench/results/scale-<time>.json. Exit code 0 only when
// every promise held. Needs: PostgreSQL (DATABASE_URL, or the machine's on 127.0.0.1:5432), nginx and
// Chromium (.ci/run installs them), the built SPA and server (`npm run build`; built here when missing).
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { hash as argon2Hash } from '@node-rs/argon2'
import pg from 'pg'
import { loadConfig } from '../apps/server/src/config.ts'
import { hmacSha512 } from '../apps/server/src/modules/payments/vnpay.ts'
import { SCALE_JOURNEYS } from '../e2e/scale-journeys.ts'
import { vnpaySignData } from '../packages/contract/src/payment-rules.ts'
import {
  ADMIN,
  answers,
  type Cluster,
  ensureBuilt,
  type Instance,
  killChildren,
  root,
  sleep,
  startCluster,
  until,
} from './lib/cluster.ts'

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
/** The development token every NODE_ENV=test server takes (the journeys send it too). */
const GATEWAY_TOKEN = 'dev-gateway-token'
/** The journeys run through the balancer: one per capability (`npm test` runs them on one instance too, except in CI). */
const JOURNEYS = SCALE_JOURNEYS

const failures: string[] = []
const log = (line: string) => console.log(`[scale] ${line}`)

async function json(response: Response) {
  return (await response.json()) as { data: never; status: string; message: string }
}

async function main() {
  ensureBuilt(log)

  // ── 1. The database, two instances, nginx ─────────────────────────────────────────────────────
  const cluster: Cluster = await startCluster({
    prefix: 'scale',
    instances: 2,
    adminUrl: ADMIN_URL,
    log,
    env: {
      // The sandbox's payment pages behind a proxy (they refuse forwarded requests unless told).
      SANDBOX_CONSOLE: 'on',
      SHUTDOWN_DELAY_MS: '300',
    },
  })
  const { lb, databaseUrl, dbName, instances } = cluster
  const summary: Record<string, unknown> = { database: dbName }
  let db: pg.Client | undefined
  try {
    log(
      `two instances (${instances.map((i) => `:${i.port}`).join(', ')}) behind nginx at ${lb}, on PostgreSQL database ${dbName}`,
    )

    // ── 2. Journeys through the balancer (`--failover-only` leaves them out, while working on step 3) ──
    const journeysStarted = Date.now()
    const withJourneys = !process.argv.includes('--failover-only')
    let journeysCode: number | null = 0
    if (withJourneys) {
      const journeys = spawn(
        'npx',
        ['playwright', 'test', '-c', 'playwright.config.ts', ...JOURNEYS.map((name) => `journeys/${name}.spec.ts`)],
        { cwd: path.join(root, 'e2e'), env: { ...process.env, E2E_BASE_URL: lb }, stdio: 'inherit' },
      )
      journeysCode = await new Promise<number | null>((resolve) => journeys.on('exit', resolve))
    }
    summary.journeys = withJourneys
      ? {
          files: JOURNEYS.length,
          passed: journeysCode === 0,
          seconds: Math.round((Date.now() - journeysStarted) / 1000),
        }
      : 'left out (--failover-only)'
    if (journeysCode !== 0) failures.push('a journey through the balancer failed')

    // ── 3. Failover ─────────────────────────────────────────────────────────────────────────────
    db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    const login = await json(
      await fetch(`${lb}/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    )
    const adminToken = (login.data as { token: string }).token
    const auth = { authorization: `Bearer ${adminToken}` }

    // A customer with a key, and recipients for a notification (seeded straight into the database).
    const secret = `mk_scale_${randomBytes(16).toString('hex')}`
    const passwordHash = await argon2Hash('unused-password-1', { memoryCost: 8, timeCost: 1 })
    await db.query(
      `insert into users (id, email, first_name, last_name, password_hash, email_verified_at, created_at, updated_at)
       select 'usr_scale' || lpad(i::text, 21, '0'), 'scale-' || i || '@example.com', 'Scale', 'User', $1, now(), now(), now()
       from generate_series(0, 120) as i`,
      [passwordHash],
    )
    await db.query(`insert into user_roles (user_id, role) select id, 'customer' from users where id like 'usr_scale%'`)
    await db.query(
      `insert into keys (id, user_id, name, type, secret_ciphertext, secret_preview, created_at, updated_at)
       values ('key_scale000000000000000000000', 'usr_scale000000000000000000000', 'Scale', 'api_key', 'x', 'mk_…', now(), now())`,
    )
    await db.query(
      `insert into key_secrets (hash, key_id, created_at) values ($1, 'key_scale000000000000000000000', now())`,
      [createHash('sha256').update(secret).digest('hex')],
    )

    // Top-ups waiting for their VNPay callback: five for each of four customers (ten may wait at once).
    const payers = [
      'usr_scale000000000000000000001',
      'usr_scale000000000000000000002',
      'usr_scale000000000000000000003',
      'usr_scale000000000000000000004',
    ]
    const topUps: { txnRef: string; amount: string }[] = []
    for (const [p, payer] of payers.entries()) {
      const signedIn = await json(
        await fetch(`${lb}/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${p + 10}` },
          body: JSON.stringify({ email: `scale-${p + 1}@example.com`, password: 'unused-password-1' }),
        }),
      )
      const token = (signedIn.data as { token?: string } | null)?.token
      if (!token) throw new Error(`customer ${payer} could not sign in: ${JSON.stringify(signedIn)}`)
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${lb}/v1/payments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            provider: 'vnpay',
            purpose: 'topup',
            amount: '1.00',
            bill_id: null,
            paypal_domestic: false,
          }),
        })
        const body = await json(res)
        if (res.status !== 201) throw new Error(`top-up refused: ${res.status} ${JSON.stringify(body)}`)
        const pay = new URL((body.data as { redirect_url: string }).redirect_url)
        topUps.push({
          txnRef: pay.searchParams.get('vnp_TxnRef') ?? '',
          amount: pay.searchParams.get('vnp_Amount') ?? '',
        })
      }
    }
    const balances = async () =>
      BigInt(
        (
          await db?.query<{ c: string }>(
            'select coalesce(sum(balance_cents), 0)::text as c from users where id = any($1)',
            [payers],
          )
        )?.rows[0]?.c ?? '0',
      )
    const balanceBefore = await balances()
    const vnpay = loadConfig({ NODE_ENV: 'test', APP_SECRET: cluster.appSecret, DATA_DIR: 'memory://' }).payments.vnpay
    const ipnFor = (txnRef: string, amount: string, n: number) => {
      const params: Record<string, string> = {
        vnp_Amount: amount,
        vnp_BankCode: 'NCB',
        vnp_BankTranNo: `VNP${n}`,
        vnp_CardType: 'ATM',
        vnp_OrderInfo: txnRef,
        vnp_PayDate: '20261127120000',
        vnp_ResponseCode: '00',
        vnp_TmnCode: vnpay.tmnCode,
        vnp_TransactionNo: String(10_000_000 + n),
        vnp_TransactionStatus: '00',
        vnp_TxnRef: txnRef,
      }
      const data = vnpaySignData(params)
      return `${lb}/v1/payments/vnpay/ipn?${data}&vnp_SecureHash=${hmacSha512(vnpay.hashSecret, data)}`
    }

    // A notification to the 121 seeded customers, and last month's bill run, both under way at the kill.
    const notification = await json(
      await fetch(`${lb}/v1/notifications`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Scale',
          subject: 'Scale test',
          content: '<p>Hello</p>',
          recipients: { all: false, email_contains: 'scale-' },
        }),
      }),
    )
    const notificationId = (notification.data as { id: string; total: number }).id
    const recipients = (notification.data as { total: number }).total
    // The journeys may have generated bills already (the coupons journey does); count the runs from here.
    const runsSince = (await db.query<{ at: Date }>('select now() as at')).rows[0]?.at
    // Their runs also mark last month billed, and a scheduled run skips a billed month: forget those runs,
    // so that this one has work (the customers seeded above; the bills already made are skipped).
    const closed = new Date()
    closed.setUTCDate(1)
    closed.setUTCMonth(closed.getUTCMonth() - 1)
    await db.query('delete from billing_runs where year = $1 and month = $2', [
      closed.getUTCFullYear(),
      closed.getUTCMonth() + 1,
    ])
    const billRun = await fetch(`${lb}/v1/jobs/billing-run/run`, { method: 'POST', headers: auth })
    if (billRun.status !== 201) failures.push(`the bill run was not started (${billRun.status})`)

    const stats = {
      checks: 0,
      checkFailures: 0,
      sessionCalls: 0,
      sessionFailures: 0,
      usageBatches: 0,
      usageRetries: 0,
      usageEvents: 0,
      ipnCalls: 0,
      ipnRetries: 0,
    }
    let streaming = true
    const checks = async () => {
      while (streaming) {
        const res = await fetch(`${lb}/v1/gateway/verify?service=GEOCODE`, {
          headers: { authorization: `Bearer ${GATEWAY_TOKEN}`, 'x-api-key': secret },
        }).catch(() => null)
        stats.checks++
        if (res?.status !== 200) stats.checkFailures++
        else await res.arrayBuffer()
      }
    }
    const sessions = async () => {
      while (streaming) {
        const res = await fetch(`${lb}/v1/users/profile`, { headers: auth }).catch(() => null)
        stats.sessionCalls++
        if (res?.status !== 200) stats.sessionFailures++
        else await res.arrayBuffer()
        await sleep(50)
      }
    }
    const usage = async () => {
      let batch = 0
      while (streaming) {
        const id = `scale-batch-${batch++}`
        const events = Array.from({ length: 200 }, (_, i) => ({
          key_id: 'key_scale000000000000000000000',
          service: 'GEOCODE',
          at: new Date().toISOString(),
          status: 200,
          latency_ms: 5 + (i % 7),
        }))
        // A batch is sent until the portal has it; a repeat of one it already has counts nothing.
        for (;;) {
          const res = await fetch(`${lb}/v1/gateway/usage`, {
            method: 'POST',
            headers: { authorization: `Bearer ${GATEWAY_TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify({ batch_id: id, events }),
          }).catch(() => null)
          if (res?.status === 200) {
            await res.arrayBuffer()
            break
          }
          stats.usageRetries++
          await sleep(100)
        }
        stats.usageBatches++
        stats.usageEvents += 200
      }
    }
    const callbacks = async () => {
      await sleep(1500)
      for (const [n, topUp] of topUps.entries()) {
        // VNPay sends the IPN until it hears 00 or 02; each is sent twice here, as a replay would.
        for (let copy = 0; copy < 2; copy++) {
          for (;;) {
            const res = await fetch(ipnFor(topUp.txnRef, topUp.amount, n)).catch(() => null)
            stats.ipnCalls++
            const rsp = res?.status === 200 ? ((await res.json()) as { RspCode: string }).RspCode : null
            if (rsp === '00' || rsp === '02') break
            stats.ipnRetries++
            await sleep(100)
          }
        }
        await sleep(150)
      }
    }

    const streams = Promise.all([checks(), checks(), sessions(), usage(), callbacks()])
    await sleep(3000)
    const victim = instances[0] as Instance
    log(`kill -9 instance ${victim.name}`)
    const killedAt = Date.now()
    victim.child.kill('SIGKILL')
    await new Promise((resolve) => victim.child.once('exit', resolve))
    await sleep(1000)
    const restarted = cluster.startInstance(victim.name, victim.port)
    instances[0] = restarted
    await until('the restarted instance', () => answers(`http://127.0.0.1:${victim.port}/readyz`), 60_000)
    const serving = (Date.now() - killedAt) / 1000
    log(`instance ${victim.name} serves again ${serving.toFixed(1)} s after the kill`)
    await sleep(6000)
    streaming = false
    await streams

    // What had to happen, happened once.
    await until(
      'the notification',
      async () =>
        (await db?.query<{ status: string }>('select status from notifications where id = $1', [notificationId]))
          ?.rows[0]?.status === 'sent',
      120_000,
    )
    const mails = await db.query<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct to_address)::int as distinct from email_outbox where template = 'notification' and to_address like 'scale-%'`,
    )
    const recorded = await db.query<{ hits: string }>(
      `select coalesce(sum(hits), 0)::text as hits from usage_daily_live where key_id = 'key_scale000000000000000000000'`,
    )
    const credited = await db.query<{ n: number }>(
      `select count(*)::int as n from balance_logs where user_id = any($1) and type = 'topup_vnpay'`,
      [payers],
    )
    const balanceAfter = await balances()
    await until(
      'the bill run',
      async () =>
        ((await db?.query('select 1 from billing_runs where status = $1 and started_at >= $2', ['done', runsSince]))
          ?.rowCount ?? 0) > 0,
      120_000,
    )
    const runs = await db.query<{ n: number }>(`select count(*)::int as n from billing_runs where started_at >= $1`, [
      runsSince,
    ])

    const failover = {
      secondsUntilServing: Number(serving.toFixed(1)),
      checks: stats.checks,
      checkFailures: stats.checkFailures,
      sessionCalls: stats.sessionCalls,
      sessionFailures: stats.sessionFailures,
      usageBatches: stats.usageBatches,
      usageRetries: stats.usageRetries,
      usageEventsSent: stats.usageEvents,
      usageEventsRecorded: Number(recorded.rows[0]?.hits ?? 0),
      paymentCallbacks: stats.ipnCalls,
      paymentCallbackRetries: stats.ipnRetries,
      topUps: topUps.length,
      topUpsCredited: credited.rows[0]?.n ?? 0,
      balanceAddedCents: String(balanceAfter - balanceBefore),
      notificationRecipients: recipients,
      notificationMails: mails.rows[0]?.n ?? 0,
      notificationDistinct: mails.rows[0]?.distinct ?? 0,
      billRuns: runs.rows[0]?.n ?? 0,
    }
    summary.failover = failover
    if (failover.sessionFailures > 0) failures.push(`${failover.sessionFailures} session calls failed`)
    if (failover.usageEventsRecorded !== failover.usageEventsSent)
      failures.push(`usage: ${failover.usageEventsSent} events sent, ${failover.usageEventsRecorded} recorded`)
    if (failover.topUpsCredited !== topUps.length)
      failures.push(`payments: ${failover.topUpsCredited} of ${topUps.length} top-ups credited`)
    if (balanceAfter - balanceBefore !== 100n * BigInt(topUps.length))
      failures.push(`payments: the balance rose by ${balanceAfter - balanceBefore} cents`)
    if (failover.notificationMails !== recipients || failover.notificationDistinct !== recipients)
      failures.push(
        `notification: ${recipients} recipients, ${failover.notificationMails} e-mails (${failover.notificationDistinct} addresses)`,
      )
    if (failover.billRuns !== 1) failures.push(`bill runs: ${failover.billRuns}`)
  } finally {
    await db?.end().catch(() => {})
    await cluster.close()
  }

  console.log('\n[scale] what was measured:')
  console.log(JSON.stringify(summary, null, 2))
  const results = path.join(root, 'bench', 'results')
  mkdirSync(results, { recursive: true })
  writeFileSync(
    path.join(results, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ summary, failures }, null, 2),
  )
  if (failures.length > 0) {
    console.error(`\n[scale] FAILED:\n- ${failures.join('\n- ')}`)
    process.exit(1)
  }
  console.log('\n[scale] every promise held.')
}

main().catch((error) => {
  console.error(error)
  killChildren()
  process.exit(1)
})
