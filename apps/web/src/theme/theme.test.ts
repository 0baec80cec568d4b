import { theme as antTheme } from 'antd'
import { describe, expect, it } from 'vitest'
import type { Theme } from '../app/prefs.ts'
import { brandToken, componentTokens } from './theme.ts'

// WCAG AA (4.5:1) for the text colours of both themes on the page they are shown on: the contrast
// axe-core checks in the journeys, caught here for every text colour at once.

type Rgba = [number, number, number, number]

function parse(colour: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16)
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1]
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(colour.replaceAll(' ', ''))
  if (!rgba?.[1]) throw new Error(`not a colour: ${colour}`)
  const [r = 0, g = 0, b = 0, a = 1] = rgba[1].split(',').map(Number)
  return [r, g, b, a]
}

function luminance([r, g, b]: Rgba): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * R + 0.7152 * G + 0.0722 * B
}

function contrast(text: string, background: string): number {
  const bg = parse(background)
  const fg = parse(text)
  const over: Rgba = [0, 1, 2].map((i) => (fg[i] ?? 0) * fg[3] + (bg[i] ?? 0) * (1 - fg[3])) as unknown as Rgba
  const [hi, lo] = [luminance(over), luminance(bg)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe.each<Theme>(['light', 'dark'])('the %s theme', (theme) => {
  const token = antTheme.getDesignToken({
    token: brandToken(theme),
    algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
  })
  const texts = [
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorLink',
    'colorLinkHover',
    'colorLinkActive',
    'colorErrorText',
    'colorSuccessText',
    'colorWarningText',
  ] as const

  it.each(texts)('%s reads at 4.5:1 or more on cards and on the page', (name) => {
    const ratios = [token.colorBgContainer, token.colorBgLayout].map((bg) => contrast(token[name], bg))
    expect(Math.min(...ratios), `${name} ${token[name]} on ${token.colorBgContainer}`).toBeGreaterThanOrEqual(4.5)
  })

  // The Button and Menu component tokens of the theme, where it sets them, over the global ones.
  const button = { ...token, ...(componentTokens(theme) as { Button?: Partial<typeof token> }).Button }
  const fills = {
    'a primary button': button.colorPrimary,
    'a hovered primary button': button.colorPrimaryHover,
    'a pressed primary button': button.colorPrimaryActive,
  }

  it.each(Object.entries(fills))('white text on %s reads at 4.5:1 or more', (_name, fill) => {
    expect(contrast('#ffffff', fill), fill).toBeGreaterThanOrEqual(4.5)
  })

  it('a hovered default button’s text reads at 4.5:1 or more', () => {
    const hover = (button as { defaultHoverColor?: string }).defaultHoverColor ?? button.colorPrimaryHover
    expect(contrast(hover, token.colorBgContainer), hover).toBeGreaterThanOrEqual(4.5)
  })
})
