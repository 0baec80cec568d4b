// Debian's nginx for the benchmarks: as a round-robin load balancer from the deployment's own
// configuration (deploy/nginx/load-balancer.conf) with its ${…} values filled in, or with any
// configuration written beforehand (the gateway's, bench/lib/gateway-nginx.ts).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Whether nginx is installed (Debian: apt-get install nginx). */
export function hasNginx() {
  return spawnSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' }).status === 0
}

/** Starts nginx on 127.0.0.1:`port` in front of 127.0.0.1:`upstreams`; `stop()` ends it and removes its folder. */
export async function startBalancer(port, upstreams) {
  const run = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'))
  const values = {
    USER_LINE: process.getuid?.() === 0 ? 'user root;' : '',
    RUN_DIR: run,
    LISTEN: `127.0.0.1:${port}`,
    UPSTREAM_SERVERS: upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n'),
  }
  const template = readFileSync(path.join(root, 'deploy/nginx/load-balancer.conf'), 'utf8')
  writeFileSync(
    path.join(run, 'nginx.conf'),
    template.replace(/\$\{(\w+)\}/g, (whole, name) => values[name] ?? whole),
  )
  return startNginx(run, port, (res) => res.status === 200, '/readyz')
}

/**
 * Runs nginx with `run`/nginx.conf (`run` is its prefix folder) and waits until 127.0.0.1:`port` answers
 * `readyPath` in a way `isReady` accepts; `stop()` ends it (finishing calls in flight) and removes `run`.
 */
export async function startNginx(run, port, isReady = () => true, readyPath = '/') {
  const child = spawn('nginx', ['-p', run, '-c', path.join(run, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 10_000
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(isReady, () => false)
    if (up) break
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start (${run})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(run, { recursive: true, force: true })
          resolve()
        })
        child.kill('SIGQUIT')
      }),
  }
}
