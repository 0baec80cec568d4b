import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pidAlive } from '../lib/process.ts'
import { type Shipper, startShipper } from './shipper.ts'

// `npm run gateway:nginx` (docs/gateway.md "nginx in front of a maps API"): Debian's nginx with the
// configuration in deploy/nginx/gateway.conf, the usage shipper, and — unless GATEWAY_UPSTREAM names
// a maps API of your own — the sample maps API (`main.ts maps-api`) as the upstream.

export interface GatewayOptions {
  /** Where nginx listens (default 127.0.0.1:8080). */
  host: string
  port: number
  portalUrl: string
  gatewayToken: string
  /** host:port of the maps API; null starts the sample maps API on `mapsApiPort`. */
  upstream: string | null
  mapsApiPort: number
  /** Addresses (CIDR) of proxies in front of nginx whose X-Forwarded-For is believed. */
  trustedProxies: string[]
  /** nginx's files, the usage log and the shipper's position. */
  dir: string
  /**
   * Where nginx keeps the portal's verdicts (`proxy_cache_path`); `makeVerdictDir()` chooses it when
   * unset. Its files hold key secrets in their header line.
   */
  verdictDir?: string
  name: string
  /** Start a new usage log past this size (bytes). */
  logMaxBytes: number
  shipIntervalMs?: number
}

const DEV_GATEWAY_TOKEN = 'dev-gateway-token'

function gatewayOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayOptions {
  const production = env.NODE_ENV === 'production'
  const gatewayToken = env.GATEWAY_TOKEN ?? (production ? '' : DEV_GATEWAY_TOKEN)
  if (!gatewayToken) throw new Error('GATEWAY_TOKEN is required in production (the same value as the portal’s).')
  const port = Number(env.GATEWAY_PORT ?? 8080)
  return {
    host: env.GATEWAY_HOST ?? '127.0.0.1',
    port,
    portalUrl: env.PORTAL_URL ?? 'http://127.0.0.1:3000',
    gatewayToken,
    upstream: env.GATEWAY_UPSTREAM || null,
    mapsApiPort: Number(env.MAPS_API_PORT ?? 8081),
    trustedProxies: (env.GATEWAY_TRUSTED_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dir: path.resolve(env.GATEWAY_DIR ?? path.join(env.DATA_DIR ?? './data', 'gateway')),
    verdictDir: env.GATEWAY_VERDICT_DIR ? path.resolve(env.GATEWAY_VERDICT_DIR) : undefined,
    name: env.GATEWAY_NAME ?? `${hostname()}-${port}`,
    logMaxBytes: Number(env.GATEWAY_LOG_MAX_MB ?? 64) * 1024 * 1024,
  }
}

/** Linux's shared-memory tmpfs, present on every Debian machine. */
const SHARED_MEMORY = '/dev/shm'
/** A verdict folder's name in shared memory: the prefix, the gateway's process id, a random part. */
const VERDICT_DIR_PREFIX = 'maps-gateway-verdicts-'
const VERDICT_DIR_NAME = /^maps-gateway-verdicts-(\d+)-/

/**
 * Removes the verdict folders in `parent` that gateways of this user left behind when they were
 * killed before they could remove them (SIGKILL): those whose process no longer runs.
 */
export function sweepVerdictDirs(parent = SHARED_MEMORY): void {
  const uid = process.getuid?.()
  for (const name of readdirSync(parent)) {
    const pid = Number(VERDICT_DIR_NAME.exec(name)?.[1])
    if (!pid || pid === process.pid || pidAlive(pid)) continue
    const folder = path.join(parent, name)
    // Another gateway starting at the same moment may have removed it already.
    const owner = statSync(folder, { throwIfNoEntry: false })?.uid
    if (owner === undefined || (uid !== undefined && owner !== uid)) continue
    rmSync(folder, { recursive: true, force: true })
  }
}

/**
 * A private folder (0700, a name no one can guess) for nginx's verdict cache: in memory (`/dev/shm`)
 * when the machine has it, else in `$GATEWAY_DIR/run/verdicts`. In memory, keeping a verdict costs no
 * file created, renamed and later deleted on a disk's journal, which showed in the tile's p99 through
 * nginx (bench/README.md "Verdicts kept in memory, each from its first answer"), and no key secret is
 * ever written to a disk. The folder's name holds this process's id, so that the next gateway started
 * on the machine removes it if this one is killed before it can (`sweepVerdictDirs`).
 */
export function makeVerdictDir(dir: string): string {
  try {
    accessSync(SHARED_MEMORY, constants.W_OK)
    sweepVerdictDirs()
    return mkdtempSync(path.join(SHARED_MEMORY, `${VERDICT_DIR_PREFIX}${process.pid}-`))
  } catch {
    const onDisk = path.join(dir, 'run', 'verdicts')
    mkdirSync(onDisk, { recursive: true, mode: 0o700 })
    return onDisk
  }
}

/** Whether Debian's nginx is on the PATH. */
export function hasNginx(): boolean {
  return spawnSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' }).status === 0
}

/** deploy/nginx/gateway.conf, found from wherever this code runs (src or dist). */
function templatePath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(dir, 'deploy/nginx/gateway.conf')
    if (existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('deploy/nginx/gateway.conf not found')
    dir = parent
  }
}

