import { type Lang, numberFormat } from '@app/contract'

// A whole-number input (antd InputNumber) that groups thousands as the reader's language writes them
// ("10,000", Vietnamese "10.000"), in Latin digits so the number reads back exactly as typed. Nothing is
// rounded or clamped here: a form rule judges the number, so "1.5" or "0" gets its message.

function separatorsOf(lang: Lang) {
  const parts = numberFormat(lang).formatToParts(12345.6)
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  }
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** The number as shown when not being typed: 10000 → "10,000" (en), "10.000" (vi). */
export function groupedNumber(value: string | number | undefined | null, lang: Lang): string {
  if (value === undefined || value === null || value === '') return ''
  const text = String(value)
  if (!PLAIN_NUMBER.test(text)) return text
  const { group, decimal } = separatorsOf(lang)
  const [whole = '', fraction] = text.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, () => group)
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`
}

/** What was typed, as a plain number: group separators and spaces dropped, Myanmar digits read as 0–9. */
export function readGroupedNumber(text: string, lang: Lang): string {
  const { decimal } = separatorsOf(lang)
  let plain = ''
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (code >= 0x1040 && code <= 0x1049) plain += String(code - 0x1040)
    else if (/[0-9-]/.test(char)) plain += char
    else if (char === decimal) plain += '.'
  }
  return plain
}

/**
 * `formatter` and `parser` for an antd InputNumber (its default `string | number` value type: the parser
 * hands back text, which the input reads as a number); what is being typed stays as typed.
 */
export function countInputProps(lang: Lang) {
  return {
    formatter: (value: number | string | undefined, info: { userTyping: boolean; input: string }) =>
      info.userTyping ? info.input : groupedNumber(value, lang),
    parser: (text: string | undefined) => readGroupedNumber(text ?? '', lang),
  }
}
