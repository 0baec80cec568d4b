import { createCache, StyleProvider } from '@ant-design/cssinjs'
import { act, render, screen, waitFor } from '@testing-library/react'
import { Button } from 'antd'
import { useEffect } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, onTestFinished } from 'vitest'
import { customerLangPref, themePref } from './prefs.ts'
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

function renderRoot(page = <Button>Save</Button>) {
  container = document.createElement('div')
  document.head.append(container)
  const router = createMemoryRouter([{ element: <Root />, children: [{ path: '/', element: page }] }])
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

  // antd wraps the page in its locale provider only when it has a locale; with none for English, the
  // switch to Burmese changed the tree's shape and React mounted the whole page anew (the profile menu
  // closed under the customer's pointer, typed text was lost).
  it('keeps the page mounted when the language changes', async () => {
    customerLangPref.set('en')
    let mounts = 0
    function Page() {
      useEffect(() => {
        mounts++
      }, [])
      return <Button>Save</Button>
    }
    renderRoot(<Page />)
    await screen.findByRole('button', { name: 'Save' })
    act(() => customerLangPref.set('my'))
    await waitFor(() => expect(document.documentElement.lang).toBe('my'))
    // Burmese antd texts arrive with their module; give it time to land.
    await act(() => import('antd/es/locale/my_MM'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(mounts).toBe(1)
  })
})
