import type { BillLine, Lang } from '@app/contract'
import { Card, Flex, Table, Tag, Typography, theme } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { type TFunction, useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { useServiceName } from '../../ui/service-name.ts'
import { formatCount, formatDecimal } from './bill-format.ts'
import { billingMessages } from './billing.i18n.ts'

type Tier = BillLine['tiers'][number]
type Messages = NonNullable<(typeof billingMessages)['shape']>

/**
 * Which requests a tier prices, numbered from 1 after the free allowance. The last tier also takes
 * every request beyond its bound (the pricing function charges those at the last rate), so it reads
 * "and above".
 */
function tierLabel(t: TFunction<Messages>, tier: Tier, isLast: boolean, lang: Lang): string {
  const from = formatCount(tier.request_from + 1, lang)
  if (isLast || tier.request_to < 0) return tier.request_from === 0 ? t('tiers.every') : t('tiers.rangeOpen', { from })
  return t('tiers.range', { from, to: formatCount(tier.request_to, lang) })
}

/** A bill that explains itself (docs/requirements.md §9.6): per service, the hits, the free allowance used and each tier. */
export function BillLines({ lines }: { lines: BillLine[] }) {
  const t = useT(billingMessages)
  const serviceName = useServiceName()
  const used = lines.filter((line) => line.hits > 0)
  const unused = lines.filter((line) => line.hits === 0).map((line) => serviceName(line.service))
  return (
    <Card title={t('lines.title')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('lines.intro')}</Typography.Text>
        {used.length === 0 ? <Typography.Text>{t('lines.none')}</Typography.Text> : null}
        {used.map((line) => (
          <ServiceCharge key={line.service} line={line} />
        ))}
        {unused.length > 0 ? (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('lines.unused', { services: unused.join(', ') })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  )
}

function ServiceCharge({ line }: { line: BillLine }) {
  const t = useT(billingMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const applied = line.hits - line.billable
  const tiers = line.tiers.filter((tier) => tier.requests > 0)
  const lastIndex = line.tiers.length - 1

  const columns: ColumnsType<Tier> = [
    {
      key: 'tier',
      title: t('tiers.tier'),
      render: (_value, tier) => tierLabel(t, tier, line.tiers.indexOf(tier) === lastIndex, lang),
    },
    {
      key: 'requests',
      title: t('tiers.requests'),
      align: 'right',
      render: (_value, tier) => formatCount(tier.requests, lang),
    },
    {
      key: 'rate',
      title: t('tiers.rate'),
      align: 'right',
      render: (_value, tier) => (
        <Flex vertical align="flex-end">
          <span>{t('money.usd', { amount: formatDecimal(tier.rate_per_1000, lang) })}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('tiers.exactRate', { rate: formatDecimal(tier.rate, lang, 0) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'amount',
      title: t('tiers.amount'),
      align: 'right',
      render: (_value, tier) => t('money.usd', { amount: formatDecimal(tier.amount, lang) }),
    },
  ]

  return (
    <section aria-label={serviceName(line.service)} data-testid={`line-${line.service}`}>
      <Flex justify="space-between" align="baseline" gap={8} wrap style={{ marginBottom: 8 }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {serviceName(line.service)}
          </Typography.Title>
          {line.private ? <Tag color="purple">{t('lines.privateRate')}</Tag> : null}
        </Flex>
        <Typography.Text strong>
          {t('lines.subtotalOf', { amount: t('money.usd', { amount: formatDecimal(line.subtotal, lang) }) })}
        </Typography.Text>
      </Flex>
      <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 24px', margin: '0 0 8px' }}>
        <Fact term={t('lines.hits')} value={formatCount(line.hits, lang)} />
        <Fact
          term={t('lines.free')}
          value={t('lines.freeApplied', { applied: formatCount(applied, lang), free: formatCount(line.free, lang) })}
        />
        <Fact term={t('lines.billable')} value={formatCount(line.billable, lang)} />
      </dl>
      {line.billable === 0 ? (
        <Typography.Text type="secondary">{t('lines.covered')}</Typography.Text>
      ) : (
        <Table<Tier>
          rowKey={(tier) => String(tier.request_from)}
          size="small"
          columns={columns}
          dataSource={tiers}
          pagination={false}
          scroll={{ x: 'max-content' }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>{t('lines.subtotal')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>
                  {t('money.usd', { amount: formatDecimal(line.subtotal, lang) })}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </section>
  )
}

function Fact({ term, value }: { term: string; value: string }) {
  const { token } = theme.useToken()
  return (
    <div style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
      <dt style={{ color: token.colorTextSecondary }}>{term}</dt>
      <dd style={{ margin: 0, fontWeight: 600 }}>{value}</dd>
    </div>
  )
}
