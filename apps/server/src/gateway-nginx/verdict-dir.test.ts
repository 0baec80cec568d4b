import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sweepVerdictDirs } from './run.ts'

// The verdict folders a gateway keeps in /dev/shm (docs/gateway.md "Verdicts kept in memory"): one
// left by a gateway killed with SIGKILL is removed by the next gateway to start, and no other is.

describe('the verdict folders left in shared memory', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'verdict-dirs-'))
  afterAll(() => rmSync(parent, { recursive: true, force: true }))

  it('removes those of gateways that no longer run, and keeps the running ones’ and anything else', () => {
    // A process that has ended: its id names no running process.
    const ended = spawnSync(process.execPath, ['-e', ''])
    expect(ended.status).toBe(0)
    const dead = path.join(parent, `maps-gateway-verdicts-${ended.pid}-AbC123`)
    const own = path.join(parent, `maps-gateway-verdicts-${process.pid}-XyZ789`)
    const running = path.join(parent, 'maps-gateway-verdicts-1-Qrs456')
    const unrelated = path.join(parent, 'PostgreSQL.12345')
    for (const folder of [dead, own, running, unrelated]) mkdirSync(path.join(folder, '1', 'ab'), { recursive: true })

    sweepVerdictDirs(parent)

    expect(existsSync(dead)).toBe(false)
    expect(existsSync(own)).toBe(true)
    expect(existsSync(running)).toBe(true)
    expect(existsSync(unrelated)).toBe(true)
  })
})
