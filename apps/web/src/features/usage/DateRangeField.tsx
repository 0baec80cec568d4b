import { DatePicker, Flex, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useT } from '../../i18n/define.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import {
  type DayRange,
  matchingQuickRange,
  NARROW_SCREEN,
  oldestDay,
  QUICK_RANGES,
  quickRange,
  utcDay,
} from './range.ts'
import { usageMessages } from './usage.i18n.ts'

// The picker shows calendar days; they are read and written as "YYYY-MM-DD", so a day picked is the
// UTC day asked for, whatever the reader's time zone.
const toDay = (value: Dayjs) => value.format('YYYY-MM-DD')
const fromDay = (day: string) => dayjs(day)

/**
 * The statistics' date range with its quick ranges. A range picker's two months need about 560 px, so
 * narrow screens get a quick-range list and two single-month pickers instead.
 */
export function DateRangeField(props: { value: DayRange; now: Date; onChange: (range: DayRange) => void }) {
  const t = useT(usageMessages)
  const isNarrow = useMediaQuery(NARROW_SCREEN)
  const { value, now, onChange } = props
  const oldest = oldestDay(now)
  const today = utcDay(now)
  const isOutside = (date: Dayjs) => toDay(date) < oldest || toDay(date) > today

  if (isNarrow) {
    const quick = matchingQuickRange(value, now)
    return (
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Select
          aria-label={t('filters.range')}
          value={quick ?? undefined}
          placeholder={t('filters.range')}
          onChange={(name) => onChange(quickRange(name, now))}
          options={QUICK_RANGES.map((name) => ({ value: name, label: t(`quick.${name}`) }))}
        />
        <Flex gap={8} wrap>
          <DatePicker
            aria-label={t('filters.from')}
            allowClear={false}
            value={fromDay(value.start)}
            disabledDate={(date) => isOutside(date) || toDay(date) > value.end}
            onChange={(date) => date && onChange({ start: toDay(date), end: value.end })}
            style={{ flex: '1 1 140px' }}
          />
          <DatePicker
            aria-label={t('filters.to')}
            allowClear={false}
            value={fromDay(value.end)}
            disabledDate={(date) => isOutside(date) || toDay(date) < value.start}
            onChange={(date) => date && onChange({ start: value.start, end: toDay(date) })}
            style={{ flex: '1 1 140px' }}
          />
        </Flex>
      </Flex>
    )
  }

  return (
    <DatePicker.RangePicker
      aria-label={t('filters.range')}
      allowClear={false}
      value={[fromDay(value.start), fromDay(value.end)]}
      disabledDate={isOutside}
      presets={QUICK_RANGES.map((name) => {
        const range = quickRange(name, now)
        return { label: t(`quick.${name}`), value: [fromDay(range.start), fromDay(range.end)] }
      })}
      onChange={(dates) => {
        const [start, end] = dates ?? []
        if (start && end) onChange({ start: toDay(start), end: toDay(end) })
      }}
    />
  )
}
