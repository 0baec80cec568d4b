import { existsSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { type Database, openPglite } from './client.ts'
import { DataFolderInUse } from './data-lock.ts'

// Backups of the embedded database (docs/deployment.md "Backups"). PGlite is one process's: while a
// server holds the folder, the backup command asks that server to write the backup (a request file
// beside the folder, then SIGUSR2), which it does between two statements, so the copy is consistent;
// with no server running, the command opens the folder itself. A backup is PGlite's own dump of the
// data folder (a gzipped tar), written aside and renamed into place, so a half-written file never
// looks like a backup. Restoring needs the server stopped: the current folder is moved aside, not
// deleted, and the backup loaded in its place.

export const BACKUP_SIGNAL = 'SIGUSR2'
const requestFile = (pgliteDir: string) => `${pgliteDir}.backup-request`

/** Writes a consistent copy of the embedded database to `file`. */
async function dumpPglite(database: Database, file: string): Promise<void> {
  const engine = database.pglite
  if (!engine) throw new Error('Only the embedded database is backed up this way; for PostgreSQL use pg_dump.')
  // Everything committed goes to the folder first, so the dump holds it.
  await engine.exec('checkpoint')
  const blob = await engine.dumpDataDir('gzip')
  const partial = `${file}.partial`
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()))
  renameSync(partial, file)
}

/** In a running server: answers a backup request left by the backup command (then SIGUSR2). */
export async function answerBackupRequest(database: Database, pgliteDir: string): Promise<string | null> {
  const request = requestFile(pgliteDir)
  if (!existsSync(request)) return null
  const { file } = JSON.parse(readFileSync(request, 'utf8')) as { file: string }
  unlinkSync(request)
  await dumpPglite(database, file)
  return file
}

/**
 * The backup command: a server running on the folder writes the backup; otherwise this process opens
 * the folder and does. Resolves with who wrote it.
 */
export async function backupPglite(pgliteDir: string, file: string, timeoutMs = 120_000): Promise<'server' | 'here'> {
  let database: Database
  try {
    if (!existsSync(pgliteDir) && !existsSync(`${pgliteDir}.lock`))
      throw new Error(`No embedded database at ${pgliteDir}.`)
    database = await openPglite(pgliteDir)
  } catch (error) {
    if (!(error instanceof DataFolderInUse) || error.holder.host !== hostname()) throw error
    if (existsSync(file)) rmSync(file)
    writeFileSync(requestFile(pgliteDir), JSON.stringify({ file }))
    process.kill(error.holder.pid, BACKUP_SIGNAL)
    const deadline = Date.now() + timeoutMs
    while (!existsSync(file)) {
      if (Date.now() > deadline) throw new Error(`The server (process ${error.holder.pid}) wrote no backup in time.`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return 'server'
  }
  try {
    await dumpPglite(database, file)
  } finally {
    await database.close()
  }
  return 'here'
}

/**
 * Brings a backup back into the (stopped) server's folder. The folder there is moved aside to
 * `<folder>.before-restore-<time>`; the backup's tables are checked before the command says it is done.
 */
export async function restorePglite(pgliteDir: string, file: string): Promise<{ movedAside: string | null }> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`)
  const data = new Blob([readFileSync(file)])
  let movedAside: string | null = null
  if (existsSync(pgliteDir)) {
    // Refused while a server holds it (the lock names the process); released at once otherwise.
    const current = await openPglite(pgliteDir)
    await current.close()
    movedAside = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(pgliteDir, movedAside)
  }
  const restored = await openPglite(pgliteDir, { loadDataDir: data })
  try {
    await restored.ping()
    await restored.pglite?.exec('checkpoint')
  } finally {
    await restored.close()
  }
  return { movedAside }
}

/** Where a backup goes by default: `backups/` beside DATA_DIR (the folder above `pglite`), by time. */
export function defaultBackupFile(pgliteDir: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  return path.join(path.dirname(path.dirname(path.resolve(pgliteDir))), 'backups', `maps-portal-${stamp}.tar.gz`)
}
