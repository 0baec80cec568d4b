import type { UsageUnit } from '@app/contract'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Flex, Segmented, Select, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { userKeysQuery } from '../keys/keys.api.ts'
import { DateRangeField } from './DateRangeField.tsx'
import { type DayRange, HOURLY_MAX_DAYS, isUnitAllowed, NARROW_SCREEN } from './range.ts'
import { usageMessages } from './usage.i18n.ts'

const UNITS = ['hour', 'day', 'month', 'year'] as const satisfies readonly UsageUnit[]
/** The key filter lists at most this many pages of keys (the keys list's page size each). */
const MAX_KEY_PAGES = 10

export interface UsageFiltersProps {
  range: DayRange
  unit: UsageUnit
  keyId: string | undefined
  now: Date
  onRangeChange: (range: DayRange) => void
  onUnitChange: (unit: UsageUnit) => void
  onKeyChange: (keyId: string | undefined) => void
}

/** The range, the unit (hourly only for short ranges) and the key the statistics are about. */
export function UsageFilters(props: UsageFiltersProps) {
  const t = useT(usageMessages)
  const keys = useKeyOptions()
  const canHour = isUnitAllowed('hour', props.range)
  const isNarrow = useMediaQuery(NARROW_SCREEN)
  const unitOptions = UNITS.map((unit) => ({
    value: unit,
    label: t(`units.${unit}`),
    disabled: unit === 'hour' && !canHour,
  }))
  return (
    <Flex gap={16} wrap vertical={isNarrow} align={isNarrow ? 'stretch' : 'flex-start'}>
      <Field label={t('filters.range')}>
        <DateRangeField value={props.range} now={props.now} onChange={props.onRangeChange} />
      </Field>
      <Field label={t('filters.unit')}>
        {isNarrow ? (
          <Select<UsageUnit>
            aria-label={t('filters.unit')}
            value={props.unit}
            onChange={props.onUnitChange}
            options={unitOptions}
            style={{ width: '100%' }}
          />
        ) : (
          <Segmented<UsageUnit>
            aria-label={t('filters.unit')}
            value={props.unit}
            onChange={props.onUnitChange}
            options={unitOptions}
          />
        )}
        {canHour ? null : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('filters.hourlyTooLong', { days: HOURLY_MAX_DAYS })}
          </Typography.Text>
        )}
      </Field>
      <Field label={t('filters.key')}>
        <Select
          aria-label={t('filters.key')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={keys.isPending}
          value={props.keyId ?? ''}
          onChange={(value: string) => props.onKeyChange(value || undefined)}
          options={[
            { value: '', label: t('filters.allKeys') },
            ...keys.items.map((key) => ({ value: key.id, label: `${key.name} (${key.key_preview})` })),
          ]}
          style={{ width: isNarrow ? '100%' : 240 }}
          popupMatchSelectWidth={false}
        />
      </Field>
    </Flex>
  )
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 0, maxWidth: '100%', flex: '0 1 auto' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {children}
    </Flex>
  )
}

/** The user's live keys, read through the keys list's own query a page at a time. */
function useKeyOptions() {
  const first = useQuery(userKeysQuery(1))
  const pageCount = first.data ? Math.min(MAX_KEY_PAGES, Math.ceil(first.data.total / first.data.page_size)) : 1
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => userKeysQuery(i + 2)),
  })
  const items = [first.data?.items ?? [], ...rest.map((page) => page.data?.items ?? [])].flat()
  return { items, isPending: first.isPending }
}
