import { describe, expect, it } from 'vitest'
import { scheduleWords } from './schedule-text.ts'

describe('a job schedule in words', () => {
  it('reads the schedules the portal uses', () => {
    expect(scheduleWords(null)).toEqual({ kind: 'onDemand' })
    expect(scheduleWords('* * * * *')).toEqual({ kind: 'everyMinute' })
    expect(scheduleWords('*/5 * * * *')).toEqual({ kind: 'everyMinutes', minutes: 5 })
    expect(scheduleWords('37 * * * *')).toEqual({ kind: 'hourly', minute: 37 })
  })

  it('keeps any other expression as it is', () => {
    expect(scheduleWords('0 3 * * *')).toEqual({ kind: 'cron', expression: '0 3 * * *' })
    expect(scheduleWords('75 * * * *')).toEqual({ kind: 'cron', expression: '75 * * * *' })
    expect(scheduleWords('*/5 * * *')).toEqual({ kind: 'cron', expression: '*/5 * * *' })
  })
})
