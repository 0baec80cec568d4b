import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import {
  ADMIN,
  englishTexts,
  missingTranslations,
  registerByApi,
  seriousViolations,
  signInByApi,
  uniqueEmail,
  uniquePhone,
} from '../support.ts'

// Issue 21 "Done means": an administrator in Vietnamese (the back office's default) and the dark theme
// finds a customer from the header's search, walks every tab of the customer's page with axe-core (no
// serious or critical violation) and no English left, then suspends two customers at once from the
// accounts list.

const PASSWORD = 'a-long-enough-password'
const TABS = [
  'Tài khoản',
  'Khóa',
  'Hóa đơn',
  'Lịch sử số dư',
  'Mã giảm giá',
  'Lượt sử dụng',
  'Yêu cầu hỗ trợ',
  'Đổi email',
  'Nhật ký thao tác',
]

async function checkScreen(page: Page, label: string, typed: string[]) {
  expect.soft(await seriousViolations(page), `${label}: serious accessibility violations (axe-core)`).toEqual([])
  expect.soft(await missingTranslations(page), `${label}: translation keys missing`).toEqual([])
  expect.soft(await englishTexts(page, 'vi', typed), `${label}: English left on a Vietnamese screen`).toEqual([])
}

test('an administrator in Vietnamese and dark finds a customer by search, walks the customer page and suspends two customers at once', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const first = uniqueEmail('customer-page')
  const second = uniqueEmail('customer-page')
  await registerByApi(page, first, PASSWORD, 'Thandar Page', uniquePhone())
  await registerByApi(page, second, PASSWORD, 'Kyaw Page', uniquePhone())

  await page.addInitScript(() => {
    localStorage.removeItem('adminLang')
    localStorage.setItem('theme', 'dark')
  })
  await signInByApi(page, ADMIN.email, ADMIN.password)
  await page.goto('/administrator/overview')
  // Nothing chose a language: the back office speaks Vietnamese (docs/requirements.md §1.2).
  await expect(page.getByRole('heading', { name: /Chào mừng đến trang quản trị/ })).toBeVisible({ timeout: 30_000 })

  // The header's search finds the customer by e-mail and opens their page.
  const search = page.getByRole('combobox', { name: 'Tìm khách hàng, hóa đơn và khóa' })
  const found = page.locator('.ant-select-item-option', { hasText: first })
  // Typed while the overview is still loading its figures, the text can be typed again.
  await expect(async () => {
    if ((await search.inputValue()) !== first) await search.fill(first)
    await expect(found).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 60_000 })
  await found.click()
  await expect(page).toHaveURL(/\/administrator\/user-management\/edit-user\?user_id=usr_/)
  await expect(page.getByRole('heading', { name: /Thandar Page/ })).toBeVisible()

  const typed = ['Thandar Page', 'Thandar', first]
  const tabs = page.getByRole('tab')
  await expect(tabs).toHaveText(TABS)
  for (const name of TABS) {
    await page.getByRole('tab', { name }).click()
    await expect(page.getByRole('tab', { name, selected: true })).toBeVisible()
    const panel = page.getByRole('tabpanel')
    // Each tab shows its own list (or the account's cards), not a spinner or an error.
    await expect(panel.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 })
    await expect(panel.locator('.ant-result-error, .ant-alert-error')).toHaveCount(0)
    await checkScreen(page, `customer page, tab ${name}`, typed)
  }

  // Both customers selected in the accounts list and suspended after one confirmation.
  await page.goto('/administrator/user-management')
  const box = page.getByLabel('Tìm theo e-mail, tên, số điện thoại hoặc tổ chức')
  await box.fill('customer-page')
  await box.press('Enter')
  for (const email of [first, second]) {
    await page.locator('.ant-table-row', { hasText: email }).getByRole('checkbox').check()
  }
  await expect(page.getByText('Đã chọn 2')).toBeVisible()
  await page.getByRole('button', { name: 'Tạm khóa 2 tài khoản' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Tạm khóa 2 tài khoản?')
  await checkScreen(page, 'bulk suspension', typed)
  await dialog.getByRole('button', { name: 'Tạm khóa', exact: true }).click()
  await expect(page.getByText('Đã tạm khóa 2 tài khoản')).toBeVisible()
  for (const email of [first, second]) {
    await expect(page.locator('.ant-table-row', { hasText: email })).toContainText('Tạm khóa')
  }
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const listed = await page.request.get(`/v1/users?keyword=customer-page&page_size=100`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const items = ((await listed.json()) as { data: { items: { email: string; status: string }[] } }).data.items
  expect(items.filter((u) => u.email === first || u.email === second).map((u) => u.status)).toEqual([
    'suspended',
    'suspended',
  ])
})
