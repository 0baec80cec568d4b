import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { antdStylesAtBuildTime } from './antd-styles-plugin.ts'
import { chunkLayers } from './chunk-layers-plugin.ts'
import { contractForBrowser } from './contract-plugin.ts'

// The SPA is served by the account server in production (`npm start`); in development Vite proxies
// the API to a server on API_PORT (default 3000).
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`

const layers = chunkLayers(path.join(import.meta.dirname, 'vite.config.ts'))

export default defineConfig({
  plugins: [contractForBrowser(), antdStylesAtBuildTime(), react(), layers.plugin],
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // The core English messages ship with the first load on their own; left to itself the bundler
        // would put them in the full catalog's chunk and the sign-in page would load all of it. Then
        // the chunks the frames load anyway, merged (chunk-layers-plugin.ts).
        codeSplitting: {
          groups: [{ name: 'messages-core', test: /messages[\\/]en-core\.ts$/, priority: 1 }, ...layers.groups],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/v1': api, '/files': api, '/docs': api, '/openapi.json': api },
  },
})
