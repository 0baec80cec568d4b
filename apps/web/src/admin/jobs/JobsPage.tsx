import { HistoryOutlined, PlayCircleOutlined, RedoOutlined } from '@ant-design/icons'
import {
  formatDateTime,
  JOB_RUN_STATES,
  type JobName,
  type JobRun,
  type JobRunState,
  type JobSummary,
  numberFormat,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Drawer, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useConfirmedChange } from '../../api/use-confirmed-change.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { ListTable, useLocalPaging } from '../../ui/ListFrame.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { JOB_RUNS_PAGE_SIZE, jobRunsQuery, jobsQuery, useRetryJobRun, useRunJobNow } from './jobs.api.ts'
import { jobsMessages } from './jobs.i18n.ts'
import { scheduleWords } from './schedule-text.ts'

// Preset palettes, legible in both themes.
const stateColor: Record<JobRunState, string> = {
  created: 'default',
  retry: 'orange',
  active: 'blue',
  completed: 'green',
  cancelled: 'default',
  failed: 'red',
  dead: 'volcano',
}

function StateTag({ state }: { state: JobRunState }) {
  const t = useT(jobsMessages)
  return <Tag color={stateColor[state]}>{t(`states.${state}`)}</Tag>
}

function useScheduleText() {
  const t = useT(jobsMessages)
  return (cron: string | null) => {
    const words = scheduleWords(cron)
    switch (words.kind) {
      case 'everyMinute':
        return t('schedule.everyMinute')
      case 'everyMinutes':
        return t('schedule.everyMinutes', { minutes: words.minutes })
      case 'hourly':
        return t('schedule.hourly', { minute: String(words.minute).padStart(2, '0') })
      case 'onDemand':
        return t('schedule.onDemand')
      default:
        return t('schedule.cron', { expression: words.expression })
    }
  }
}

function useDuration() {
  const t = useT(jobsMessages)
  const lang = useLang()
  const number = numberFormat(lang, { maximumFractionDigits: 1 })
  return (ms: number | null) =>
    ms === null
      ? '—'
      : ms < 1000
        ? t('runs.milliseconds', { value: number.format(ms) })
        : t('runs.seconds', { value: number.format(ms / 1000) })
}

const RESULT_KEYS = [
  'billed',
  'year',
  'month',
  'created',
  'status',
  'handled',
  'continued',
  'stopped',
  'sent',
  'expired',
  'taken_back_cents',
  'checked',
  'settled',
  'deleted',
] as const
type ResultKey = (typeof RESULT_KEYS)[number]
const isResultKey = (key: string): key is ResultKey => (RESULT_KEYS as readonly string[]).includes(key)

/** What a run did or why it failed, in words. */
function Outcome({ run }: { run: JobRun }) {
  const t = useT(jobsMessages)
  const lang = useLang()
  if (run.error) {
    return (
      <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
        {run.error}
      </Typography.Text>
    )
  }
  if (!run.result || Object.keys(run.result).length === 0) return <Typography.Text type="secondary">—</Typography.Text>
  const number = numberFormat(lang)
  const parts = Object.entries(run.result).map(([key, value]) => {
    const label = isResultKey(key) ? t(`results.${key}`) : key
    const shown =
      typeof value === 'boolean'
        ? t(value ? 'results.yes' : 'results.no')
        : typeof value === 'number'
          ? key === 'year'
            ? String(value)
            : number.format(value)
          : String(value)
    return `${label}: ${shown}`
  })
  return <span style={{ overflowWrap: 'anywhere' }}>{parts.join(' · ')}</span>
}

/**
 * /administrator/jobs (docs/jobs.md "The Jobs page"): every background job with its schedule, next and
 * last run, queue, failures and dead letters; "Run now" and each job's history, where a dead-lettered
 * run can be tried again. Both changes are audited and asked about first.
 */
