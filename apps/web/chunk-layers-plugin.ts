import { build, type Plugin, type Rolldown } from 'vite'

// The bundler cuts the app into a chunk for every set of lazy modules that share code: the customer
// frame alone (sidebar, header, their antd components) arrived in 63 chunks, the dashboard's first
// load in 112. Every chunk boundary costs bytes (the imports and exports that tie chunks together) and
// compresses on its own, without the words its neighbours share (bench/README.md: the dashboard's
// first load was 349 kB gzip in 112 files, 314 kB as one file). This plugin merges the chunks the
// frames load anyway:
//
// 1. a first, unwritten build with the bundler's own splitting shows which chunks each frame's first
//    load needs: the app's start (every page), the sign-in frame, the customer frame and the back
//    office's frame;
// 2. the real build groups the modules of those chunks: "app" for what the start needs, else by the
//    frames that need the chunk and the other areas whose lazy modules use it ("frame-customer",
//    "frame-admin+customer", "frame-customer-with-admin", …). A sign-in or customer page therefore
//    loads only modules it loaded before, in fewer files. A chunk that a sign-in page or a customer
//    page uses beside a frame that does not hold it is left where the bundler put it; a back-office
//    page or a module loaded on demand (a chart, a dialog) may load a few modules it does not use,
//    for the same gain (the back office's overview: 417.9 -> 407.5 kB). Pages' own chunks stay as the
//    bundler cuts them.

/**
 * The app's frames: the lazy module each one starts from (app/router.tsx) and which lazy modules are
 * pages inside it, always loaded after it (by their path under src/).
 */
export const FRAMES: Record<string, { root: string; holds: RegExp }> = {
  auth: { root: 'src/features/auth/AuthLayout.tsx', holds: /^src\/features\/auth\// },
  customer: {
    root: 'src/features/shell/CustomerLayout.tsx',
    holds: /^src\/features\/(?!auth\/|errors\/|maps\/PublicMapPage\.tsx$)/,
  },
  admin: { root: 'src/admin/shell/AdminArea.tsx', holds: /^src\/admin\// },
}
const START = 'src/app/start.tsx'

interface Chunk {
  name: string
  moduleIds: string[]
  imports: string[]
  facadeModuleId: string | null
  isEntry: boolean
  isDynamicEntry: boolean
}

/**
 * Each module's group, from the chunks of a build split by the bundler alone: "app" for the modules of
 * the chunks the app's start loads (not the entry's, which the page loads before painting); else, for
 * a chunk some frame's first load needs, "frame-" with those frames and "-with-" the other areas whose
 * lazy modules need it too — unless one of those is the sign-in or the customer area. Modules of other
 * chunks are left out: the bundler places them.
 */
export function layersOf(chunks: Chunk[], root: string, frames = FRAMES): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.name, c]))
  const closure = (from: Chunk[]) => {
    const seen = new Set<Chunk>()
    const visit = (chunk: Chunk | undefined) => {
      if (!chunk || seen.has(chunk)) return
      seen.add(chunk)
      for (const file of chunk.imports) visit(byFile.get(file))
    }
    for (const chunk of from) visit(chunk)
    return seen
  }
  const local = (id: string | null) => (id?.startsWith(`${root}/`) ? id.slice(root.length + 1) : '')
  const facade = (module: string) => {
    const chunk = chunks.find((c) => local(c.facadeModuleId) === module)
    if (!chunk) throw new Error(`chunk-layers: ${module} is not a chunk of its own in the build`)
    return chunk
  }
  const entry = closure(chunks.filter((c) => c.isEntry))
  const start = closure([facade(START)])
  const needs = Object.entries(frames).map(([frame, { root }]) => [frame, closure([facade(root)])] as const)
  const lazy = chunks.filter((c) => c.isDynamicEntry).map((c) => [c, closure([c])] as const)

  const areaOf = (module: string) => Object.entries(frames).find(([, { holds }]) => holds.test(module))?.[0] ?? 'other'

  const layers = new Map<string, string>()
  for (const chunk of chunks) {
    if (entry.has(chunk)) continue
    let name = 'app'
    if (!start.has(chunk)) {
      const needed = needs.filter(([, set]) => set.has(chunk)).map(([frame]) => frame)
      if (needed.length === 0) continue
      // The other areas whose lazy modules need this chunk too: a chunk is grouped only with chunks
      // needed by the same frames *and* used by the same other areas, and never with a sign-in or
      // customer page outside the frames that hold it (they are held to a first-load budget).
      const others = new Set<string>()
      for (const [c, set] of lazy) {
        if (!set.has(chunk)) continue
        const area = areaOf(local(c.facadeModuleId))
        if (!needed.includes(area)) others.add(area)
      }
      if (others.has('auth') || others.has('customer')) continue
      name = `frame-${needed.sort().join('+')}${others.size ? `-with-${[...others].sort().join('+')}` : ''}`
    }
    for (const id of chunk.moduleIds) layers.set(id, name)
  }
  return layers
}

/** The client build's first pass (this plugin's own inner build, which must not start another). */
const FIRST_PASS = 'CHUNK_LAYERS_FIRST_PASS'

/**
 * Merges the chunks the frames need at first load (see above): `plugin` goes into the build's plugins
 * and `group` into its output's code-splitting groups; the plugin fills in the group's modules from its
 * first pass before the bundler splits the real build.
 */
export function chunkLayers(configFile: string) {
  const layers = new Map<string, string>()
  const root = import.meta.dirname
  const plugin: Plugin = {
    name: 'app:chunk-layers',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env[FIRST_PASS],
    async buildStart() {
      process.env[FIRST_PASS] = '1'
      try {
        const output = (await build({
          configFile,
          logLevel: 'silent',
          build: { write: false, manifest: false },
        })) as Rolldown.RolldownOutput
        const chunks = output.output
          .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
          .map((c) => ({ ...c, name: c.fileName }))
        for (const [id, layer] of layersOf(chunks, root)) layers.set(id, layer)
      } finally {
        delete process.env[FIRST_PASS]
      }
    },
    // Which chunk holds each of the app's own modules merged into a layer (Vite's manifest names a
    // chunk only by its first module): for the benchmark's first-load figures (bench/web.mjs).
    generateBundle(_options, bundle) {
      const held: Record<string, string[]> = {}
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && layers.has(chunk.moduleIds[0] ?? ''))
          held[chunk.fileName] = chunk.moduleIds
            .filter((id) => id.startsWith(`${root}/src/`))
            .map((id) => id.slice(root.length + 1))
      this.emitFile({ type: 'asset', fileName: '.vite/layers.json', source: `${JSON.stringify(held, null, 1)}\n` })
    },
  }
  const groups = [
    {
      name: (id: string) => layers.get(id) ?? null,
      test: (id: string) => layers.has(id),
      // A module's dependencies are in its own group or in one that every page needing it loads first
      // (a chunk's imports are needed by whatever needs the chunk), so no two groups import each
      // other. Splitting a group by package instead (React, antd, our code) made two import each
      // other, and the app did not start.
      includeDependenciesRecursively: false,
    },
  ]
  return { plugin, groups }
}
