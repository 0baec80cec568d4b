import { describe, expect, it } from 'vitest'
import { reverseGeocode } from '../../maps-api/geocode.ts'
import { gazetteerGeocoder } from './geocoder.ts'

// The packaged gazetteer, with the packaged data's mistakes corrected (issue 20: Hanoi was placed in
// Thái Nguyên province).

describe('the embedded gazetteer', () => {
  it('places the capitals and large cities in their own provinces', async () => {
    const detail = async (text: string) => (await gazetteerGeocoder.search(text, 1))[0]?.detail
    expect(await detail('Hanoi')).toBe('Hà Nội, Vietnam')
    expect(await detail('Ha Noi')).toBe('Hà Nội, Vietnam')
    expect(await detail('Haiphong')).toBe('Hải Phòng, Vietnam')
    expect(await detail('Naypyidaw')).toBe('Naypyidaw Union Territory, Myanmar')
    expect(await detail('Thai Nguyen')).toBe('Thái Nguyên, Vietnam')
  })

  it('finds a corrected name, and no longer the misspelling', async () => {
    const [laoCai] = await gazetteerGeocoder.search('Lào Cai', 1)
    expect(laoCai).toMatchObject({ name: 'Lào Cai', detail: 'Vietnam' })
    expect(laoCai?.latitude).toBeCloseTo(22.5, 1)
    expect(await gazetteerGeocoder.search('Lao Chi', 5)).toEqual([])
  })

  it('answers the sample maps API’s reverse geocoding from the same corrected places', () => {
    const [hoanKiem] = reverseGeocode({ lat: 21.028, lon: 105.852 }).features
    expect(hoanKiem?.properties).toMatchObject({ name: 'Hanoi', detail: 'Hà Nội, Vietnam' })
  })
})
