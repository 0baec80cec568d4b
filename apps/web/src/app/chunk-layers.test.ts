import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { layersOf } from '../../chunk-layers-plugin.ts'
import viteConfig from '../../vite.config.ts'

const ROOT = '/app'

/** A chunk of a first-pass build: its file, its modules (paths under ROOT) and the files it imports. */
const chunk = (
  name: string,
  modules: string[],
  imports: string[] = [],
  kind: { entry?: boolean; lazy?: boolean } = {},
) => ({
  name,
  moduleIds: modules.map((m) => `${ROOT}/${m}`),
  imports,
  facadeModuleId: kind.entry || kind.lazy ? `${ROOT}/${modules.at(-1)}` : null,
  isEntry: Boolean(kind.entry),
  isDynamicEntry: Boolean(kind.lazy),
})

// The app as the bundler alone would cut it: an entry, the start, the three frames and a few pages.
const chunks = [
  chunk('main.js', ['src/main.tsx'], [], { entry: true }),
  chunk('start.js', ['src/app/router.tsx', 'src/app/start.tsx'], ['react.js'], { lazy: true }),
  chunk('react.js', ['node_modules/react-dom/index.js']),
  chunk('auth.js', ['src/features/auth/AuthLayout.tsx'], ['react.js', 'form.js'], { lazy: true }),
  chunk('login.js', ['src/features/auth/LoginPage.tsx'], ['form.js'], { lazy: true }),
  chunk('customer.js', ['src/features/shell/CustomerLayout.tsx'], ['menu.js', 'popover.js', 'form.js'], {
    lazy: true,
  }),
  chunk('admin.js', ['src/admin/shell/AdminArea.tsx'], ['menu.js'], { lazy: true }),
  chunk('keys.js', ['src/features/keys/KeysPage.tsx'], ['popover.js', 'table.js'], { lazy: true }),
  chunk('audit.js', ['src/admin/audit/AuditLogPage.tsx'], ['popover.js', 'table.js'], { lazy: true }),
  // Needed by both signed-in frames.
  chunk('menu.js', ['node_modules/antd/es/menu/index.js']),
  // Needed by the customer frame, and by a back-office page (not its frame).
  chunk('popover.js', ['node_modules/antd/es/popover/index.js']),
  // Needed by the customer frame and by the sign-in page.
  chunk('form.js', ['node_modules/antd/es/form/index.js']),
  // Needed by pages only.
  chunk('table.js', ['node_modules/antd/es/table/index.js']),
]

describe('the frames’ chunks merged', () => {
  const layers = layersOf(chunks, ROOT)
  const layer = (module: string) => layers.get(`${ROOT}/${module}`)

  it('puts what the start loads in one chunk, and leaves the entry alone', () => {
    expect(layer('src/app/start.tsx')).toBe('app')
    expect(layer('src/app/router.tsx')).toBe('app')
    expect(layer('node_modules/react-dom/index.js')).toBe('app')
    expect(layer('src/main.tsx')).toBeUndefined()
  })

  it('groups a frame’s chunks by the frames that need them and the other areas that use them', () => {
    expect(layer('src/features/shell/CustomerLayout.tsx')).toBe('frame-customer')
    expect(layer('src/admin/shell/AdminArea.tsx')).toBe('frame-admin')
    expect(layer('node_modules/antd/es/menu/index.js')).toBe('frame-admin+customer')
    // The customer frame's pages need all of it; a back-office page gets what the frame needed besides.
    expect(layer('node_modules/antd/es/popover/index.js')).toBe('frame-customer-with-admin')
  })

  it('never makes a sign-in page load a frame’s chunk it did not need, nor groups a page’s own chunks', () => {
    // form.js is needed by the sign-in frame and the customer frame, and used by the sign-in page: the
    // sign-in frame's group would carry the customer frame's modules, so the bundler keeps placing it.
    expect(layer('node_modules/antd/es/form/index.js')).toBe('frame-auth+customer')
    expect(layer('src/features/auth/AuthLayout.tsx')).toBe('frame-auth')
    expect(layer('node_modules/antd/es/table/index.js')).toBeUndefined()
    expect(layer('src/features/keys/KeysPage.tsx')).toBeUndefined()
    expect(layer('src/features/auth/LoginPage.tsx')).toBeUndefined()
  })

  // A sign-in or customer page would load, with the frame's chunk it uses, modules it never needed.
  it.each([
    ['the sign-in page uses beside the customer frame', 'customer.js', 'login.js'],
    ['a customer page uses beside the back office’s frame', 'admin.js', 'keys.js'],
  ])('leaves out a frame’s chunk that %s', (_, frame, page) => {
    const withIcon = [
      ...chunks.map((c) => (c.name === frame || c.name === page ? { ...c, imports: [...c.imports, 'icon.js'] } : c)),
      chunk('icon.js', ['node_modules/@ant-design/icons/KeyOutlined.js']),
    ]
    expect(layersOf(withIcon, ROOT).get(`${ROOT}/node_modules/@ant-design/icons/KeyOutlined.js`)).toBeUndefined()
  })

  it('is part of the build', () => {
    const plugins = (viteConfig as { plugins: Plugin[] }).plugins
    expect(plugins.map((plugin) => plugin.name)).toContain('app:chunk-layers')
  })
})
