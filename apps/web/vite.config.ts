import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { contractForBrowser } from './contract-plugin.ts'

// The SPA is served by the account server in production (`npm start`); in development Vite proxies
// the API to a server on API_PORT (default 3000).
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`

export default defineConfig({
  plugins: [contractForBrowser(), react()],
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/v1': api, '/files': api, '/docs': api, '/openapi.json': api },
  },
})
