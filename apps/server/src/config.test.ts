import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

const SECRET = 'x'.repeat(32)
const GATEWAY = 'g'.repeat(32)

describe('configuration', () => {
  it('has working defaults outside production', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' })
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      smtpUrl: null,
      sessionTtlHours: 168,
      trustProxy: false,
      corsOrigins: [],
    })
    expect(config.secret.length).toBeGreaterThanOrEqual(32)
  })

  it('refuses to start in production without a secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: 'memory://' })).toThrow(/APP_SECRET is required/)
  })

  it('refuses a short secret', () => {
    expect(() => loadConfig({ APP_SECRET: 'short', DATA_DIR: 'memory://' })).toThrow(/at least 32 characters/)
  })

  it('reads the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: SECRET,
      PORT: '8080',
      PUBLIC_URL: 'https://portal.example.com/',
      DATABASE_URL: 'postgres://db/portal',
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      SESSION_TTL_HOURS: '12',
      GATEWAY_TOKEN: GATEWAY,
    })
    expect(config).toMatchObject({
      isProduction: true,
      secret: SECRET,
      port: 8080,
      publicUrl: 'https://portal.example.com',
      databaseUrl: 'postgres://db/portal',
      trustProxy: 1,
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      sessionTtlHours: 12,
      gatewayToken: GATEWAY,
    })
  })

  it('refuses to start in production without a gateway token, or with a short one', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: SECRET, DATA_DIR: 'memory://' }
    expect(() => loadConfig(production)).toThrow(/GATEWAY_TOKEN is required/)
    expect(() => loadConfig({ ...production, GATEWAY_TOKEN: 'too-short' })).toThrow(/GATEWAY_TOKEN/)
  })

  it('gives a development gateway token outside production', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).gatewayToken).toBe('dev-gateway-token')
  })

  it('names the maps API customers call, and lets the portal’s pages reach it', () => {
    const local = loadConfig({ DATA_DIR: 'memory://' })
    expect(local.mapsApiUrl).toBe('http://127.0.0.1:8080')
    expect(local.maps.tileOrigins).toContain('http://127.0.0.1:8080')
    const hosted = loadConfig({ DATA_DIR: 'memory://', MAPS_API_URL: 'https://api.maps.example.com/v2/' })
    expect(hosted.mapsApiUrl).toBe('https://api.maps.example.com/v2')
    expect(hosted.maps.tileOrigins).toEqual(['https://api.maps.example.com'])
    expect(() => loadConfig({ DATA_DIR: 'memory://', MAPS_API_URL: 'javascript:alert(1)' })).toThrow(/MAPS_API_URL/)
  })

  it('explains what is wrong with an invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: 'memory://' })).toThrow(/Invalid configuration:\s+PORT/)
    expect(() => loadConfig({ SESSION_TTL_HOURS: '0', DATA_DIR: 'memory://' })).toThrow(/SESSION_TTL_HOURS/)
  })
})
