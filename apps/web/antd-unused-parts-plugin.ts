import path from 'node:path'
import type { Plugin } from 'vite'

// antd's Table imports its column filter menus (with antd's Tree, Menu, Checkbox, Radio and Dropdown),
// its row selection (Checkbox, Radio, rc-tree's check logic) and its virtual body whether a table uses
// them or not; its Card imports Tabs for `tabList`, its Upload its file list (with progress bars), its
// Typography a text area for `editable`, and its Pagination Select for a page-size changer: together
// about 60 kB gzip on a customer screen with a paged table (bench/README.md "antd's unused parts"). The
// portal uses none of the first six, and shows a size changer only in the back office. In the browser build each of those modules is replaced by a stand-in
// (src/antd-stand-ins/) that does what antd does when the feature is not asked for and throws if it is,
// so that a screen starting to use one fails loudly (the journeys run this build) instead of drawing
// something half-made; the size changer's Select is loaded when one is first drawn. A test also keeps
// the app's sources from asking for the left-out parts (antd-stand-ins.test.ts). To use one, remove
// its line below.

const STAND_INS = path.join(import.meta.dirname, 'src/antd-stand-ins')

/** Each replaced module of antd (as resolved), for which importer, and its stand-in. */
export const REPLACED: Array<{ module: RegExp; importer: RegExp; standIn: string }> = [
  {
    module: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    importer: /antd[\\/]es[\\/]table[\\/]/,
    standIn: 'table-filter-dropdown.ts',
  },
  {
    module: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    importer: /antd[\\/]es[\\/]table[\\/]/,
    standIn: 'table-selection.ts',
  },
  {
    module: /antd[\\/]es[\\/]table[\\/]RcTable[\\/]VirtualTable\.js$/,
    importer: /antd[\\/]es[\\/]table[\\/]/,
    standIn: 'table-virtual.ts',
  },
  {
    module: /antd[\\/]es[\\/]tabs[\\/]index\.js$/,
    importer: /antd[\\/]es[\\/]card[\\/]Card\.js$/,
    standIn: 'card-tabs.ts',
  },
  {
    module: /antd[\\/]es[\\/]upload[\\/]UploadList[\\/]index\.js$/,
    importer: /antd[\\/]es[\\/]upload[\\/]Upload\.js$/,
    standIn: 'upload-list.ts',
  },
  {
    module: /antd[\\/]es[\\/]typography[\\/]Editable\.js$/,
    importer: /antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    standIn: 'typography-editable.ts',
  },
  {
    module: /antd[\\/]es[\\/]select[\\/]index\.js$/,
    importer: /antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/,
    standIn: 'pagination-select.tsx',
  },
]

const ANTD_IMPORTER = /antd[\\/]es[\\/](table|card|pagination|upload|typography)[\\/]/

export function antdUnusedParts(): Plugin {
  return {
    name: 'antd-unused-parts',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise answer for antd's relative imports first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !ANTD_IMPORTER.test(importer) || !source.startsWith('.')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved) return null
      const rule = REPLACED.find((r) => r.module.test(resolved.id) && r.importer.test(importer))
      return rule ? path.join(STAND_INS, rule.standIn) : null
    },
  }
}
