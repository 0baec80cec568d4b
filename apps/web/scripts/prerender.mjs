// After `vite build`: renders the public sign-in pages into dist/prerender/<page>.<lang>.<theme>.html
// (the server picks the variant from the `prefs` cookie the app keeps), so the first paint of
// /login needs no JavaScript. The pre-rendered page is `inert` until the app has rendered over it,
// so nothing typed into it before then is lost. Runs the server-side build of src/prerender.tsx.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'dist')
const ssrOut = path.join(root, 'dist-prerender')

export const PRERENDERED_PAGES = ['/login', '/register', '/forgot-password', '/send-verify']
const LANGS = ['en', 'my']
const THEMES = ['light', 'dark']

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, ssrManifest: false },
  // Bundled whole: antd's ESM build uses extension-less imports that Node's resolver refuses.
  ssr: { noExternal: true },
})
const { prerender } = await import(path.join(ssrOut, 'prerender.js'))
const template = await readFile(path.join(dist, 'index.html'), 'utf8')
const out = path.join(dist, 'prerender')
await rm(out, { recursive: true, force: true })
await mkdir(out, { recursive: true })

let count = 0
for (const page of PRERENDERED_PAGES) {
  for (const lang of LANGS) {
    for (const theme of THEMES) {
      const { html, styles } = await prerender(page, { lang, theme })
      const document = template
        .replace('<html lang="en">', `<html lang="${lang}" data-theme="${theme}" style="color-scheme: ${theme}">`)
        .replace('</head>', `${styles}</head>`)
        .replace('<div id="root"></div>', `<div id="root" inert>${html}</div>`)
      await writeFile(path.join(out, `${page.slice(1)}.${lang}.${theme}.html`), document)
      count++
    }
  }
}
await rm(ssrOut, { recursive: true, force: true })
console.log(`prerendered ${count} pages into dist/prerender`)
