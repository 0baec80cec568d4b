import { expect, test } from '../fixtures.ts'
import { ADMIN, registerByApi, signInByApi } from '../support.ts'

const PASSWORD = 'a-long-enough-password'
const CUSTOMERS = 200

test('staff send a notification to 200 customers and watch the progress reach 200/200', async ({ page, browser }) => {
  test.setTimeout(600_000)
  const tag = `notify${Date.now().toString(36)}`
  // Seeded the way customers arrive: through the sign-up call (ten at a time).
  for (let start = 0; start < CUSTOMERS; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        registerByApi(page, `${tag}-${start + i}@example.com`, PASSWORD, 'Notify Customer'),
      ),
    )
  }

  const admin = await browser.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  await admin.goto('/administrator/notifications')
  await admin.getByRole('button', { name: 'Compose' }).click()
  const form = admin.getByRole('dialog')
  // exact: "Vietnamese (optional)", a language tab's name, contains "name".
  await form.getByLabel('Name', { exact: true }).fill(`Journey ${tag}`)
  // The English tab: the Burmese and Vietnamese tabs have fields and editors of the same names.
  const english = form.getByRole('tabpanel', { name: /English/ })
  await english.getByLabel('E-mail subject').fill('News from the maps team')
  const editor = english.getByTestId('notification-content')
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await editor.click()
  await editor.pressSequentially('Hello from the maps team. ')
  await english.getByRole('button', { name: 'Bold' }).click()
  await editor.pressSequentially('New styles are out.')
  await form.getByText('Customers matching a filter').click()
  await form.getByLabel('E-mail contains').fill(tag)
  await form.getByRole('button', { name: 'Count recipients' }).click()
  await expect(form.getByTestId('recipient-count')).toHaveText(`${CUSTOMERS} customers match now`, {
    timeout: 30_000,
  })
  await form.getByRole('button', { name: 'Send now' }).click()
  await expect(admin.getByText('Notification saved')).toBeVisible({ timeout: 30_000 })

  const row = admin.getByRole('row', { name: new RegExp(`Journey ${tag}`) })
  await expect(row).toBeVisible()
  // pending 0/200 → sending n/200 → sent 200/200, followed live by the list.
  await expect(row.getByText(new RegExp(`^(Pending|Sending|Sent) \\d+/${CUSTOMERS}$`))).toBeVisible()
  await expect(row.getByText(`Sent ${CUSTOMERS}/${CUSTOMERS}`)).toBeVisible({ timeout: 180_000 })

  // Each recipient's result, and the e-mail itself in the outbox.
  await row.getByRole('button', { name: `Results of Journey ${tag}` }).click()
  const drawer = admin.getByRole('dialog', { name: `Recipients of Journey ${tag}` })
  await expect(drawer.getByRole('cell', { name: `${tag}-0@example.com` })).toBeVisible({ timeout: 30_000 })
  await expect(drawer.getByText('Sent').first()).toBeVisible()
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const outbox = await page.request.get(`/v1/outbox?keyword=${encodeURIComponent(`${tag}-7@example.com`)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const items = ((await outbox.json()) as { data: { items: { subject: string }[] } }).data.items
  expect(items.filter((m) => m.subject === 'News from the maps team')).toHaveLength(1)
  await admin.close()
})
