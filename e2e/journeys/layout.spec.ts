import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { ADMIN, dismissSplash, signInByApi } from '../support.ts'

// docs/requirements.md §2.7 and §18.6: the customer sidebar is 249 px wide and folds to 50 px at 1200 px and below; the
// back office's folds at 900 px and below.

const sidebarWidth = (page: Page) =>
  page.locator('.ant-layout-sider').evaluate((el) => Math.round(el.getBoundingClientRect().width))

test('the customer sidebar folds at 1200 px and below, and the back-office sidebar at 900 px and below', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInByApi(page, ADMIN.email, ADMIN.password)
  await page.goto('/')
  await dismissSplash(page)
  expect(await sidebarWidth(page)).toBe(249)

  await page.setViewportSize({ width: 1201, height: 800 })
  await expect.poll(() => sidebarWidth(page)).toBe(249)
  await page.setViewportSize({ width: 1200, height: 800 })
  await expect.poll(() => sidebarWidth(page)).toBe(50)
  // Folded by the width, the whole menu opens over the page (which keeps its width) and closes on
  // navigation.
  await page.getByRole('button', { name: 'Expand menu' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('link', { name: 'Billing' })).toBeVisible()
  expect(await sidebarWidth(page)).toBe(50)

  // On a 390 px phone the page keeps all but the 50 px rail, with the menu open and after a choice.
  await page.setViewportSize({ width: 390, height: 800 })
  await expect(drawer.getByRole('link', { name: 'Keys' })).toBeVisible()
  await drawer.getByRole('link', { name: 'Keys' }).click()
  await expect(page).toHaveURL(/\/keys$/)
  await expect(drawer).toBeHidden()
  expect(await sidebarWidth(page)).toBe(50)
  const content = page.locator('.ant-layout-content')
  await expect
    .poll(() => content.evaluate((el) => Math.round(el.getBoundingClientRect().width)))
    .toBeGreaterThanOrEqual(325)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/administrator/overview')
  await page.setViewportSize({ width: 901, height: 800 })
  await expect.poll(() => sidebarWidth(page)).toBe(249)
  await page.setViewportSize({ width: 900, height: 800 })
  await expect.poll(() => sidebarWidth(page)).toBe(50)
})

// ARCHITECTURE.md "Front end", point 8: antd's styles come from its stylesheet made at build time;
// nothing of antd's is written into the page at runtime but each component's CSS variables.
test('antd writes no component styles into the page at runtime', async ({ page }) => {
  await signInByApi(page, ADMIN.email, ADMIN.password)
  await page.goto('/keys')
  await dismissSplash(page)
  await expect(page.getByRole('table')).toBeVisible()
  // antd's icon reset runs even with `zeroRuntime`; it writes nothing only because the stylesheet's
  // cssinjs map lists its styles as present. Written at runtime, outside the `antd` cascade layer, it
  // would beat the button's own rule and lift every icon button's icon 2 px above the middle.
  const icon = page.locator('header .ant-btn-icon .anticon').first()
  expect(await icon.evaluate((el) => getComputedStyle(el).verticalAlign)).toBe('middle')
  const runtimeStyles = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent ?? '')
      .filter((t) => /(?:^|[}\s,])\.(?:anticon|ant-[a-z-]+)\s*\{/.test(t)),
  )
  expect(runtimeStyles).toEqual([])
})
