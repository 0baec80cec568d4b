import type { Key } from '@app/contract'
import { restrictionCounts } from '@app/contract'
import { Tag, Tooltip, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { useServiceName } from '../../ui/service-name.ts'
import { keyFormMessages } from './key-form.i18n.ts'

/** "API Key" or "Maptiles Key" (docs/requirements.md §5.1: `api_key`, `maptiles_key` on the wire). */
export function KeyTypeTag({ type }: { type: Key['type'] }) {
  const t = useT(keyFormMessages)
  return (
    <Tag color={type === 'api_key' ? 'geekblue' : 'cyan'} style={{ marginInlineEnd: 0 }}>
      {t(`type.${type}`)}
    </Tag>
  )
}

const STATUS_COLORS: Record<Key['status'], string> = { active: 'green', suspended: 'red', deleted: 'default' }

export function KeyStatusTag({ status }: { status: Key['status'] }) {
  const t = useT(keyFormMessages)
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  )
}

/** How many domains and addresses may use the key ("No restriction", "2 domains · 1 IP"). */
function useRestrictionSummary() {
  const t = useT(keyFormMessages)
  return (rows: Key['restriction_list']) => {
    const { domains, ips } = restrictionCounts(rows)
    const parts: string[] = []
    if (domains > 0) parts.push(domains === 1 ? t('summary.domainOne') : t('summary.domainMany', { count: domains }))
    if (ips > 0) parts.push(ips === 1 ? t('summary.ipOne') : t('summary.ipMany', { count: ips }))
    return parts.length ? parts.join(' · ') : t('summary.none')
  }
}

const SHOWN_ROWS = 8

/** The summary, with the rows themselves on hover or focus. */
export function RestrictionSummary({ rows }: { rows: Key['restriction_list'] }) {
  const summarize = useRestrictionSummary()
  const text = summarize(rows)
  if (!rows?.length) return <Typography.Text type="secondary">{text}</Typography.Text>
  const listed = rows.slice(0, SHOWN_ROWS)
  return (
    <Tooltip
      title={
        <div style={{ display: 'grid', gap: 2 }}>
          {listed.map((row, index) => (
            // Rows may repeat, so their place is part of the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders
            <code key={index} style={{ overflowWrap: 'anywhere' }}>
              {row.value}
            </code>
          ))}
          {rows.length > listed.length ? <span>…</span> : null}
        </div>
      }
    >
      <Typography.Text tabIndex={0} style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {text}
      </Typography.Text>
    </Tooltip>
  )
}

/** The key's service scope: "All services", or how many, with their names on hover or focus. */
export function ServiceScope({ services }: { services: Key['services'] }) {
  const serviceName = useServiceName()
  const t = useT(keyFormMessages)
  if (!services) return <Typography.Text type="secondary">{t('scope.summaryAll')}</Typography.Text>
  const text = services.length === 1 ? t('scope.summaryOne') : t('scope.summaryMany', { count: services.length })
  return (
    <Tooltip title={services.map((service) => serviceName(service)).join(', ')}>
      <Typography.Text tabIndex={0} style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {text}
      </Typography.Text>
    </Tooltip>
  )
}

/** Restrictions and scope together, as the key lists show them. */
export function KeyLimits({ keyItem }: { keyItem: Pick<Key, 'restriction_list' | 'services'> }) {
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 2 }}>
      <RestrictionSummary rows={keyItem.restriction_list} />
      <ServiceScope services={keyItem.services} />
    </span>
  )
}
