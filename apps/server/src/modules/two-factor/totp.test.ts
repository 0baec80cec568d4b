import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { codeAt, codeForStep, matchStep, newSecret, normaliseSecret, otpauthUrl, stepAt } from './totp.ts'

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (base32 below), 8 digits there; the
// 6-digit code is the same number's last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
const at = (seconds: number) => new Date(seconds * 1000)

describe('TOTP', () => {
  it('computes the RFC 6238 test vectors (last six digits)', () => {
    expect(codeAt(RFC_SECRET, at(59))).toBe('287082')
    expect(codeAt(RFC_SECRET, at(1111111109))).toBe('081804')
    expect(codeAt(RFC_SECRET, at(1234567890))).toBe('005924')
    expect(codeAt(RFC_SECRET, at(2000000000))).toBe('279037')
  })

  it('agrees with what an authenticator app computes from the otpauth address', () => {
    const secret = newSecret()
    const url = otpauthUrl(secret, 'Maps Portal', 'ada@example.com')
    expect(url).toMatch(/^otpauth:\/\/totp\/Maps%20Portal:ada%40example\.com\?/)
    expect(url).toContain(`secret=${secret}`)
    const app = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' })
    const now = new Date('2026-11-02T08:00:00Z')
    expect(codeAt(secret, now)).toBe(app.generate({ timestamp: now.getTime() }))
  })

  it('makes 160-bit secrets, a different one each time', () => {
    const a = newSecret()
    expect(a).toMatch(/^[A-Z2-7]{32}$/)
    expect(newSecret()).not.toBe(a)
  })

  it('accepts the current step and one step either side, nothing further', () => {
    const now = new Date('2026-11-02T08:00:10Z')
    const step = stepAt(now)
    expect(matchStep(RFC_SECRET, codeForStep(RFC_SECRET, step), now, 0)).toBe(step)
    expect(matchStep(RFC_SECRET, codeForStep(RFC_SECRET, step - 1), now, 0)).toBe(step - 1)
    expect(matchStep(RFC_SECRET, codeForStep(RFC_SECRET, step + 1), now, 0)).toBe(step + 1)
    expect(matchStep(RFC_SECRET, codeForStep(RFC_SECRET, step - 2), now, 0)).toBeNull()
    expect(matchStep(RFC_SECRET, codeForStep(RFC_SECRET, step + 2), now, 0)).toBeNull()
  })

  it('never accepts a code of a step already used, nor an older one', () => {
    const now = new Date('2026-11-02T08:00:10Z')
    const step = stepAt(now)
    const code = codeForStep(RFC_SECRET, step)
    expect(matchStep(RFC_SECRET, code, now, step)).toBeNull()
    expect(matchStep(RFC_SECRET, codeForStep(RFC_SECRET, step - 1), now, step)).toBeNull()
    // Thirty seconds later the same code is still in the window, and still refused.
    expect(matchStep(RFC_SECRET, code, new Date(now.getTime() + 30_000), step)).toBeNull()
    // The next step's code is fine.
    expect(matchStep(RFC_SECRET, codeForStep(RFC_SECRET, step + 1), now, step)).toBe(step + 1)
  })

  it('refuses anything that is not six digits', () => {
    const now = new Date('2026-11-02T08:00:10Z')
    const code = codeAt(RFC_SECRET, now)
    for (const bad of ['', '12345', '1234567', `${code} `, 'abcdef', `0${code}`]) {
      expect(matchStep(RFC_SECRET, bad, now, 0)).toBeNull()
    }
  })

  it('reads a typed key without spaces, in upper case', () => {
    expect(normaliseSecret('gezd gnbv gy3t qojq')).toBe('GEZDGNBVGY3TQOJQ')
  })
})
