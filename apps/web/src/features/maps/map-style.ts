import { type BaseStyle, type MapsConfig, resolveBaseStyle, styleUrlWithKey } from '@app/contract'

/** The style URL of a base style for this theme, with the map's key where the URL asks for it. */
export function styleUrlOf(config: MapsConfig, style: BaseStyle, theme: 'light' | 'dark', key: string | null): string {
  const name = resolveBaseStyle(style, theme)
  const url = config.styles[name] ?? config.styles.normal ?? '/v1/maps/styles/normal'
  return styleUrlWithKey(url, key)
}
