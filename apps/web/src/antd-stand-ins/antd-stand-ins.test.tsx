import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { build, type Plugin, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { antdUnusedParts } from '../../antd-unused-parts-plugin.ts'
import viteConfig, { RC_VIRTUAL_TABLE } from '../../vite.config.ts'
import CardTabs from './card-tabs.ts'
import PaginationSelect from './pagination-select.tsx'
import FilterDropdown, { flattenKeys } from './table-filter-dropdown.ts'
import useSelection, { SELECTION_ALL, SELECTION_COLUMN } from './table-selection.ts'
import VirtualTable from './table-virtual.ts'
import Editable from './typography-editable.ts'
import UploadList from './upload-list.ts'

// The browser build replaces the parts of antd the portal does not use with these stand-ins
// (antd-unused-parts-plugin.ts). What they must do: what antd does when the part is not asked for,
// and fail loudly when it is.

const web = path.resolve(import.meta.dirname, '../..')

describe("antd's stand-ins", () => {
  it('select nothing and drop a stray selection column when a table has no rowSelection', () => {
    const [transform, selected] = useSelection({}, undefined)
    const columns = [{ key: 'name' }, SELECTION_COLUMN, { key: 'status' }]
    expect(transform(columns)).toEqual([{ key: 'name' }, { key: 'status' }])
    expect(selected.size).toBe(0)
    expect(SELECTION_ALL).toBe('SELECT_ALL')
  })

  it('refuse a rowSelection, a column filter, a virtual table, a card tab list, an upload list and an edited text, naming what was asked for', () => {
    expect(() => useSelection({}, { type: 'checkbox' })).toThrow(/rowSelection is left out of this build/)
    expect(() => FilterDropdown()).toThrow(/filters \(filters, filterDropdown\) is left out/)
    expect(() => VirtualTable()).toThrow(/virtual table/)
    expect(() => CardTabs()).toThrow(/tabList/)
    expect(() => UploadList()).toThrow(/showUploadList/)
    expect(() => Editable()).toThrow(/editable/)
  })

  it("draw antd's own Select for a pager's size changer once its code is here", async () => {
    render(
      createElement(PaginationSelect, {
        'aria-label': 'Page size',
        value: 20,
        options: [{ value: 20, label: '20 / page' }],
      }),
    )
    expect(await screen.findByRole('combobox', { name: 'Page size' })).toBeTruthy()
    expect(screen.getByText('20 / page')).toBeTruthy()
  })

  it("flatten nested filter values as antd's own helper does", () => {
    expect(
      flattenKeys([{ value: 'a', children: [{ value: 'b' }, { value: 'c', children: [{ value: 'd' }] }] }]),
    ).toEqual(['a', 'b', 'c', 'd'])
    expect(flattenKeys(undefined)).toEqual([])
  })
})

/** Every source file of the app, tests and the stand-ins aside. */
function appSources(dir = path.join(web, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'antd-stand-ins' ? [] : appSources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

describe("the app's screens", () => {
  it('ask for none of the parts the build leaves out', () => {
    const asking =
      /\browSelection\b|\beditable\b|\bfilterDropdown\b|\bonFilter\b|\bfilteredValue\b|\bfilters\s*:\s*\[|\btabList\b|<Table\b[^>]*\svirtual\b/
    const offenders = appSources().filter((file) => asking.test(readFileSync(file, 'utf8')))
    expect(offenders.map((file) => path.relative(web, file))).toEqual([])
  })

  it("take antd's text fields one by one from ui/inputs.ts, not its Input namespace with every kind of field", () => {
    const namespace = /import\s*\{[^}]*(?<![\w.])Input(?![\w.])[^}]*\}\s*from\s*'antd'/
    const offenders = appSources().filter((file) => namespace.test(readFileSync(file, 'utf8')))
    expect(offenders.map((file) => path.relative(web, file))).toEqual([])
    // The scan itself: it must see the namespace in an import spread over several lines.
    expect(namespace.test("import {\n  Button,\n  Input,\n  type MenuProps,\n} from 'antd'")).toBe(true)
    expect(namespace.test("import { InputNumber, type InputRef } from 'antd'")).toBe(false)
  })

  it('draw no upload with its file list', () => {
    const uploads = appSources().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<Upload\b[^>]*>/g)].map((tag) => ({ file, tag: tag[0] })),
    )
    expect(uploads.length).toBeGreaterThan(0)
    expect(uploads.filter(({ tag }) => !tag.includes('showUploadList={false}')).map(({ file }) => file)).toEqual([])
  })
})

/** The code a production build of a module using antd's Table, Card and Pagination loads at once. */
async function bundle(withPlugin: boolean) {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: web,
    plugins: [
      ...(withPlugin ? [antdUnusedParts()] : []),
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? '\0entry' : null),
        load: (id) =>
          id === '\0entry'
            ? "import { Card, Pagination, Table, Typography, Upload } from 'antd'; globalThis.parts = [Card, Pagination, Table, Typography, Upload]"
            : null,
      },
    ],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: 'entry', treeshake: { moduleSideEffects: [RC_VIRTUAL_TABLE] } },
    },
  })) as Rolldown.RolldownOutput
  const chunks = output.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
  const entry = chunks.find((chunk) => chunk.isEntry)
  const loadedAtOnce = chunks.filter((chunk) => chunk === entry || entry?.imports.includes(chunk.fileName))
  return {
    atOnce: loadedAtOnce.map((chunk) => chunk.code).join('\n'),
    onDemand: chunks
      .filter((chunk) => !loadedAtOnce.includes(chunk))
      .map((chunk) => chunk.code)
      .join('\n'),
  }
}

// A name from each left-out part's code: the filter menu's wrapper, rc-tree's check logic (selection),
// rc-table's virtual grid, rc-tabs' measuring, the upload list, the typography's editor, rc-select's option list.
const PART_NAMES = [
  'FilterDropdownMenuWrapper',
  'conductCheck',
  'ResponseGrid',
  'getTabSize',
  'InternalUploadList',
  'calculateAutoSizeStyle',
  'RefOptionList',
]

describe('the browser build', { timeout: 120_000 }, () => {
  it('runs the plugin', () => {
    const plugins = (viteConfig as { plugins: Plugin[] }).plugins
    expect(plugins.map((plugin) => plugin.name)).toContain('antd-unused-parts')
  })

  it("leaves antd's unused table, card, upload, typography and pagination parts out, and loads the size changer's Select on demand", async () => {
    const { atOnce, onDemand } = await bundle(true)
    expect(atOnce).toContain('FilterDropdown')
    for (const name of PART_NAMES) expect(atOnce).not.toContain(name)
    expect(onDemand).toContain('RefOptionList')
  })

  it('would ship every one of them with the tables without the plugin', async () => {
    const { atOnce } = await bundle(false)
    for (const name of PART_NAMES) expect(atOnce).toContain(name)
  })
})
