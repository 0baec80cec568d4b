import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { ANTD_CSS_PARTS, antdCssParts, splitTopLevelRules } from '../../antd-css-parts-plugin.ts'

// antd's build-time stylesheet is loaded in parts, each parsed by the browser in a task of its own
// (antd-css-parts-plugin.ts). What must hold: together the parts are antd's stylesheet exactly, in
// order, each in the `antd` layer, and main.tsx loads every part before the app starts.

const web = path.resolve(import.meta.dirname, '../..')
const antdCss = readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8')

function part(n: number): string {
  const load = antdCssParts().load as Exclude<Plugin['load'], undefined | { handler: unknown }>
  return load.call({} as never, path.join(web, `src/theme/antd.css?part=${n}`)) as string
}

describe('splitting a stylesheet at its top-level rules', () => {
  it('cuts only where a top-level rule ends, whatever braces a block or a string holds', () => {
    const css = '.a{color:red}@media (min-width:1px){.b{color:blue}.c{x:1}}.d::after{content:"}{"}.e{y:2}'
    const parts = splitTopLevelRules(css, 3)
    expect(parts).toHaveLength(3)
    expect(parts.join('')).toBe(css)
    for (const piece of parts) expect(piece).toMatch(/}$/)
    expect(parts.some((piece) => piece.startsWith('.b') || piece.startsWith('.c') || piece.startsWith('{'))).toBe(false)
  })
})

describe("antd's stylesheet in parts", () => {
  it("are antd's whole stylesheet, in order, each in the antd layer and of about equal size", () => {
    const parts = Array.from({ length: ANTD_CSS_PARTS }, (_, i) => part(i + 1))
    const bodies = parts.map((text) => {
      expect(text.startsWith('@layer antd {\n')).toBe(true)
      expect(text.endsWith('\n}\n')).toBe(true)
      return text.slice('@layer antd {\n'.length, -'\n}\n'.length)
    })
    expect(bodies.join('')).toBe(antdCss)
    for (const body of bodies) expect(body.length).toBeLessThan((antdCss.length / ANTD_CSS_PARTS) * 1.2)
    // antd's icon reset writes nothing only when it finds cssinjs's map of the styles present
    // (bench/README.md "antd's stylesheet cut by component"): the map must be in a part.
    expect(bodies.at(-1)).toContain('.data-ant-cssinjs-cache-path')
  })

  it('has no part beyond the last', () => {
    expect(() => part(ANTD_CSS_PARTS + 1)).toThrow(/parts 1 to/)
  })

  it('are all loaded by main.tsx, in order, before the app starts', () => {
    const main = readFileSync(path.join(web, 'src/main.tsx'), 'utf8')
    const loaded = [...main.matchAll(/import\('\.\/theme\/antd\.css\?part=(\d+)'\)/g)].map((m) => Number(m[1]))
    expect(loaded).toEqual(Array.from({ length: ANTD_CSS_PARTS }, (_, i) => i + 1))
    expect(main).toMatch(/Promise\.all\(\[import\('\.\/app\/start\.tsx'\), \.\.\.styles\]\)/)
    expect(readFileSync(path.join(web, 'vite.config.ts'), 'utf8')).toContain('antdCssParts()')
  })
})
