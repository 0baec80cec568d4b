import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { antdCssParts } from './antd-css-parts-plugin.ts'
import { antdStylesAtBuildTime } from './antd-styles-plugin.ts'
import { antdUnusedParts } from './antd-unused-parts-plugin.ts'
import { chunkLayers } from './chunk-layers-plugin.ts'
import { contractForBrowser } from './contract-plugin.ts'

// The SPA is served by the account server in production (`npm start`); in development Vite proxies
// the API to a server on API_PORT (default 3000).
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`

/** rc-form's entry module, free of side effects (see the build options below). */
export const RC_FORM_INDEX = { test: /@rc-component[\\/]form[\\/]es[\\/]index\.js$/, sideEffects: false }
/** rc-table's virtual table, free of side effects: its module builds the component at load (`genVirtualTable()`). */
export const RC_VIRTUAL_TABLE = {
  test: /@rc-component[\\/]table[\\/]es[\\/]VirtualTable[\\/]index\.js$/,
  sideEffects: false,
}

const layers = chunkLayers(path.join(import.meta.dirname, 'vite.config.ts'))

export default defineConfig({
  plugins: [contractForBrowser(), antdCssParts(), antdStylesAtBuildTime(), antdUnusedParts(), react(), layers.plugin],
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // rc-form's index attaches Field, List and useForm to its default export, so the bundler keeps all
      // of them (and the validator, 13 kB gzip) wherever anything of it is imported: antd's dropdowns
      // and menus import its FormProvider alone. Marked free of side effects, it is left out where
      // only that is used (the customer frame: -12 kB; bench/README.md "Fewer chunks"). rc-table's virtual
      // table module calls a function at load, so its body and rc-virtual-list stayed in every table
      // (antd's virtual table is left out: antd-unused-parts-plugin.ts).
      treeshake: { moduleSideEffects: [RC_FORM_INDEX, RC_VIRTUAL_TABLE] },
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
