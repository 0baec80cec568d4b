import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/helpers.ts'
import { type Database, openPostgres } from '../db/client.ts'
import { bossFor, createJobRunner, JOB_SCHEMA } from './runner.ts'

// Instances started at the same moment on a new PostgreSQL database (docs/scale-out.md): each makes
// pg-boss's schema, and every one of them must start. An embedded database has one process, so this is
// PostgreSQL's alone.

const t = await createTestApp()
afterAll(() => t.close())

describe.runIf(t.ctx.database.kind === 'postgres')('instances starting together on a new database', () => {
  it('all start their job runners; the queue schema is made once', { timeout: 60_000 }, async () => {
    const result = (await t.ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[]
    }
    const url = new URL(process.env.DATABASE_URL ?? '')
    url.pathname = `/${result.rows[0]?.name}`
    const databases: Database[] = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString(), { max: 3 })))
    try {
      // The refusal depends on timing: a few rounds make it likely without the fix.
      for (let round = 0; round < 6; round++) {
        await t.ctx.database.run(`drop schema if exists ${JOB_SCHEMA} cascade`)
        const runners = databases.map((database) => createJobRunner({ database, log: t.ctx.log, definitions: [] }))
        await Promise.all(runners.map((runner) => runner.start()))
        expect(runners.every((runner) => runner.running)).toBe(true)
        await Promise.all(runners.map((runner) => runner.stop(1000)))
      }
      expect(await bossFor(t.ctx.database, { supervise: false }).isInstalled()).toBe(true)
    } finally {
      await Promise.all(databases.map((database) => database.close()))
    }
  })
})
