import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { answerBackupRequest, BACKUP_SIGNAL, backupPglite, defaultBackupFile, restorePglite } from './db/backup.ts'
import { openDatabase } from './db/client.ts'
import { ensureAdministrator } from './modules/users/bootstrap.ts'

// The server's command line: `serve` (default, with `--demo` to seed demo data), `migrate`, for the
// embedded database `backup [--out FILE]` and `restore FILE` (docs/deployment.md "Backups"), and
// `maps-api`, the sample maps API the nginx gateway protects (docs/gateway.md).

/** The value after `--name`, or after `--name=`. */
function option(flags: string[], name: string): string | undefined {
  const at = flags.indexOf(`--${name}`)
  if (at >= 0) return flags[at + 1]
  return flags.find((f) => f.startsWith(`--${name}=`))?.slice(name.length + 3)
}

async function backupCommand(command: 'backup' | 'restore', flags: string[]) {
  const config = loadConfig()
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump, or continuous archiving); see docs/deployment.md "Backups".',
    )
    process.exit(2)
  }
  if (command === 'backup') {
    const file = path.resolve(option(flags, 'out') ?? defaultBackupFile(config.pgliteDir))
    mkdirSync(path.dirname(file), { recursive: true })
    const by = await backupPglite(config.pgliteDir, file)
    console.log(`Backup written to ${file}${by === 'server' ? ' by the running server' : ''}.`)
    return
  }
  const file = flags.find((f) => !f.startsWith('--'))
  if (!file) {
    console.error('Usage: restore FILE (the server stopped).')
    process.exit(2)
  }
  const { movedAside } = await restorePglite(config.pgliteDir, path.resolve(file))
  console.log(
    `Restored ${path.resolve(file)} into ${config.pgliteDir}.${movedAside ? ` The folder it replaced is kept at ${movedAside}.` : ''}`,
  )
}

async function main() {
  const [command = 'serve', ...flags] = process.argv.slice(2).filter((a) => a !== '--')
  if (command === 'backup' || command === 'restore') return backupCommand(command, flags)
  if (command === 'maps-api') {
    // The sample upstream for the nginx gateway (docs/gateway.md): no database, no portal configuration.
    const { startMapsApi } = await import('./maps-api/app.ts')
    return startMapsApi()
  }
  if (command === 'gateway') {
    // nginx in front of a maps API with the portal's keys (docs/gateway.md): no database of its own.
    const { runGatewayCommand } = await import('./gateway-nginx/run.ts')
    return runGatewayCommand()
  }
  const config = loadConfig()
  const database = await openDatabase(config)

  if (command === 'migrate') {
    await database.migrate()
    console.log(`Migrations applied (${database.kind}).`)
    await database.close()
    return
  }
  if (command !== 'serve') {
    console.error(`Unknown command "${command}". Use "serve", "migrate", "backup", "restore", "maps-api" or "gateway".`)
    process.exit(2)
  }

  await database.migrate()
  const { app, ctx } = await buildApp({ config, database })
  if (config.isProduction && !config.databaseUrl) {
    app.log.warn('No DATABASE_URL: running on embedded PGlite, which serves one process only.')
  }
  const admin = await ensureAdministrator(ctx)
  if (admin) {
    const lines = [
      '',
      '  First start: an administrator account was created.',
      `    e-mail:   ${admin.email}`,
      admin.generatedPassword
        ? `    password: ${admin.generatedPassword}   (one-time: you choose a new one at the first sign-in)`
        : '    password: the one in ADMIN_PASSWORD',
      '',
    ]
    console.log(lines.join('\n'))
  }
  if (flags.includes('--demo')) {
    // Loaded only for the demo: its data need not sit in every server's memory.
    const { seedDemo } = await import('./demo/seed.ts')
    const summary = await seedDemo(ctx)
    console.log(summary)
  }

  // A restart (docs/deployment.md "Restarts"): /readyz says 503 at once, so the load balancer stops
  // sending; after SHUTDOWN_DELAY_MS the instance stops listening and lets the requests in flight finish,
  // while its running jobs are told to stop and, past their grace time, handed back to other instances.
  // Whatever happens, the process is gone within 10 seconds.
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`)
    ctx.lifecycle.draining = true
    setTimeout(() => {
      app.log.error('shutdown took more than 10 s; exiting')
      process.exit(1)
    }, 10_000).unref()
    const jobs = ctx.jobs.stop(6_000)
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs))
    await Promise.all([jobs, app.close()])
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void close('SIGINT'))
  process.once('SIGTERM', () => void close('SIGTERM'))
  // `npm run backup` while this server holds the embedded folder: it leaves a request and signals.
  if (database.kind === 'pglite') {
    process.on(BACKUP_SIGNAL, () => {
      answerBackupRequest(database, config.pgliteDir)
        .then((file) => file && app.log.info(`backup written to ${file}`))
        .catch((error) => app.log.error({ err: error }, 'backup failed'))
    })
  }

  await app.listen({ port: config.port, host: config.host })
  console.log(`Maps Portal is running on ${config.publicUrl} (database: ${database.kind}).`)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  if (process.env.LOG_LEVEL === 'debug') console.error(error)
  process.exit(1)
})
