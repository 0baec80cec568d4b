// A PostgreSQL server for the benchmarks that also measure on it: found where the tests find theirs,
// and a throw-away database per run, dropped afterwards.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The server to measure on (PG_URL, DATABASE_URL or the local default), or null when none answers. */
export async function postgresUrl() {
  const base = process.env.PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return base
  } catch {
    return null
  }
}

/** Runs `work` with the URL of a fresh database named `<prefix>_<random>`, and drops it afterwards. */
export async function withPostgresDatabase(base, prefix, work) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  try {
    return await work(url.toString())
  } finally {
    const again = new pg.Client({ connectionString: base })
    await again.connect()
    await again.query(`drop database if exists ${name} with (force)`)
    await again.end()
  }
}
