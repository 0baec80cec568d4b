import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The features' dependencies run one way (ARCHITECTURE.md "Feature dependencies"): a module may import
// another only if that one does not import it back, directly or through others. What two features
// share lives in src/lib/. Type-only imports count: they tie the two features together all the same.

const MODULES = resolve(import.meta.dirname, '../src/modules')
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g

function moduleOf(path: string): string | null {
  const rel = relative(MODULES, path)
  return rel.startsWith('..') ? null : (rel.split('/')[0] ?? null)
}

/** Each feature module and the other feature modules its (non-test) files import. */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const entry of readdirSync(MODULES, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue
    const file = join(MODULES, entry)
    const from = moduleOf(file)
    if (!from) continue
    const edges = graph.get(from) ?? new Map<string, string>()
    graph.set(from, edges)
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(resolve(dirname(file), spec as string))
      if (to && to !== from && !edges.has(to)) edges.set(to, `modules/${entry} imports ${spec}`)
    }
  }
  return graph
}

/** One cycle as "a → b → … → a" with the import behind each step, or null. */
function findCycle(graph: Map<string, Map<string, string>>): string | null {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): string | null => {
    state.set(node, 'open')
    path.push(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const loop = [...path.slice(path.indexOf(next)), next]
        return loop
          .slice(1)
          .map((to, i) => `${loop[i]} → ${to} (${graph.get(loop[i] as string)?.get(to)})`)
          .join('\n')
      }
      if (!state.has(next)) {
        const found = visit(next)
        if (found) return found
      }
    }
    path.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue
    const found = visit(node)
    if (found) return found
  }
  return null
}

describe('feature modules', () => {
  it('import each other one way only (no cycle)', () => {
    const graph = featureGraph()
    expect(graph.size).toBeGreaterThan(20)
    expect(findCycle(graph)).toBeNull()
  })

  it('the check sees a cycle when there is one', () => {
    const graph = new Map([
      ['auth', new Map([['users', 'a']])],
      ['users', new Map([['audit', 'b']])],
      ['audit', new Map([['auth', 'c']])],
    ])
    expect(findCycle(graph)).toBe('audit → auth (c)\nauth → users (a)\nusers → audit (b)')
  })
})
