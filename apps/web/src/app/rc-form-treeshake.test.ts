import path from 'node:path'
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { RC_FORM_INDEX } from '../../vite.config.ts'

// antd's dropdowns and menus import rc-form's FormProvider alone; rc-form's index attaches its Field,
// List and useForm to its default export, so without the build's side-effect rule every frame carried
// them and their validator (vite.config.ts).

/** The code a production build of a module that uses rc-form's FormProvider alone ships. */
async function bundle(moduleSideEffects?: (typeof RC_FORM_INDEX)[]) {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: path.resolve(import.meta.dirname, '../..'),
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? '\0entry' : null),
        load: (id) =>
          id === '\0entry'
            ? "import { FormProvider } from '@rc-component/form'; globalThis.provider = FormProvider"
            : null,
      },
    ],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: 'entry', ...(moduleSideEffects ? { treeshake: { moduleSideEffects } } : {}) },
    },
  })) as Rolldown.RolldownOutput
  return output.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n')
}

describe('rc-form in the browser build', { timeout: 60_000 }, () => {
  it('ships only its FormProvider where nothing else of it is used', async () => {
    const code = await bundle([RC_FORM_INDEX])
    expect(code).toContain('FormProvider')
    expect(code).not.toContain('validateRules')
    expect(code).not.toContain('@rc-component/async-validator')
  })

  it('would ship its fields and validator without the rule', async () => {
    expect(await bundle()).toContain('validateRules')
  })
})