export function JobsPage() {
  const t = useT(jobsMessages)
  useDocumentTitle(t('title'))
  const lang = useLang()
  const jobs = useQuery(jobsQuery())
  const [open, setOpen] = useState<{ name: JobName; state: JobRunState | null } | null>(null)
  const confirm = useConfirmedChange()
  const runNow = useRunJobNow()
  const scheduleText = useScheduleText()
  const duration = useDuration()

  const onRunNow = (job: JobSummary) => {
    const name = t(`names.${job.name}`)
    confirm({
      title: t('confirmRun.title', { name }),
      content: t('confirmRun.content'),
      okText: t('confirmRun.ok'),
      danger: false,
      run: () => runNow.mutateAsync(job.name),
      done: t('confirmRun.done'),
      failed: t('confirmRun.failed'),
    })
  }

  const columns: ColumnsType<JobSummary> = [
    {
      key: 'job',
      title: t('columns.job'),
      render: (_v, job) => (
        <Flex vertical style={{ minWidth: 220, maxWidth: 360 }}>
          <Typography.Text strong>{t(`names.${job.name}`)}</Typography.Text>
          <Typography.Text type="secondary">{t(`descriptions.${job.name}`)}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'schedule', title: t('columns.schedule'), render: (_v, job) => scheduleText(job.schedule) },
    {
      key: 'next',
      title: t('columns.nextRun'),
      render: (_v, job) => (
        <span style={{ whiteSpace: 'nowrap' }}>{job.next_run_at ? formatDateTime(job.next_run_at, lang) : '—'}</span>
      ),
    },
    {
      key: 'last',
      title: t('columns.lastRun'),
      render: (_v, job) =>
        job.last_run ? (
          <Flex vertical gap={2} align="flex-start">
            <StateTag state={job.last_run.state} />
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(job.last_run.started_at ?? job.last_run.created_at, lang)} ·{' '}
              {duration(job.last_run.duration_ms)}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('never')}</Typography.Text>
        ),
    },
    {
      key: 'queue',
      title: t('columns.queue'),
      render: (_v, job) =>
        job.active || job.queued ? (
          <Flex vertical gap={2}>
            {job.active ? <Tag color="blue">{t('queue.running', { count: job.active })}</Tag> : null}
            {job.queued ? <Tag>{t('queue.waiting', { count: job.queued })}</Tag> : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('queue.idle')}</Typography.Text>
        ),
    },
    {
      key: 'failures',
      title: t('columns.failures'),
      align: 'end',
      render: (_v, job) => (
        <Typography.Text type={job.failures_24h ? 'danger' : 'secondary'}>{job.failures_24h}</Typography.Text>
      ),
    },
    {
      key: 'dead',
      title: t('columns.dead'),
      align: 'end',
      render: (_v, job) =>
        job.dead ? (
          <Button
            type="link"
            danger
            style={{ padding: 0 }}
            onClick={() => setOpen({ name: job.name, state: 'dead' })}
            aria-label={`${t('columns.dead')}: ${job.dead}`}
          >
            <Badge count={job.dead} color="volcano" />
          </Button>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'end',
      render: (_v, job) => (
        <Flex gap={8} wrap>
          <Button
            size="small"
            icon={<PlayCircleOutlined />}
            aria-label={t('runNowOf', { name: t(`names.${job.name}`) })}
            onClick={() => onRunNow(job)}
          >
            {t('runNow')}
          </Button>
          <Button
            size="small"
            icon={<HistoryOutlined />}
            aria-label={t('historyOf', { name: t(`names.${job.name}`) })}
            onClick={() => setOpen({ name: job.name, state: null })}
          >
            {t('history')}
          </Button>
        </Flex>
      ),
    },
  ]

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </div>
      <QueryState query={jobs}>
        {(data) => (
          <Table<JobSummary>
            rowKey="name"
            columns={columns}
            dataSource={data}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        )}
      </QueryState>
      <JobRunsDrawer open={open} onClose={() => setOpen(null)} />
    </Flex>
  )
}

