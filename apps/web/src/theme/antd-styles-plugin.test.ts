import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { styleWriters, withoutStyleWriters } from '../../antd-styles-plugin.ts'
import viteConfig from '../../vite.config.ts'

const antdFile = (file: string) => readFileSync(createRequire(import.meta.url).resolve(`antd/es/${file}`), 'utf8')

describe('the browser build without antd style writers', () => {
  it("hands each style hook an empty writer and keeps its default tokens (the component's CSS variables)", () => {
    const code = [
      "import { genStyleHooks, genSubStyleComponent } from '../../theme/internal';",
      'const genButtonStyle = token => ({ [token.componentCls]: { display: "inline-flex" } });',
      'export const prepareComponentToken = token => ({ paddingInline: token.padding });',
      "export default genStyleHooks('Button', token => [genButtonStyle(token)], prepareComponentToken, { unitless: {} });",
      "export const Compact = genSubStyleComponent(['Button', 'compact'], genButtonStyle, prepareComponentToken);",
    ].join('\n')
    const out = withoutStyleWriters(code)
    expect(out).toContain("genStyleHooks('Button', () => [], prepareComponentToken, { unitless: {} })")
    expect(out).toContain("genSubStyleComponent(['Button', 'compact'], () => [], prepareComponentToken)")
    expect(out?.match(/genButtonStyle\(/g)).toBeNull()
  })

  it("finds the writer in antd's own style modules, and leaves a module without one alone", () => {
    expect(styleWriters(antdFile('button/style/index.js'))).toHaveLength(1)
    expect(styleWriters(antdFile('table/style/index.js'))).toHaveLength(1)
    expect(withoutStyleWriters('export const x = 1')).toBeNull()
  })

  it('is part of the browser build', () => {
    const plugins = (viteConfig as { plugins: Plugin[] }).plugins
    expect(plugins.map((plugin) => plugin.name)).toContain('antd-styles-at-build-time')
  })
})
