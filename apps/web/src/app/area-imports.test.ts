import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The web's areas import one way (ARCHITECTURE.md "Frames"): the back office may show the customer's
// widgets, never the reverse, and the shared layers (ui, api, lib) know no screen. Test files count
// too, except the test helpers, which build whole screens.

const SRC = resolve(import.meta.dirname, '..')
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** Which areas an area must not import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  features: ['admin'],
  ui: ['features', 'admin'],
  api: ['features', 'admin'],
  lib: ['features', 'admin'],
}

const areaOf = (path: string) => relative(SRC, path).split('/')[0] ?? ''

/** "file imports spec" for each import that crosses into a forbidden area. */
function wrongWay(files: { path: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { path, text } of files) {
    const forbidden = FORBIDDEN[areaOf(path)] ?? []
    for (const match of text.matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2]) as string
      if (forbidden.includes(areaOf(resolve(dirname(path), spec)))) found.push(`${relative(SRC, path)} imports ${spec}`)
    }
  }
  return found
}

function sources() {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((entry) => /\.tsx?$/.test(entry))
    .map((entry) => join(SRC, entry))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
}

describe('the web areas’ imports', () => {
  it('run one way: admin → features → ui/api/lib, never back', () => {
    expect(wrongWay(sources())).toEqual([])
  })

  it('would name a customer screen importing the back office, and a ui piece importing a screen', () => {
    const files = [
      { path: join(SRC, 'features/keys/KeysPage.tsx'), text: "import { X } from '../../admin/keys/keys.api.ts'" },
      { path: join(SRC, 'ui/ListFrame.tsx'), text: "const m = import('../features/keys/KeyForm.tsx')" },
      {
        path: join(SRC, 'admin/keys/UserKeysPage.tsx'),
        text: "import { KeyForm } from '../../features/keys/KeyForm.tsx'",
      },
    ]
    expect(wrongWay(files)).toEqual([
      'features/keys/KeysPage.tsx imports ../../admin/keys/keys.api.ts',
      'ui/ListFrame.tsx imports ../features/keys/KeyForm.tsx',
    ])
  })
})
