// A job's cron expression in words, for the schedules the portal uses (minutes, every n minutes, once an
// hour at a minute); anything else is shown as the expression itself.

export type ScheduleWords =
  | { kind: 'everyMinute' }
  | { kind: 'everyMinutes'; minutes: number }
  | { kind: 'hourly'; minute: number }
  | { kind: 'cron'; expression: string }
  | { kind: 'onDemand' }

export function scheduleWords(cron: string | null): ScheduleWords {
  if (!cron) return { kind: 'onDemand' }
  const [minute, ...rest] = cron.trim().split(/\s+/)
  if (rest.length !== 4 || rest.some((field) => field !== '*')) return { kind: 'cron', expression: cron }
  if (minute === '*') return { kind: 'everyMinute' }
  const step = /^\*\/(\d{1,2})$/.exec(minute ?? '')
  if (step) return { kind: 'everyMinutes', minutes: Number(step[1]) }
  if (/^\d{1,2}$/.test(minute ?? '') && Number(minute) < 60) return { kind: 'hourly', minute: Number(minute) }
  return { kind: 'cron', expression: cron }
}
