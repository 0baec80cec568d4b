import { createCache, StyleProvider } from '@ant-design/cssinjs'
import { act, render, screen } from '@testing-library/react'
import { Button } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, onTestFinished } from 'vitest'
import { themePref } from './prefs.ts'
import { Root } from './Root.tsx'

// Each render writes its styles into a container of its own with a fresh style cache, so neither the
// styles other test files left in the shared window nor antd's memory of having written them count.
let container = document.createElement('div')
const styleText = () => [...container.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n')

/**
 * Every declaration of an antd component's rule in the page's `<style>` elements that is not a CSS
 * variable (antd's tokens). (The icons' package inserts its few `.anticon` rules itself, once.)
 */
function declarationsBesidesVariables() {
  return [...styleText().matchAll(/([^{}]*)\{([^{}]*)\}/g)]
    .filter(([, selector = '']) => selector.includes('.ant-'))
    .flatMap(([, , body = '']) => body.split(';'))
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration && !declaration.startsWith('--'))
}

function renderRoot() {
  container = document.createElement('div')
  document.head.append(container)
  const router = createMemoryRouter([{ element: <Root />, children: [{ path: '/', element: <Button>Save</Button> }] }])
  const rendered = render(
    <StyleProvider cache={createCache()} container={container}>
      <RouterProvider router={router} />
    </StyleProvider>,
  )
  onTestFinished(() => {
    rendered.unmount()
    container.remove()
  })
  return rendered
}

describe('Root', () => {
  // In the browser antd's component styles come from the stylesheet made at build time (theme/antd.css):
  // computing them on each component's first render was about half a phone's blocking time (bench/README.md).
  it('lets antd write no component styles at runtime', async () => {
    renderRoot()
    expect((await screen.findByRole('button', { name: 'Save' })).classList).toContain('ant-btn')
    expect(styleText()).toContain('.ant-btn{--ant-button-')
    expect(declarationsBesidesVariables()).toEqual([])
  })

  // The stylesheet reads CSS variables; antd still sets them for the chosen theme, so dark stays dark.
  it('still sets the theme tokens as CSS variables, for the light and the dark theme', async () => {
    themePref.set('light')
    renderRoot()
    await screen.findByRole('button', { name: 'Save' })
    expect(styleText()).toMatch(/--ant-color-bg-container:\s*#ffffff/i)
    act(() => themePref.set('dark'))
    expect(styleText()).toMatch(/--ant-color-bg-container:\s*#141414/i)
  })
})
