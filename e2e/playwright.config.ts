import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { SCALE_JOURNEYS } from './scale-journeys.ts'

// Browser journeys in Debian's Chromium (never a downloaded browser) against the real server, built
// SPA included, on a fresh in-memory PGlite database. With E2E_BASE_URL they run against a portal
// already running there instead (`npm run test:scale`: two instances behind nginx, docs/scale-out.md).
const port = Number(process.env.E2E_PORT ?? 3300)
const external = process.env.E2E_BASE_URL
export const baseURL = external ?? `http://127.0.0.1:${port}`
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' }
/**
 * The maps API's front door for the gateway journey: Debian's nginx from deploy/nginx/gateway.conf in
 * front of the sample maps API, checking keys against the portal (`npm run gateway:nginx`,
 * docs/gateway.md). The portal names it as MAPS_API_URL, so Get started calls it.
 */
export const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? port + 80)
export const MAPS_API_URL = `http://127.0.0.1:${GATEWAY_PORT}`

// Journeys that change what every journey shares: the bill run for every customer, a campaign's banner
// on every dashboard. They run one at a time; the others work with accounts of their own, and find
// their mails in the outbox by searching for them (a 200-mail notification may be going out beside them).
const shared = ['billing', 'campaigns', 'coupons'].map((name) => `**/${name}.spec.ts`)

// In CI, the journeys that `npm run test:scale` runs through the balancer on PostgreSQL run there only.
const elsewhere =
  process.env.E2E_SKIP_SCALE_JOURNEYS === '1' && !external ? SCALE_JOURNEYS.map((name) => `**/${name}.spec.ts`) : []

export default defineConfig({
  testDir: './journeys',
  // Two journeys at once share two cores with the server: a short journey can take over a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Two browsers at once: much of a journey is waiting on the server, the SPA and its timers, which a
  // second journey fills (measured in bench/README.md "Test suite time"). E2E_WORKERS=1 for one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  projects: [
    { name: 'shared', testMatch: shared, testIgnore: elsewhere, workers: 1 },
    { name: 'own', testIgnore: [...shared, ...elsewhere] },
  ],
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    // The first-login tour would cover the pages other journeys test; tour.spec.ts turns it back on.
    // The back office opens in Vietnamese (docs/requirements.md §1.2); the journeys are written against its English
    // texts and choose English, as an operator can. screens.spec.ts walks it in both languages, and
    // admin-language.spec.ts checks the Vietnamese default.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'tour.off', value: '1' },
            { name: 'adminLang', value: 'en' },
          ],
        },
      ],
    },
    // Menus and dialogs appear at once (the app honours reduced motion), so no click lands on a
    // popup that is still growing into place.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: external
    ? undefined
    : [
        {
          command: 'node --import tsx ../apps/server/src/main.ts serve',
          url: `${baseURL}/readyz`,
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: 'ignore',
          stderr: 'pipe',
          env: {
            NODE_ENV: 'test',
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: baseURL,
            // Browsers refuse an IP address as a WebAuthn RP ID: the passkey journey browses on localhost.
            PASSKEY_ORIGIN: `http://localhost:${port}`,
            DATABASE_URL: '',
            DATA_DIR: 'memory://',
            LOG_LEVEL: 'warn',
            // As behind a load balancer: the journeys' API sign-ups name their own client addresses.
            TRUST_PROXY: 'true',
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            MAPS_API_URL,
          },
        },
        {
          // Says what to install and stops when nginx is missing (.ci/run installs it).
          command: 'node --import tsx ../apps/server/src/main.ts gateway',
          // Any answer will do: without a key the front door answers 401 MISSING_KEY.
          url: `${MAPS_API_URL}/geocode`,
          reuseExistingServer: false,
          timeout: 60_000,
          // Stopped as a service manager stops it, so that it removes its verdict folder in /dev/shm.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
          stdout: 'ignore',
          stderr: 'pipe',
          env: {
            NODE_ENV: 'test',
            GATEWAY_PORT: String(GATEWAY_PORT),
            MAPS_API_PORT: String(GATEWAY_PORT + 1),
            PORTAL_URL: baseURL,
            GATEWAY_DIR: path.join(tmpdir(), `e2e-gateway-${GATEWAY_PORT}-${process.pid}`),
            LOG_LEVEL: 'warn',
          },
        },
      ],
})
