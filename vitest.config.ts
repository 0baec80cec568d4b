import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One Vitest run covers every workspace. The server's integration tests run on embedded PGlite, and
// a second time on PostgreSQL when DATABASE_URL names a server (each test file creates and drops its
// own database there). With SERVER_PG_NODE set as well, scripts/test.mjs runs the PostgreSQL project
// apart, on that other Node (CI: 22, while the rest runs on the machine's Node 20).
const postgres = process.env.DATABASE_URL

/**
 * Tests that run the real command line on an embedded data folder (they empty DATABASE_URL): the same
 * on either project, so they run once, with the PGlite one; or with the PostgreSQL one when that
 * project runs on another Node (SERVER_PG_NODE), so that the real command line, and PGlite, which
 * production uses without DATABASE_URL, run on that Node too.
 */
const COMMAND_LINE_TESTS = ['src/db/data-lock.test.ts', 'test/backup.test.ts', 'test/shutdown.test.ts']
const commandLineTestsOn = postgres && process.env.SERVER_PG_NODE ? 'postgres' : 'pglite'

const server = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: db === commandLineTestsOn ? [] : COMMAND_LINE_TESTS,
    env: { TEST_DB: db },
    // A worker runs its files one after another in the same module graph instead of importing the
    // whole server again for each file (measured: a third less CPU). Safe because each file builds
    // its own app on its own database and the server keeps no per-test state in modules; what modules
    // remember is derived from inputs (rates, map layers) or from the file's own app.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, so
    // every test file waited for the previous one. A file spends part of its time waiting on PostgreSQL
    // or on argon2 in the thread pool, so one worker more than the cores keeps both of them busy. One
    // value for every project: Vitest runs projects with different values in separate rounds.
    maxWorkers: Math.max(availableParallelism() + 1, 2),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      server('server', 'pglite'),
      ...(postgres ? [server('server-pg', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
})
