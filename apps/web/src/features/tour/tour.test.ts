import { afterEach, describe, expect, it, vi } from 'vitest'
import { CAMPAIGNS_KEY, clearSession } from '../../app/session.ts'
import { i18n } from '../../i18n/i18n.ts'
import { dismissCampaign, dismissedCampaigns } from '../campaigns/dismissed.ts'
import { TOUR_STEPS } from './steps.ts'
import { tourMessages } from './tour.i18n.ts'
import { markTourDone, TOUR_OFF_KEY, tourDoneKey, tourWanted } from './tour-flag.ts'

afterEach(() => localStorage.clear())

describe('the first-login tour', () => {
  it('has about thirty steps over dashboard, keys, billing and support, ending on the dashboard', () => {
    expect(TOUR_STEPS).toHaveLength(30)
    expect(new Set(TOUR_STEPS.map((s) => s.page))).toEqual(
      new Set(['/dashboard', '/keys', '/billing', '/support/request']),
    )
    expect(TOUR_STEPS.at(-1)?.page).toBe('/dashboard')
    for (const step of TOUR_STEPS)
      if (step.target) expect(() => document.querySelector(step.target ?? '')).not.toThrow()
  })

  it('has a title and a text for every step in English and Burmese', () => {
    for (const lang of ['en', 'my']) {
      const bundle = tourMessages.resources[lang] as Record<string, { title: string; text: string }>
      TOUR_STEPS.forEach((_, i) => {
        expect(bundle[`s${i + 1}`]?.title, `${lang} s${i + 1}`).toBeTruthy()
        expect(bundle[`s${i + 1}`]?.text, `${lang} s${i + 1}`).toBeTruthy()
      })
    }
    expect(i18n).toBeTruthy()
  })

  it('runs once per user, never at 768 px or less, and not when turned off', () => {
    const width = (px: number) => () => px
    expect(tourWanted('usr_a', width(1280))).toBe(true)
    expect(tourWanted('usr_a', width(768))).toBe(false)
    expect(tourWanted('usr_a', width(700))).toBe(false)
    markTourDone('usr_a')
    expect(localStorage.getItem(tourDoneKey('usr_a'))).not.toBeNull()
    expect(tourWanted('usr_a', width(1280))).toBe(false)
    expect(tourWanted('usr_b', width(1280))).toBe(true)
    localStorage.setItem(TOUR_OFF_KEY, '1')
    expect(tourWanted('usr_b', width(1280))).toBe(false)
  })

  it("asks for the viewport's width (a forced layout in a browser) only when the flags allow the tour", () => {
    const width = vi.fn(() => 1280)
    markTourDone('usr_a')
    expect(tourWanted('usr_a', width)).toBe(false)
    localStorage.setItem(TOUR_OFF_KEY, '1')
    expect(tourWanted('usr_b', width)).toBe(false)
    expect(width).not.toHaveBeenCalled()
    localStorage.removeItem(TOUR_OFF_KEY)
    expect(tourWanted('usr_b', width)).toBe(true)
    expect(width).toHaveBeenCalledOnce()
  })
})

describe('dismissed campaigns', () => {
  it('are kept locally and forgotten at logout', () => {
    dismissCampaign('cmp_1')
    dismissCampaign('cmp_2')
    dismissCampaign('cmp_1')
    expect(dismissedCampaigns.get()).toEqual(['cmp_1', 'cmp_2'])
    expect(JSON.parse(localStorage.getItem(CAMPAIGNS_KEY) ?? '[]')).toEqual(['cmp_1', 'cmp_2'])
    clearSession()
    expect(dismissedCampaigns.get()).toEqual([])
  })

  it('read a damaged value as none', () => {
    localStorage.setItem(CAMPAIGNS_KEY, '{not json')
    expect(dismissedCampaigns.get()).toEqual([])
  })
})
