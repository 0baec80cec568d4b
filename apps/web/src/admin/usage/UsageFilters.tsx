import { USAGE_UNITS, type UsageUnit } from '@app/contract'
import { Flex, Segmented, Select } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { TextInput } from '../../ui/inputs.ts'
import { adminUsageMessages } from './usage.i18n.ts'
import {
  type DateRange,
  isDay,
  matchingQuickRange,
  orderedRange,
  QUICK_RANGES,
  type QuickRange,
  quickRange,
} from './usage-range.ts'

// The statistics API keeps about 13 months; the years bound what a typed date may be, so that a year
// half typed into the date field ("0202") does not ask the server for a period nobody meant.
const EARLIEST = '2000-01-01'
const LATEST = '2100-12-31'
const isPlausibleDay = (value: string) => isDay(value) && value >= EARLIEST && value <= LATEST

/** One end of the range: a native date field, committed once it holds a plausible day. */
function DayInput(props: { label: string; value: string; onCommit: (day: string) => void }) {
  const [draft, setDraft] = useState(props.value)
  useEffect(() => setDraft(props.value), [props.value])
  return (
    <TextInput
      type="date"
      aria-label={props.label}
      prefix={<span style={{ opacity: 0.65 }}>{props.label}</span>}
      min={EARLIEST}
      max={LATEST}
      value={draft}
      onChange={(event) => {
        const value = event.target.value
        setDraft(value)
        if (isPlausibleDay(value) && value !== props.value) props.onCommit(value)
      }}
      onBlur={() => setDraft(props.value)}
      style={{ flex: '1 1 180px', maxWidth: 230 }}
    />
  )
}

/**
 * The period (quick ranges or two dates), the time unit and whatever the screen adds (chart kind,
 * key filter). Wraps onto several lines on a phone.
 */
export function UsageFilters(props: {
  range: DateRange
  onRange: (range: DateRange) => void
  unit?: UsageUnit
  onUnit?: (unit: UsageUnit) => void
  children?: ReactNode
}) {
  const t = useT(adminUsageMessages)
  const { range, onRange, unit, onUnit } = props
  const quick = matchingQuickRange(range, new Date())
  return (
    <Flex gap={12} wrap align="center">
      <Select<QuickRange>
        aria-label={t('filters.quick')}
        placeholder={t('filters.quick')}
        value={quick}
        onChange={(name) => onRange(quickRange(name, new Date()))}
        options={QUICK_RANGES.map((name) => ({ value: name, label: t(`filters.quickRanges.${name}`) }))}
        style={{ flex: '1 1 160px', maxWidth: 200 }}
      />
      <DayInput label={t('filters.from')} value={range.from} onCommit={(day) => onRange(orderedRange(day, range.to))} />
      <DayInput label={t('filters.to')} value={range.to} onCommit={(day) => onRange(orderedRange(range.from, day))} />
      {unit && onUnit ? (
        <Segmented<UsageUnit>
          aria-label={t('filters.unit')}
          value={unit}
          onChange={onUnit}
          options={USAGE_UNITS.map((value) => ({ value, label: t(`filters.units.${value}`) }))}
        />
      ) : null}
      {props.children}
    </Flex>
  )
}
