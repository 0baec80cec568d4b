import { checkKeyName, checkRequestCap, KEY_REQUEST_CAP_MAX, MONEY_BOUNDS, moneyCheck, translate } from '@app/contract'
import type { RuleObject } from 'antd/es/form'
import { describe, expect, it } from 'vitest'
import { optionalNumberRuleFrom, optionalRuleFrom, ruleFrom } from './form-rules.ts'

// The forms refuse what the server refuses (docs/security.md "Text input", "Money bounds"), with the
// contract's message.

async function verdictOf(rule: ReturnType<typeof ruleFrom>, value: unknown): Promise<string | null> {
  const validator = (rule as RuleObject).validator
  if (!validator) throw new Error('no validator')
  try {
    await validator({} as RuleObject, value, () => undefined)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('form rules', () => {
  it('refuse a NUL character before the field’s own check, required or optional', async () => {
    const nul = translate('en', 'validation.nulCharacter')
    expect(await verdictOf(ruleFrom(checkKeyName), 'My key\u0000')).toBe(nul)
    expect(await verdictOf(optionalRuleFrom(checkKeyName), '\u0000')).toBe(nul)
    expect(await verdictOf(ruleFrom(checkKeyName), 'My key')).toBeNull()
  })

  it('refuse an add-balance amount over its bound with the maximum', async () => {
    const rule = ruleFrom(moneyCheck(MONEY_BOUNDS.addBalance))
    expect(await verdictOf(rule, '100000.00')).toBeNull()
    expect(await verdictOf(rule, '100000.01')).toBe(translate('en', 'validation.money.tooLarge', { max: '100000.00' }))
  })

  it('judge an optional number only when one was typed (a key’s request cap)', async () => {
    const rule = optionalNumberRuleFrom(checkRequestCap)
    const invalid = translate('en', 'keys.requestCapInvalid', { max: KEY_REQUEST_CAP_MAX.toLocaleString('en-US') })
    expect(await verdictOf(rule, null)).toBeNull()
    expect(await verdictOf(rule, undefined)).toBeNull()
    expect(await verdictOf(rule, 10_000)).toBeNull()
    expect(await verdictOf(rule, 0)).toBe(invalid)
    expect(await verdictOf(rule, 1.5)).toBe(invalid)
    expect(await verdictOf(rule, KEY_REQUEST_CAP_MAX + 1)).toBe(invalid)
  })
})
