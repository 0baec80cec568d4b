import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers.ts'

// The built SPA as the server hands it out (app.ts): the home page, client-side routes, pre-rendered
// pages, long-cached assets, and API paths that never fall through to the SPA. A folder of its own
// stands in for apps/web/dist.

describe('serving the web app', () => {
  let t: TestApp
  let dist: string

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-pages-'))
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>')
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)')
    mkdirSync(path.join(dist, 'prerender'))
    writeFileSync(path.join(dist, 'prerender', 'login.my.dark.html'), '<!doctype html><title>login my dark</title>')
    t = await createTestApp({ webDist: dist }, { serveWeb: true })
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('answers the home page with the app (it was refused with 403 once)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain('<title>spa</title>')
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/?lang=my' })).body).toContain('<title>spa</title>')
  })

  it('answers client-side routes with the app, and a pre-rendered page in the visitor’s language and theme', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/keys' })).body).toContain('<title>spa</title>')
    const login = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'prefs=my.dark' } })
    expect(login.statusCode).toBe(200)
    expect(login.body).toContain('login my dark')
  })

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('never answers an unknown API path or a POST with the app', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ status: 'error' })
    expect((await t.app.inject({ method: 'POST', url: '/keys' })).statusCode).toBe(404)
  })
})
