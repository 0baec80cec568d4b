import path from 'node:path'
import type { Plugin } from 'vite'
import * as contract from '../../packages/contract/src/index.ts'

const VIRTUAL_ID = '\0app-contract-browser'
const browserModule = path.resolve(import.meta.dirname, '../../packages/contract/src/browser.ts')

function isEndpoint(value: unknown): value is contract.EndpointSpec {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value
}

/**
 * In the production build, `@app/contract` becomes its zod-free part (rules, texts, limits, helpers)
 * plus a plain `{method, path, roles}` descriptor of every endpoint, generated here from the contract
 * itself. The browser never parses with the schemas (forms run the same checks from fields.ts), so
 * neither zod nor the schemas ship to it; the type checker still sees the whole contract, and a web
 * file that used a schema at run time would fail the build with a missing export.
 */
export function contractForBrowser(): Plugin {
  return {
    name: 'contract-for-browser',
    enforce: 'pre',
    apply: 'build',
    resolveId(id) {
      return id === '@app/contract' ? VIRTUAL_ID : null
    },
    load(id) {
      if (id !== VIRTUAL_ID) return null
      const lines = [`export * from ${JSON.stringify(browserModule)}`]
      for (const [name, value] of Object.entries(contract)) {
        if (!isEndpoint(value)) continue
        const { method, path: route, roles } = value
        lines.push(`export const ${name} = ${JSON.stringify({ method, path: route, roles })}`)
      }
      return lines.join('\n')
    },
  }
}
