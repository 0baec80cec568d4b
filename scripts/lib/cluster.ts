// The portal as a provider runs it, on this machine (docs/scale-out.md), shared by `npm run test:scale`
// and `npm run bench:load`: a PostgreSQL database of its own, migrated once; N instances of the built
// server (`node apps/server/dist/main.js serve`, no tsx) on it; Debian's nginx in front of them with
// deploy/nginx/load-balancer.conf. `close()` stops every process, drops the database and removes the
// run's folder; `killChildren()` is for a crash before it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** The administrator every instance creates at its first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' }

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const children: ChildProcess[] = []

/** SIGKILL to every process a cluster started that still runs (for a crash; `close()` stops them gently). */
export function killChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

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

function need(command: string, install: string) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
  } catch {
    throw new Error(`${command} is missing: ${install}`)
  }
}

export async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(200)
  }
}

export const answers = async (url: string) => (await fetch(url).catch(() => null))?.status === 200

/** Builds the SPA and the server when either is missing (`npm run build`). */
export function ensureBuilt(log: (line: string) => void) {
  if (
    !existsSync(path.join(root, 'apps/server/dist/main.js')) ||
    !existsSync(path.join(root, 'apps/web/dist/index.html'))
  ) {
    log('building the SPA and the server (npm run build)')
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  }
}

export interface Instance {
  name: string
  port: number
  child: ChildProcess
}

export interface Cluster {
  /** The balancer's address (what clients call). */
  lb: string
  lbPort: number
  dbName: string
  databaseUrl: string
  appSecret: string
  /** The environment every instance runs with (PORT aside). */
  env: Record<string, string>
  instances: Instance[]
  /** Starts (or restarts) an instance on `port`; the caller waits for its /readyz. */
  startInstance(name: string, port: number): Instance
  /** Points nginx at these instances' ports only (a reload: connections in flight finish). */
  balance(ports: number[]): Promise<void>
  close(): Promise<void>
}

export interface ClusterOptions {
  /** Prefix of the database's name (`<prefix>_<time>_<random>`). */
  prefix: string
  instances: number
  /** The machine's PostgreSQL, as a superuser who may create databases. */
  adminUrl: string
  /** Added to (or replacing) the defaults below. */
  env?: Record<string, string>
  log: (line: string) => void
}

function startProcess(name: string, port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['apps/server/dist/main.js', 'serve'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString().trim()
    if (text) console.error(`[${name}] ${text.slice(0, 500)}`)
  })
  children.push(child)
  return { name, port, child }
}

function renderNginx(run: string, listen: string, upstreams: number[]): string {
  const template = readFileSync(path.join(root, 'deploy/nginx/load-balancer.conf'), 'utf8')
  const values: Record<string, string> = {
    USER_LINE: process.getuid?.() === 0 ? 'user root;' : '',
    RUN_DIR: run,
    LISTEN: listen,
    UPSTREAM_SERVERS: upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n'),
  }
  return template.replace(/\$\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

async function stopAll(processes: ChildProcess[]) {
  const running = () => processes.filter((child) => child.exitCode === null && child.signalCode === null)
  for (const child of running()) child.kill('SIGTERM')
  const deadline = Date.now() + 1500
  while (running().length > 0 && Date.now() < deadline) await sleep(100)
  for (const child of running()) child.kill('SIGKILL')
}

/** The database, the migrations, the instances (each answering /readyz) and nginx in front of them. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  need('nginx', 'apt-get install nginx (Debian)')
  const run = mkdtempSync(path.join(tmpdir(), `maps-portal-${options.prefix}-`))
  const admin = new pg.Client({ connectionString: options.adminUrl })
  await admin.connect()
  const dbName = `${options.prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`
  await admin.query(`create database ${dbName}`)
  const dbUrl = new URL(options.adminUrl)
  dbUrl.pathname = `/${dbName}`
  const databaseUrl = dbUrl.toString()
  const appSecret = `${options.prefix}-${randomBytes(24).toString('hex')}`
  const own: ChildProcess[] = []
  let nginx: ChildProcess | undefined

  const close = async () => {
    await stopAll(own)
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
    await admin.end().catch(() => {})
    rmSync(run, { recursive: true, force: true })
  }

  try {
    const lbPort = await freePort()
    const lb = `http://127.0.0.1:${lbPort}`
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_URL: lb,
      PASSKEY_ORIGIN: `http://localhost:${lbPort}`,
      DATABASE_URL: databaseUrl,
      APP_SECRET: appSecret,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REDIS_URL: process.env.REDIS_URL ?? '',
      ...options.env,
    }
    execFileSync(process.execPath, ['apps/server/dist/main.js', 'migrate'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
    const startInstance = (name: string, port: number) => {
      const instance = startProcess(name, port, env)
      own.push(instance.child)
      return instance
    }
    const instances: Instance[] = []
    for (let i = 0; i < options.instances; i++)
      instances.push(startInstance(String.fromCharCode(97 + i), await freePort()))
    for (const instance of instances)
      await until(`instance ${instance.name}`, () => answers(`http://127.0.0.1:${instance.port}/readyz`), 60_000)

    const conf = path.join(run, 'nginx.conf')
    writeFileSync(
      conf,
      renderNginx(
        run,
        `127.0.0.1:${lbPort}`,
        instances.map((instance) => instance.port),
      ),
    )
    nginx = spawn('nginx', ['-p', run, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] })
    children.push(nginx)
    own.push(nginx)
    await until('nginx', () => answers(`${lb}/readyz`), 20_000)

    const balance = async (ports: number[]) => {
      writeFileSync(conf, renderNginx(run, `127.0.0.1:${lbPort}`, ports))
      // SIGHUP: the master reads the file again and replaces its workers; old ones finish what they hold.
      nginx?.kill('SIGHUP')
      await sleep(1000)
      await until('nginx after the reload', () => answers(`${lb}/readyz`), 20_000)
    }
    return { lb, lbPort, dbName, databaseUrl, appSecret, env, instances, startInstance, balance, close }
  } catch (error) {
    await close()
    throw error
  }
}
