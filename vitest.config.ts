import { defineConfig } from 'vitest/config'

// One Vitest run covers every workspace. The server's integration tests run on embedded PGlite, and
// a second time on PostgreSQL when DATABASE_URL names a server (each test file creates and drops its
// own database there).
const postgres = process.env.DATABASE_URL

const server = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      server('server', 'pglite'),
      ...(postgres ? [server('server-pg', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
})
