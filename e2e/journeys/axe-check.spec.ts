import { expect, test } from '../fixtures.ts'
import { lastingViolations, seriousViolations } from '../support.ts'

// The accessibility check every journey relies on finds what it must: a page with a serious and a
// critical violation is reported by both reads (support.ts), and a clean page is not.
test.use({ checkEveryPage: false })

test('the axe-core check reports faint text and an image without a name, and passes a clean page', async ({ page }) => {
  await page.goto('/readyz')
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
    <p style="color:#d0d0d0;background:#ffffff">Faint text nobody can read</p><img src="/nothing.png"></main></body></html>`)
  for (const found of [await seriousViolations(page), await lastingViolations(page, 100)]) {
    expect(
      found.some((line) => line.startsWith('color-contrast (serious)')),
      found.join('\n'),
    ).toBe(true)
    expect(
      found.some((line) => line.startsWith('image-alt (critical)')),
      found.join('\n'),
    ).toBe(true)
  }
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
    <p style="color:#222;background:#fff">Text anyone can read</p><img src="/nothing.png" alt="Nothing"></main></body></html>`)
  expect(await seriousViolations(page)).toEqual([])
})
