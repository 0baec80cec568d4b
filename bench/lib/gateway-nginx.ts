// The nginx configurations of bench/gateway.mjs's "through nginx" phase, all from the deployment's
// own template (deploy/nginx/gateway.conf, filled in by the gateway's `gatewayConfig()`):
// - `keyCheck`: the template as deployed (auth_request to the portal's GET /v1/gateway/authorize, its
//   verdicts kept by nginx for at most half a second);
// - `uncached`: the same without the verdict cache, so every call asks the portal (for context);
// - `direct`: the same text without its `auth_request` line, so nginx proxies straight to the maps
//   API. Everything else is the template's: the same keepalive upstream, proxy settings, headers and
//   usage access log (written in both). The `auth_request_set` lines stay, so that the variables the
//   log and headers use exist; with no sub-request they stay empty. The ratio of the two is therefore
//   the key check alone: nginx's sub-request to the portal and the portal's answer.
// The usage shipper is not run: it reads the log in the background in a deployment, and would only
// add noise here.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type GatewayOptions, gatewayConfig, makeVerdictDir } from '../../apps/server/src/gateway-nginx/run.ts'

/** VERDICTS_ON_DISK=1: the verdict cache in nginx's run folder on disk, as before 2026-12-07 (for comparison). */
const VERDICTS_ON_DISK = process.env.VERDICTS_ON_DISK === '1'

/** The line that makes nginx ask the portal; the `direct` configuration is the template without it. */
const AUTH_LINE = /^\s*auth_request\s.*\n/gm

function withoutKeyCheck(config: string): string {
  const found = config.match(AUTH_LINE)?.length ?? 0
  // Fail loudly if the template's check changes shape (then this benchmark must change with it).
  if (found !== 1) throw new Error(`expected one auth_request line in deploy/nginx/gateway.conf, found ${found}`)
  return config.replace(AUTH_LINE, '')
}

/** Replaces `anchor` (which must occur once) with `replacement`. */
function editOnce(config: string, anchor: string, replacement: string): string {
  const parts = config.split(anchor)
  if (parts.length !== 2) throw new Error(`expected "${anchor.trim()}" once in deploy/nginx/gateway.conf`)
  return parts.join(replacement)
}

/**
 * The deployed configuration with nginx's verdict cache off: every call asks the portal (what the
 * gateway did before the cache, docs/gateway.md "Verdicts kept for half a second"), for context.
 */
function withoutVerdictCache(config: string): string {
  return editOnce(config, '      proxy_cache verdicts;\n', '')
}

export interface NginxRun {
  name: string
  /** nginx's prefix folder (-p), holding nginx.conf. */
  run: string
  port: number
  /** The verdict cache's folder when it is outside `run` (in memory), for gateway.mjs to remove. */
  verdictDir?: string
}

export interface GatewayConfigsOptions {
  dir: string
  portalUrl: string
  gatewayToken: string
  /** The maps API's host:port. */
  upstream: string
  ports: { keyCheck: number; direct: number; uncached: number }
}

/** Writes the configurations into folders under `dir`; gateway.mjs starts an nginx on each. */
export function writeGatewayConfigs(options: GatewayConfigsOptions): NginxRun[] {
  const variants: [name: keyof GatewayConfigsOptions['ports'], edit: (config: string, run: string) => string][] = [
    ['keyCheck', (config) => config],
    ['direct', withoutKeyCheck],
    ['uncached', withoutVerdictCache],
  ]
  return variants.map(([name, edit]) => {
    const gateway: GatewayOptions = {
      host: '127.0.0.1',
      port: options.ports[name],
      portalUrl: options.portalUrl,
      gatewayToken: options.gatewayToken,
      upstream: options.upstream,
      mapsApiPort: 0,
      trustedProxies: [],
      dir: path.join(options.dir, name),
      name: `bench-${name}`,
      logMaxBytes: 64 * 1024 * 1024,
      // Where `npm run gateway:nginx` keeps them: in memory when the machine has /dev/shm.
      verdictDir: VERDICTS_ON_DISK ? undefined : makeVerdictDir(path.join(options.dir, name)),
    }
    const run = path.join(gateway.dir, 'run')
    for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(path.join(run, sub), { recursive: true })
    writeFileSync(path.join(run, 'nginx.conf'), edit(gatewayConfig(gateway, options.upstream), run))
    return { name, run, port: gateway.port, verdictDir: gateway.verdictDir }
  })
}
