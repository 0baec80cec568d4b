import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { ADMIN, dismissSplash, registerByApi, signInByApi, uniqueEmail } from '../support.ts'

const PASSWORD = 'a-long-enough-password'
const WAIT = { timeout: 30_000 }
// A 1×1 PNG: the server re-encodes it, so what comes back is a real image of its own.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

async function adminHeaders(page: Page) {
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  return { authorization: `Bearer ${token}` }
}

async function confirmPopup(page: Page) {
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click()
}

test('a customer opens a ticket with an image, support answers, the customer reads the answer and its e-mail, closes the ticket and cannot reply', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const email = uniqueEmail('ticket')
  await registerByApi(page, email, PASSWORD, 'Thida Ticket')
  await page.addInitScript(() => localStorage.setItem('tour.off', '1'))
  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)

  // The header's support icon leads to the requests; the list is empty at first.
  await page.locator('header').getByRole('link', { name: 'Support' }).click()
  await expect(page).toHaveURL(/\/support\/request$/)
  await expect(page.getByText('You have not asked anything yet')).toBeVisible(WAIT)
  await page.getByRole('link', { name: 'New request' }).click()

  const title = `Tiles time out ${Date.now().toString(36)}`
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Content').fill('Since this morning the tiles of our store map time out after 30 seconds.')
  await page.locator('input[type=file]').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('img', { name: 'Image 1 of the message' })).toBeVisible(WAIT)
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page).toHaveURL(/\/support\/request\/tkt_[0-9a-z]{26}$/, WAIT)
  await expect(page.getByRole('heading', { name: title })).toBeVisible(WAIT)
  await expect(page.getByTestId('ticket-status')).toHaveText('Open')
  const ticketUrl = page.url()

  // Support finds it by the customer's e-mail and answers it.
  const admin = await browser.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  await admin.goto('/administrator/support')
  await admin.getByPlaceholder('Search by title, content or e-mail').fill(email)
  await admin.getByPlaceholder('Search by title, content or e-mail').press('Enter')
  await admin.getByRole('link', { name: title }).click(WAIT)
  await expect(admin.getByTestId('customer-message')).toContainText('time out after 30 seconds', WAIT)
  await expect(admin.getByTestId('customer-message').getByRole('img', { name: 'Image 1 of the message' })).toBeVisible()
  const answer = 'We restarted the tile cache in your region; loads are back under 300 ms.'
  await admin.getByLabel('Reply').fill(answer)
  await admin.getByRole('button', { name: 'Send reply' }).click()
  await expect(admin.getByTestId('staff-message')).toContainText(answer, WAIT)

  // The customer sees the answer on the ticket…
  await page.goto(ticketUrl)
  await expect(page.getByTestId('staff-message')).toContainText(answer, WAIT)
  // …and the e-mail about it is in the outbox.
  const headers = await adminHeaders(admin)
  const outbox = await admin.request.get(`/v1/outbox?keyword=${encodeURIComponent(email)}`, { headers })
  const subjects = ((await outbox.json()) as { data: { items: { subject: string }[] } }).data.items.map(
    (m) => m.subject,
  )
  expect(subjects).toContain(`New reply to your support request "${title}"`)
  await admin.goto('/administrator/outbox')
  await admin.getByLabel('Search by recipient or subject').fill(email)
  await admin.getByLabel('Search by recipient or subject').press('Enter')
  await expect(admin.getByText(`New reply to your support request "${title}"`).first()).toBeVisible(WAIT)

  // The customer closes it; it takes no reply any more.
  await page.getByRole('button', { name: 'Close request' }).click()
  await confirmPopup(page)
  await expect(page.getByTestId('ticket-status')).toHaveText('Closed', WAIT)
  await expect(page.getByTestId('ticket-closed')).toContainText('Cannot reply when ticket is closed')
  await expect(page.getByRole('button', { name: 'Send reply' })).toHaveCount(0)
  const login = await page.request.post('/v1/login', { data: { email, password: PASSWORD } })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const id = ticketUrl.split('/').pop() ?? ''
  const refused = await page.request.post(`/v1/support/tickets/${id}/replies`, {
    headers: { authorization: `Bearer ${token}` },
    data: { content: 'One more thing about the tiles.' },
  })
  expect(refused.status()).toBe(422)
  expect(await refused.json()).toMatchObject({
    error_code: 'TICKET_CLOSED',
    message: 'Cannot reply when ticket is closed',
  })

  // The list shows it closed.
  await page.goto('/support/request')
  await expect(page.locator('.ant-table-row', { hasText: title })).toContainText('Closed', WAIT)
})

test('staff publish an FAQ entry and a customer finds it by searching /faqs', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const tag = Date.now().toString(36)
  const admin = await browser.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)

  await admin.goto('/administrator/faqs?tab=categories')
  await admin.getByRole('button', { name: 'New category' }).click()
  const categoryForm = admin.getByRole('dialog')
  // The name per language: English on its tab, and a Burmese name on the Burmese tab.
  await categoryForm
    .getByRole('tabpanel', { name: /English/ })
    .getByLabel('Name')
    .fill(`Journey ${tag}`)
  await categoryForm.getByRole('tab', { name: /Burmese/ }).click()
  await categoryForm
    .getByRole('tabpanel', { name: /Burmese/ })
    .getByLabel('Name')
    .fill(`ခရီးစဉ် ${tag}`)
  await categoryForm.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByRole('cell', { name: `Journey ${tag}` })).toBeVisible(WAIT)

  // A second category of the same name, whatever its case, is refused.
  await admin.getByRole('button', { name: 'New category' }).click()
  await admin
    .getByRole('dialog')
    .getByRole('tabpanel', { name: /English/ })
    .getByLabel('Name')
    .fill(`JOURNEY ${tag}`)
  await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByRole('dialog').getByText('Category name is exist').first()).toBeVisible(WAIT)
  await admin.keyboard.press('Escape')

  await admin.getByRole('tab', { name: 'FAQ entries' }).click()
  await admin.getByRole('button', { name: 'New FAQ' }).click()
  const form = admin.getByRole('dialog')
  await form.getByRole('combobox', { name: 'Category' }).click()
  await admin.locator('.ant-select-item-option', { hasText: `Journey ${tag}` }).click()
  const title = `How do I move my quota zz${tag}?`
  // The English tab: the Burmese and Vietnamese tabs have fields of the same names.
  const english = form.getByRole('tabpanel', { name: /English/ })
  await english.getByLabel('Title').fill(title)
  await english.getByLabel('Question').fill('Can my unused monthly quota move to the next month?')
  await english
    .getByLabel('Answer')
    .fill('Unused free requests do not carry over; each month starts with its own allowance.')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByRole('cell', { name: title })).toBeVisible(WAIT)

  const email = uniqueEmail('faq')
  await registerByApi(page, email, PASSWORD, 'Faq Reader')
  await page.addInitScript(() => localStorage.setItem('tour.off', '1'))
  await signInByApi(page, email, PASSWORD)
  await page.goto('/faqs')
  await dismissSplash(page)
  await page.getByPlaceholder('Search the FAQs').fill(`quota zz${tag}`)
  await page.getByPlaceholder('Search the FAQs').press('Enter')
  await expect(page.getByTestId('faq-title')).toHaveText([title], WAIT)
  await expect(page.getByText('each month starts with its own allowance')).toBeVisible()

  // The new-request form suggests it while a matching title is typed.
  await page.goto('/support/request/addQuestion')
  await page.getByLabel('Title').fill(`quota zz${tag}`)
  await expect(page.getByTestId('faq-suggestions')).toContainText(title, WAIT)
})
