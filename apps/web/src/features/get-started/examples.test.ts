import { describe, expect, it } from 'vitest'
import { exampleCode, exampleRequest, languagesFor, requestUrl, servicesFor, styleUrl } from './examples.ts'

const BASE = 'https://api.maps.example.com'

describe('the Get started examples', () => {
  it('offer a map-tiles key the map tiles only, and an API key every service', () => {
    expect(servicesFor('maptiles_key')).toEqual(['LOAD_MAP'])
    expect(servicesFor('api_key')).toEqual(['LOAD_MAP', 'GEOCODE', 'REVERSE_GEOCODE', 'DIRECTION'])
    expect(languagesFor('LOAD_MAP')).toEqual(['curl', 'fetch', 'maplibre'])
    expect(languagesFor('GEOCODE')).toEqual(['curl', 'fetch'])
  })

  it('put the key in the address for tiles and styles, and in the X-Api-Key header for the rest', () => {
    expect(requestUrl(BASE, exampleRequest('LOAD_MAP'), 'mt_abc')).toBe(`${BASE}/tiles/4/12/7.pbf?key=mt_abc`)
    expect(requestUrl(BASE, exampleRequest('DIRECTION'), 'mk_abc')).toBe(
      `${BASE}/route?from=96.1735,16.8409&to=96.0891,21.9588`,
    )
    expect(exampleCode('GEOCODE', 'curl', BASE, 'mk_abc')).toBe(
      `curl -H 'X-Api-Key: mk_abc' '${BASE}/geocode?q=Yangon&limit=5'`,
    )
    expect(exampleCode('GEOCODE', 'fetch', BASE, 'mk_abc')).toContain(`headers: { 'X-Api-Key': 'mk_abc' },`)
    expect(styleUrl(BASE, 'mt_a/b', 'dark')).toBe(`${BASE}/styles/dark.json?key=mt_a%2Fb`)
  })

  it('load the style with the key in the MapLibre page', () => {
    const page = exampleCode('LOAD_MAP', 'maplibre', BASE, 'mt_abc')
    expect(page).toContain(`style: '${BASE}/styles/normal.json?key=mt_abc',`)
    expect(page).toContain('maplibre-gl@6/dist/maplibre-gl.mjs')
  })

  it('quote what they are given, so a copied example runs as shown', () => {
    expect(exampleCode('GEOCODE', 'curl', "https://x.test/it's", 'k')).toContain(`'https://x.test/it'\\''s/geocode`)
    expect(exampleCode('GEOCODE', 'fetch', "https://x.test/it's", 'k')).toContain(
      `fetch('https://x.test/it\\'s/geocode`,
    )
  })
})
