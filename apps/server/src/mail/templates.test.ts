import { Lang } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { render, type TemplateName, templates } from './templates.ts'

const names = Object.keys(templates) as TemplateName[]
const vars = {
  name: 'Ada Lovelace',
  hours: 24,
  minutes: 60,
  time: '2026-11-02 08:00',
  // vatRequested
  email: 'ada@example.com',
  code: 'INV-202610-000123',
  total: '12.50',
  company: 'Ada Lovelace Ltd',
  taxCode: '0101234567',
  address: '1 Analytical Street, Hanoi',
  recipient: 'accounts@example.com',
  // keyCapWarning, keyCapReached
  key: 'Production web',
  percent: 80,
  use: '8,000 of 10,000 calls',
  monthEnd: 'Nov 30, 2026',
  // balanceLow
  balance: '4.20',
  threshold: '10.00',
  // paymentAlert
  reference: '01JD0000000000000000000000',
  provider: 'VNPay',
  reason: 'the gateway reported 100 VND instead of 200 VND',
  // emailChanged, emailChangeWelcome, emailChangeRefused
  old: 'ada@example.com',
  new: 'ada@lovelace.example',
  // ticketReplied
  title: 'Tiles are slow in Yangon',
  reply: 'We have moved your keys to the nearer region.',
  // recoveryCodeUsed, passkeyAdded, passkeyRemoved
  remaining: 9,
  passkey: 'Work laptop',
  // planRenewsSoon, planRenewsSoonShort, planRenewed, planRenewalFailed, planLapsed
  plan: 'Standard',
  price: '$49.00',
  missing: '$44.80',
  date: 'Dec 2, 2026',
  from: 'Dec 2, 2026',
  to: 'Jan 2, 2027',
  graceEnd: 'Dec 9, 2026',
  defaultPlan: 'Pay as you go',
  // billIssued (and code, total above)
  month: 'October 2026',
}

describe('e-mail templates', () => {
  it.each(names.flatMap((name) => Lang.map((lang) => [name, lang] as const)))(
    '%s in %s fills every placeholder',
    (name, lang) => {
      const mail = render(name, lang, vars, 'https://portal.example.com/x?token=abc')
      expect(mail.subject.trim()).not.toBe('')
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{\w+\}\}/)
      expect(mail.text).toContain('Ada Lovelace')
      expect(mail.html).toContain(`<html lang="${lang}">`)
    },
  )

  it('puts the link in both the text and the HTML of templates with a button', () => {
    const link = 'https://portal.example.com/user/verify?token=abc&x=1'
    const mail = render('verifyEmail', 'en', vars, link)
    expect(mail.text).toContain(`Confirm my e-mail: ${link}`)
    expect(mail.html).toContain('href="https://portal.example.com/user/verify?token=abc&amp;x=1"')
  })

  it('escapes values in the HTML part', () => {
    const mail = render('passwordChanged', 'en', { ...vars, name: '<img src=x onerror=alert(1)>' })
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(mail.text).toContain('<img src=x onerror=alert(1)>')
  })

  it('writes each language in its own words', () => {
    const subjects = Lang.map((lang) => render('resetPassword', lang, vars).subject)
    expect(new Set(subjects).size).toBe(Lang.length)
  })
})
