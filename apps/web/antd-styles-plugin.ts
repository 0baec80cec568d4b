import { type Plugin, parseAst } from 'vite'

// In the browser antd never computes its component styles: they come from its build-time stylesheet
// (src/theme/antd.css) and app/Root.tsx sets `zeroRuntime`, so a component's style hook returns before
// calling the function that writes its CSS. Those functions (`genButtonStyle` and the like, a third of
// antd's code) would still be downloaded and parsed on every first load. This plugin hands each style
// hook an empty writer in the browser build, so the bundler drops the writers as unused. What a hook
// still does — setting the component's CSS variables from its default tokens — is untouched, and the
// build-time render of the sign-in pages (the SSR build, which does write styles) keeps them whole.

/** antd's per-component style modules: `antd/es/<component>/style/<part>.js`. */
const STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/][\w-]+[\\/]style[\\/][\w-]+\.js$/
/** antd's style-hook factories; the second argument of each is the component's CSS writer. */
const HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'])
const NO_STYLES = '() => []'

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** The source ranges of the CSS writers handed to antd's style-hook factories in this module. */
export function styleWriters(code: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  const visit = (node: Node) => {
    const callee = node.callee
    const writer = (node.arguments as unknown[] | undefined)?.[1]
    if (
      node.type === 'CallExpression' &&
      isNode(callee) &&
      callee.type === 'Identifier' &&
      HOOK_FACTORIES.has(callee.name as string) &&
      isNode(writer)
    )
      ranges.push([writer.start, writer.end])
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) if (isNode(child)) visit(child)
      if (isNode(value)) visit(value)
    }
  }
  visit(parseAst(code) as unknown as Node)
  return ranges
}

/** `code` with every CSS writer handed to a style-hook factory replaced by one that writes nothing. */
export function withoutStyleWriters(code: string): string | null {
  const ranges = styleWriters(code).sort((a, b) => b[0] - a[0])
  if (ranges.length === 0) return null
  let out = code
  for (const [start, end] of ranges) out = out.slice(0, start) + NO_STYLES + out.slice(end)
  return out
}

export function antdStylesAtBuildTime(): Plugin {
  return {
    name: 'antd-styles-at-build-time',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !STYLE_MODULE.test(id)) return null
      const code2 = withoutStyleWriters(code)
      return code2 === null ? null : { code: code2, map: null }
    },
  }
}