/** The template with its ${…} values filled in. */
export function gatewayConfig(options: GatewayOptions, upstream: string): string {
  const portal = new URL(options.portalUrl)
  const values: Record<string, string> = {
    USER_LINE: process.getuid?.() === 0 ? 'user root;' : '',
    RUN_DIR: path.join(options.dir, 'run'),
    VERDICT_DIR: options.verdictDir ?? path.join(options.dir, 'run', 'verdicts'),
    LISTEN: `${options.host}:${options.port}`,
    PORTAL: `${portal.hostname}:${portal.port || (portal.protocol === 'https:' ? 443 : 80)}`,
    GATEWAY_TOKEN: options.gatewayToken,
    MAPS_API: upstream,
    USAGE_LOG: path.join(options.dir, 'usage.log'),
    REAL_IP:
      options.trustedProxies.length === 0
        ? ''
        : [
            ...options.trustedProxies.map((cidr) => `    set_real_ip_from ${cidr};`),
            '    real_ip_header X-Forwarded-For;',
            '    real_ip_recursive on;',
          ].join('\n'),
  }
  return readFileSync(templatePath(), 'utf8').replace(/\$\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

async function waitFor(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 15_000
  for (;;) {
    const up = await fetch(url).then(
      () => true,
      () => false,
    )
    if (up) return
    if (child.exitCode !== null) throw new Error(`${what} stopped while starting (exit ${child.exitCode})`)
    if (Date.now() > deadline) throw new Error(`${what} did not start within 15 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

export interface RunningGateway {
  url: string
  /** Where nginx keeps the portal's verdicts (in memory when the machine has /dev/shm). */
  verdictDir: string
  shipper: Shipper
  stop(): Promise<void>
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  if (!hasNginx()) {
    throw new Error('nginx is not installed. On Debian or Ubuntu: sudo apt-get install nginx (then run this again).')
  }
  const runDir = path.join(options.dir, 'run')
  // Private: nginx.conf holds the gateway token, and the verdict cache's files hold key secrets.
  mkdirSync(runDir, { recursive: true })
  chmodSync(runDir, 0o700)
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(runDir, sub), { recursive: true })
  // A folder chosen here is this run's own and goes with it; one named by GATEWAY_VERDICT_DIR stays.
  const ownVerdictDir = options.verdictDir === undefined
  const verdictDir = options.verdictDir ?? makeVerdictDir(options.dir)
  mkdirSync(verdictDir, { recursive: true, mode: 0o700 })
  chmodSync(verdictDir, 0o700)
  const removeVerdicts = () => {
    if (ownVerdictDir) rmSync(verdictDir, { recursive: true, force: true })
  }

  let mapsApi: ChildProcess | null = null
  let upstream = options.upstream
  if (!upstream) {
    upstream = `127.0.0.1:${options.mapsApiPort}`
    // The same program (tsx or the built dist), its `maps-api` command.
    mapsApi = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? '', 'maps-api'], {
      env: { ...process.env, MAPS_API_PORT: String(options.mapsApiPort), MAPS_API_HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    await waitFor(`http://${upstream}/healthz`, mapsApi, 'the sample maps API')
  }

  const configFile = path.join(runDir, 'nginx.conf')
  writeFileSync(configFile, gatewayConfig({ ...options, verdictDir }, upstream))
  const nginx = spawn('nginx', ['-p', runDir, '-c', configFile], { stdio: ['ignore', 'inherit', 'inherit'] })
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${options.port}`
  try {
    await waitFor(`${url}/`, nginx, 'nginx')
  } catch (error) {
    if (mapsApi) await stopChild(mapsApi, 'SIGTERM')
    removeVerdicts()
    throw error
  }

  const logFile = path.join(options.dir, 'usage.log')
  const shipper = startShipper({
    logFile,
    stateFile: path.join(options.dir, 'usage.state.json'),
    portalUrl: options.portalUrl,
    gatewayToken: options.gatewayToken,
    name: options.name,
    intervalMs: options.shipIntervalMs,
  })
  // A new usage log once the old one has grown past its size (nginx reopens on SIGUSR1).
  const rotation = setInterval(() => {
    if (!existsSync(logFile) || statSync(logFile).size < options.logMaxBytes) return
    void shipper.rotate(async () => {
      nginx.kill('SIGUSR1')
      await new Promise((resolve) => setTimeout(resolve, 1000))
    })
  }, 30_000)
  rotation.unref()

  return {
    url,
    verdictDir,
    shipper,
    async stop() {
      clearInterval(rotation)
      // nginx first (SIGQUIT: it finishes the calls in flight), then what they logged is shipped.
      await stopChild(nginx, 'SIGQUIT')
      removeVerdicts()
      await shipper.flush()
      await shipper.stop()
      if (mapsApi) await stopChild(mapsApi, 'SIGTERM')
    },
  }
}

/** The `gateway` command: runs until SIGINT or SIGTERM. */
export async function runGatewayCommand() {
  const options = gatewayOptionsFromEnv()
  let gateway: RunningGateway
  try {
    gateway = await startGateway(options)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  console.log(
    `Maps API gateway on ${gateway.url} (nginx) → ${options.upstream ?? `the sample maps API on 127.0.0.1:${options.mapsApiPort}`}; keys checked by ${options.portalUrl}; usage log in ${options.dir}.`,
  )
  const stop = () => {
    void gateway.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
