import { DownloadOutlined } from '@ant-design/icons'
import { AUDIT_ACTIONS, type AuditEntry, formatDateTime } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, DatePicker, Flex, Select, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import type { ReactNode } from 'react'
import { failureText } from '../../api/errors.ts'
import { type KeyOf, type TFunction, useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { ListFrame, ListTable, useListPaging, useLocalPaging } from '../../ui/ListFrame.tsx'
import { Person } from '../../ui/Person.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { AUDIT_PAGE_SIZE, type AuditFilters, auditActionsQuery, auditLogQuery, useExportAuditLog } from './audit.api.ts'
import { auditMessages } from './audit.i18n.ts'

const DAY = 'YYYY-MM-DD'

type LogsTree = NonNullable<(typeof auditMessages)['shape']>

/** An action in the admin's language; one written under an older name shows as the server recorded it. */
function actionLabel(t: TFunction<LogsTree>, action: string): string | null {
  if (!(AUDIT_ACTIONS as readonly string[]).includes(action)) return null
  return t(`actions.${action.replaceAll('.', '_')}` as KeyOf<LogsTree>)
}

const TARGETS = [
  'audit_log',
  'bill',
  'billing_run',
  'campaign',
  'coupon',
  'coupon_type',
  'email_change_request',
  'endpoint',
  'faq',
  'faq_category',
  'file',
  'job',
  'key',
  'notification',
  'payment',
  'plan',
  'range_request',
  'setting',
  'setting_weight',
  'ticket',
  'user',
] as const

/** The settings the log names by their key (the server's `settings` table), as the settings page names them. */
const SETTING_NAMES: Record<string, keyof LogsTree['settings']> = {
  'settings-bank': 'bank',
  seller: 'seller',
  support_contact: 'supportContact',
  maintenance: 'maintenance',
  'pricing.free_month': 'freeMonth',
  'pricing.free_first_register': 'freeFirstRegister',
  'pricing.billing': 'billing',
  'pricing.rival': 'rival',
}

/** Which record: a setting by its name in the admin's language, anything else by its id. */
function targetId(t: TFunction<LogsTree>, entry: Pick<AuditEntry, 'target_type' | 'target_id'>): ReactNode {
  const setting = entry.target_type === 'setting' && entry.target_id ? SETTING_NAMES[entry.target_id] : undefined
  if (setting) return t(`settings.${setting}`)
  return entry.target_id
}

/** What a row is about, in the admin's language; a kind the log no longer writes shows as recorded. */
function targetLabel(t: TFunction<LogsTree>, target: string): ReactNode {
  if (!(TARGETS as readonly string[]).includes(target)) return <Typography.Text code>{target}</Typography.Text>
  return t(`targets.${target}` as KeyOf<LogsTree>)
}

/**
 * /administrator/logs ("History / Logs", admin and support; docs/requirements.md §17.1): the audit log, newest first,
 * searched and filtered by actor, action and days on the server (all in the URL), each row opening to
 * its before and after values; the same selection exports as CSV or XLSX.
 */
export function AuditLogPage() {
  const t = useT(auditMessages)
  const lang = useLang()
  const { message } = App.useApp()
  useDocumentTitle(t('title'))
  const paging = useListPaging(AUDIT_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const [actor, setActor] = useListParam('actor')
  const [action, setAction] = useListParam('action')
  const [from, setFrom] = useListParam('from')
  const [to, setTo] = useListParam('to')
  const filters: AuditFilters = { keyword, actor, action, from, to, page: paging.page }
  const list = useQuery(auditLogQuery(filters, paging.pageSize))
  const actions = useQuery(auditActionsQuery())
  const exporter = useExportAuditLog()
  const isFiltered = Boolean(keyword || actor || action || from || to)

  const onExport = (format: 'csv' | 'xlsx') =>
    exporter.mutateAsync({ filters, format, lang: lang === 'vi' ? 'vi' : 'en' }).catch((error: unknown) => {
      message.error(failureText(t('exportFailed'), error))
    })

  const columns = useAuditColumns()

  return (
    <ListFrame<AuditEntry>
      title={t('title')}
      intro={t('intro')}
      actions={
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => onExport('csv')}>
            {t('exportCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => onExport('xlsx')}>
            {t('exportXlsx')}
          </Button>
        </Flex>
      }
      search={{ value: keyword, placeholder: t('search'), onSearch: setKeyword }}
      filters={
        <>
          <SearchInput
            key={`a${actor}`}
            defaultValue={actor}
            allowClear
            placeholder={t('actor')}
            aria-label={t('actor')}
            onSearch={setActor}
            style={{ flex: '1 1 200px', maxWidth: 280 }}
          />
          <Select<string>
            aria-label={t('action')}
            value={action}
            onChange={(next) => setAction(next || null)}
            showSearch={{ optionFilterProp: 'label' }}
            loading={actions.isFetching}
            options={[
              { value: '', label: t('allActions') },
              ...(actions.data ?? []).map((a) => ({
                value: a.action,
                label: `${actionLabel(t, a.action) ?? a.action} (${a.count})`,
              })),
            ]}
            style={{ flex: '0 1 260px', minWidth: 200 }}
          />
          <DatePicker.RangePicker
            aria-label={t('dates')}
            value={[from ? dayjs(from, DAY) : null, to ? dayjs(to, DAY) : null]}
            allowEmpty={[true, true]}
            onChange={(range) => {
              setFrom(range?.[0]?.format(DAY) ?? null)
              setTo(range?.[1]?.format(DAY) ?? null)
            }}
          />
        </>
      }
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      size="large"
      alwaysPaged
      empty={isFiltered ? t('noMatch') : t('empty')}
      total={(count) => t('total', { count })}
      table={{ scroll: { x: 900 }, expandable: { expandedRowRender: (entry) => <Values entry={entry} /> } }}
    />
  )
}

/** The log's columns: when, who, what (labelled in the reader's language), about what, from where. */
function useAuditColumns(): ColumnsType<AuditEntry> {
  const t = useT(auditMessages)
  const lang = useLang()
  return [
    { key: 'time', title: t('columns.time'), render: (_, e) => formatDateTime(e.created_at, lang), width: 170 },
    {
      key: 'actor',
      title: t('columns.actor'),
      render: (_, e) => <Person name={e.actor_name} email={e.actor_email} fallback={e.actor_id ?? t('system')} />,
    },
    {
      key: 'action',
      title: t('columns.action'),
      render: (_, e) => {
        const label = actionLabel(t, e.action)
        return label ? (
          <Flex vertical>
            <Typography.Text>{label}</Typography.Text>
            <Typography.Text code type="secondary">
              {e.action}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text code>{e.action}</Typography.Text>
        )
      },
    },
    {
      key: 'target',
      title: t('columns.target'),
      render: (_, e) =>
        e.target_name || e.target_email ? (
          <Person name={e.target_name} email={e.target_email} fallback={null} />
        ) : (
          <span>
            {targetLabel(t, e.target_type)}
            {e.target_id ? <Typography.Text type="secondary"> · {targetId(t, e)}</Typography.Text> : null}
          </span>
        ),
    },
    { key: 'ip', title: t('columns.ip'), render: (_, e) => e.ip ?? t('none'), width: 130 },
  ]
}

/**
 * One account's audit trail as a tab of the customer page (EditUserPage.tsx): every row about the
 * account, newest first, each opening to its before and after values.
 */
export function UserAuditTrail({ userId }: { userId: string }) {
  const t = useT(auditMessages)
  const paging = useLocalPaging(AUDIT_PAGE_SIZE)
  const filters: AuditFilters = {
    keyword: '',
    actor: '',
    action: '',
    from: '',
    to: '',
    page: paging.page,
    targetType: 'user',
    targetId: userId,
  }
  const list = useQuery(auditLogQuery(filters, paging.pageSize))
  const columns = useAuditColumns().filter((column) => column.key !== 'target')
  return (
    <ListTable<AuditEntry>
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={t('empty')}
      total={(count) => t('total', { count })}
      table={{ scroll: { x: 800 }, expandable: { expandedRowRender: (entry) => <Values entry={entry} /> } }}
    />
  )
}

function Values({ entry }: { entry: AuditEntry }) {
  const t = useT(auditMessages)
  const show = (value: unknown) => (value === null || value === undefined ? t('none') : JSON.stringify(value, null, 2))
  return (
    <Flex gap={16} wrap>
      {(['before', 'after'] as const).map((side) => (
        <div key={side} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography.Text strong>{t(side)}</Typography.Text>
          <pre style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>
            {show(entry[side])}
          </pre>
        </div>
      ))}
    </Flex>
  )
}