function JobRunsDrawer({
  open,
  onClose,
}: {
  open: { name: JobName; state: JobRunState | null } | null
  onClose: () => void
}) {
  const t = useT(jobsMessages)
  const isNarrow = useMediaQuery('(max-width: 760px)')
  return (
    <Drawer
      open={open !== null}
      onClose={onClose}
      size={isNarrow ? '100%' : 900}
      title={open ? t('runs.title', { name: t(`names.${open.name}`) }) : ''}
      destroyOnHidden
    >
      {open ? <JobRuns name={open.name} initialState={open.state} /> : null}
    </Drawer>
  )
}

function JobRuns({ name, initialState }: { name: JobName; initialState: JobRunState | null }) {
  const t = useT(jobsMessages)
  const lang = useLang()
  const [state, setState] = useState<JobRunState | null>(initialState)
  const paging = useLocalPaging(JOB_RUNS_PAGE_SIZE)
  const runs = useQuery(jobRunsQuery(name, paging.page, paging.pageSize, state))
  const confirm = useConfirmedChange()
  const retry = useRetryJobRun()
  const duration = useDuration()
  const when = (value: string | null) => (value ? formatDateTime(value, lang) : '—')

  const onRetry = (run: JobRun) =>
    confirm({
      title: t('confirmRetry.title'),
      content: t('confirmRetry.content'),
      okText: t('confirmRetry.ok'),
      danger: false,
      run: () => retry.mutateAsync({ name, id: run.id }),
      done: t('confirmRetry.done'),
      failed: t('confirmRetry.failed'),
    })

  const columns: ColumnsType<JobRun> = [
    {
      key: 'created',
      title: t('runs.created'),
      render: (_v, run) => <span style={{ whiteSpace: 'nowrap' }}>{when(run.created_at)}</span>,
    },
    { key: 'state', title: t('runs.state'), render: (_v, run) => <StateTag state={run.state} /> },
    {
      key: 'trigger',
      title: t('runs.trigger'),
      render: (_v, run) =>
        run.requested_by
          ? t('runs.by', { trigger: t(`triggers.${run.trigger}`), who: run.requested_by })
          : t(`triggers.${run.trigger}`),
    },
    {
      key: 'started',
      title: t('runs.started'),
      render: (_v, run) => <span style={{ whiteSpace: 'nowrap' }}>{when(run.started_at)}</span>,
    },
    { key: 'duration', title: t('runs.duration'), align: 'end', render: (_v, run) => duration(run.duration_ms) },
    { key: 'tries', title: t('runs.tries'), align: 'end', dataIndex: 'retry_count' },
    {
      key: 'outcome',
      title: t('runs.outcome'),
      render: (_v, run) => (
        <div style={{ minWidth: 200, maxWidth: 320 }}>
          <Outcome run={run} />
        </div>
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_v, run) =>
        run.state === 'dead' ? (
          <Tooltip title={t('runs.retryOf', { when: when(run.created_at) })}>
            <Button
              size="small"
              icon={<RedoOutlined />}
              aria-label={t('runs.retryOf', { when: when(run.created_at) })}
              onClick={() => onRetry(run)}
            >
              {t('runs.retry')}
            </Button>
          </Tooltip>
        ) : null,
    },
  ]

  return (
    <Flex vertical gap={12}>
      <Select<JobRunState | 'all'>
        aria-label={t('runs.state')}
        value={state ?? 'all'}
        onChange={(value) => {
          setState(value === 'all' ? null : value)
          paging.setPage(1)
        }}
        style={{ maxWidth: 240 }}
        options={[
          { value: 'all', label: t('runs.allStates') },
          ...JOB_RUN_STATES.map((value) => ({ value, label: t(`states.${value}`) })),
        ]}
      />
      <ListTable<JobRun>
        query={runs}
        paging={paging}
        columns={columns}
        rowKey="id"
        size="small"
        fetching={false}
        empty={t('runs.empty')}
        total={(count) => t('runs.total', { count })}
      />
    </Flex>
  )
}
