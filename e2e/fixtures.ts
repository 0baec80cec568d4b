import { test as base, expect, type Page } from '@playwright/test'
import { lastingViolations } from './support.ts'

// Issue 20: axe-core on every page a journey visits, and the journey fails on a serious or critical
// violation. Each page (its path, ids left out) is checked once, when it first appears and has
// settled (no spinner or skeleton left), while the journey goes on; a page the journey left before
// it settled is named in the test's annotations rather than checked. Because the journey goes on
// while axe reads, only what a second read a moment later flags again counts (support.ts,
// `lastingViolations`): a transition caught half-way is not a defect. The journeys import `test`
// from here.

/** Not pages of the portal: the readiness probe, the API, files and the API reference. */
const NOT_A_SCREEN = /^\/(readyz|healthz|v1|files|docs|openapi)/

/** The path with its ids and tokens left out, so that every bill or key is one page. */
function screenOf(url: string): string | null {
  if (!url.startsWith('http')) return null
  const path = new URL(url).pathname
  if (NOT_A_SCREEN.test(path)) return null
  return path
    .split('/')
    .map((part) => (part.length >= 10 && /\d/.test(part) ? ':id' : part))
    .join('/')
}

const SETTLE_MS = 10_000

async function settled(page: Page, screen: string): Promise<boolean> {
  const deadline = Date.now() + SETTLE_MS
  while (Date.now() < deadline) {
    if (page.isClosed() || screenOf(page.url()) !== screen) return false
    const busy = await page
      .evaluate(
        () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active, [data-testid=splash]').length,
      )
      .catch(() => -1)
    if (busy === 0) return true
    await page.waitForTimeout(200).catch(() => undefined)
  }
  return false
}

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that gives the test nothing as void, so that `use()` takes no argument.
export const test = base.extend<{ axeEveryPage: void; checkEveryPage: boolean }>({
  /** Off for a journey whose flow cannot be read while it runs (passkeys.spec.ts says why). */
  checkEveryPage: [true, { option: true }],
  axeEveryPage: [
    async ({ page, checkEveryPage }, use, testInfo) => {
      if (!checkEveryPage) {
        testInfo.annotations.push({ type: 'axe: every page', description: 'off for this journey' })
        await use()
        return
      }
      const seen = new Set<string>()
      const found: string[] = []
      const unchecked: string[] = []
      let checks = Promise.resolve()
      const check = async (screen: string) => {
        if (!(await settled(page, screen))) {
          unchecked.push(screen)
          return
        }
        try {
          const violations = await lastingViolations(page)
          // The journey may have moved on while axe read the page: only what was read on it counts.
          if (screenOf(page.url()) !== screen) unchecked.push(screen)
          else for (const violation of violations) found.push(`${screen}: ${violation}`)
        } catch {
          unchecked.push(screen)
        }
      }
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return
        const screen = screenOf(frame.url())
        if (!screen || seen.has(screen)) return
        seen.add(screen)
        checks = checks.then(() => check(screen))
      })
      await use()
      await checks
      if (unchecked.length > 0) {
        testInfo.annotations.push({ type: 'axe: left before it settled', description: unchecked.join(', ') })
      }
      testInfo.annotations.push({ type: 'axe: checked', description: String(seen.size - unchecked.length) })
      expect(found, 'serious accessibility violations (axe-core) on the pages this journey visited').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
