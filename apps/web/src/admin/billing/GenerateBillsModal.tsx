import { type BillingRun, formatDateTime } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Badge, type BadgeProps, Button, DatePicker, Flex, Modal, Popconfirm, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { FIRST_YEAR, isClosedMonth, lastClosedMonth, type MonthChoice } from './bill-filters.ts'
import { monthLabel } from './bill-format.ts'
import { billingRunsQuery, useGenerateBills } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

const runTones: Record<BillingRun['status'], BadgeProps['status']> = {
  running: 'processing',
  done: 'success',
  failed: 'error',
}

const monthOf = (date: Dayjs): MonthChoice => ({ year: date.year(), month: date.month() + 1 })
const dayOf = (choice: MonthChoice) => dayjs(`${choice.year}-${String(choice.month).padStart(2, '0')}-01`)

/**
 * Generates the bills of a month that has ended, after a confirmation, and shows what the run did
 * (bills created, users skipped because they already had one) above the latest runs.
 */
export function GenerateBillsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(billingMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  const [month, setMonth] = useState<MonthChoice>(() => lastClosedMonth(new Date()))
  const generate = useGenerateBills()
  const runs = useQuery({ ...billingRunsQuery(), enabled: open })
  const chosen = monthLabel(month, lang)
  const failedRun = generate.data?.data.status === 'failed' ? generate.data.data : null

  return (
    <Modal
      open={open}
      onCancel={() => {
        // The next opening starts afresh rather than with this run's outcome.
        if (!generate.isPending) generate.reset()
        onClose()
      }}
      footer={null}
      title={t('generate.title')}
      width={760}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('generate.intro')}
        </Typography.Paragraph>
        <Flex gap={12} wrap align="center">
          <DatePicker
            picker="month"
            aria-label={t('generate.month')}
            placeholder={t('generate.month')}
            allowClear={false}
            value={dayOf(month)}
            format="YYYY-MM"
            disabledDate={(date) => date.year() < FIRST_YEAR || !isClosedMonth(monthOf(date), new Date())}
            onChange={(date) => {
              if (date) setMonth(monthOf(date))
              generate.reset()
            }}
            style={{ flex: '0 1 200px' }}
          />
          <Popconfirm
            title={t('generate.confirm', { month: chosen })}
            description={<div style={{ maxWidth: 300 }}>{t('generate.confirmContent')}</div>}
            okText={common('actions.confirm')}
            cancelText={common('actions.cancel')}
            onConfirm={() => generate.mutateAsync(month).catch(() => undefined)}
          >
            <Button type="primary" loading={generate.isPending}>
              {t('generate.run')}
            </Button>
          </Popconfirm>
        </Flex>
        {generate.data && !failedRun ? (
          <Alert
            type="success"
            showIcon
            title={t('generate.result', {
              month: monthLabel(generate.data.data, lang),
              created: formatCount(generate.data.data.created, lang),
              skipped: formatCount(generate.data.data.skipped, lang),
              users: formatCount(generate.data.data.users, lang),
            })}
          />
        ) : null}
        {failedRun || generate.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('generate.failed', { month: monthLabel(failedRun ?? month, lang) })}
            description={failedRun?.error ?? serverMessage(generate.error) ?? undefined}
          />
        ) : null}
        <section>
          <Typography.Title level={5}>{t('generate.runs')}</Typography.Title>
          <QueryState query={runs}>{(data) => <RunsTable runs={data} />}</QueryState>
        </section>
      </Flex>
    </Modal>
  )
}

function RunsTable({ runs }: { runs: BillingRun[] }) {
  const t = useT(billingMessages)
  const lang = useLang()
  const count = (value: number) => formatCount(value, lang)
  return (
    <Table<BillingRun>
      rowKey={(run) => `${run.year}-${run.month}-${run.started_at}`}
      size="small"
      pagination={false}
      dataSource={runs}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('generate.noRuns') }}
      columns={[
        {
          key: 'month',
          title: t('generate.columns.month'),
          render: (_value, run) => <span style={{ whiteSpace: 'nowrap' }}>{monthLabel(run, lang)}</span>,
        },
        {
          key: 'status',
          title: t('generate.columns.status'),
          dataIndex: 'status',
          render: (status: BillingRun['status'], run) => (
            <Flex vertical>
              <Badge status={runTones[status]} text={t(`generate.status.${status}`)} />
              {run.error ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {run.error}
                </Typography.Text>
              ) : null}
            </Flex>
          ),
        },
        { key: 'created', title: t('generate.columns.created'), dataIndex: 'created', align: 'end', render: count },
        { key: 'skipped', title: t('generate.columns.skipped'), dataIndex: 'skipped', align: 'end', render: count },
        { key: 'users', title: t('generate.columns.users'), dataIndex: 'users', align: 'end', render: count },
        {
          key: 'started',
          title: t('generate.columns.started'),
          dataIndex: 'started_at',
          render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, lang)}</span>,
        },
        {
          key: 'trigger',
          title: t('generate.columns.trigger'),
          dataIndex: 'trigger',
          render: (trigger: BillingRun['trigger']) => t(`generate.trigger.${trigger}`),
        },
      ]}
    />
  )
}
