import { PlusOutlined } from '@ant-design/icons'
import {
  formatCents,
  formatMoney,
  nanosToCents,
  numberFormat,
  type RangeRequest,
  type RateSetting,
  tieredCharge,
  UNLIMITED,
} from '@app/contract'
import { Alert, Button, Flex, Form, InputNumber, Modal, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { useConfirmedChange } from '../../api/use-confirmed-change.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { i18n } from '../../i18n/i18n.ts'
import { currentLang } from '../../i18n/lang.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { EditDeleteButtons } from '../../ui/RowActions.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { saveRangeCall, useDeleteRange } from './pricing.api.ts'
import { adminPricingMessages } from './pricing.i18n.ts'
import { checkRangeChange, checkRate, nextRangeStart } from './rate-rules.ts'

const PREVIEW_REQUESTS = 1_000_000

/**
 * A setting's graduated ranges (docs/requirements.md §8.2): `request_from` exclusive, `request_to`
 * inclusive, -1 for no upper bound, contiguous from 0. Below them, what a month would cost.
 */
export function RangesPanel({ setting }: { setting: RateSetting }) {
  const t = useT(adminPricingMessages)
  const confirm = useConfirmedChange()
  const remove = useDeleteRange()
  const [editing, setEditing] = useState<RangeRequest | 'new' | null>(null)
  const lang = currentLang()
  const count = numberFormat(lang)
  const ranges = [...setting.ranges].sort((a, b) => a.request_from - b.request_from)
  const canAdd = nextRangeStart(ranges) !== null

  const span = (range: RangeRequest) =>
    range.request_to === UNLIMITED
      ? t('range.spanOver', { from: count.format(range.request_from) })
      : t('range.span', { from: count.format(range.request_from + 1), to: count.format(range.request_to) })

  const onDelete = (range: RangeRequest) =>
    confirm({
      title: t('range.deleteTitle', { span: span(range) }),
      content: t('range.deleteText'),
      okText: t('range.delete'),
      run: () => remove.mutateAsync({ settingId: setting.id, rangeId: range.id }),
      failed: t('range.deleteFailed'),
      failure: (error) => serverMessage(error) ?? t('range.deleteFailed'),
    })

  const columns: ColumnsType<RangeRequest> = [
    { key: 'span', title: t('range.columns.requests'), render: (_value, row) => span(row) },
    {
      key: 'from',
      title: t('range.columns.from'),
      align: 'end',
      render: (_value, row) => count.format(row.request_from),
    },
    {
      key: 'to',
      title: t('range.columns.to'),
      align: 'end',
      render: (_value, row) =>
        row.request_to === UNLIMITED ? <Tag>{t('range.unlimited')}</Tag> : count.format(row.request_to),
    },
    { key: 'rate', title: t('range.columns.rate'), align: 'end', dataIndex: 'rate' },
    {
      key: 'per1000',
      title: t('range.columns.per1000'),
      align: 'end',
      render: (_value, row) => formatMoney(row.rate_per_1000, 'USD', lang),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      align: 'end',
      render: (_value, row) => (
        <EditDeleteButtons
          iconOnly
          edit={{ label: t('range.edit', { span: span(row) }), onClick: () => setEditing(row) }}
          remove={{ label: t('range.deleteLabel', { span: span(row) }), onClick: () => onDelete(row) }}
        />
      ),
    },
  ]

  return (
    <Flex vertical gap={12} style={{ padding: '4px 0' }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={0}>
          <Typography.Text strong>{t('range.title', { type: setting.type })}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {ranges.length ? t('range.intro') : t('range.none', { rate: setting.rate })}
          </Typography.Text>
        </Flex>
        <Tooltip title={canAdd ? undefined : t('range.lastIsUnlimited')}>
          <Button size="small" icon={<PlusOutlined />} disabled={!canAdd} onClick={() => setEditing('new')}>
            {t('range.add')}
          </Button>
        </Tooltip>
      </Flex>
      {ranges.length ? (
        <Table<RangeRequest>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={ranges}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      ) : null}
      <MonthPreview setting={setting} />
      <Modal
        open={editing !== null}
        onCancel={() => setEditing(null)}
        title={
          editing === 'new' ? t('range.addTitle', { type: setting.type }) : t('range.editTitle', { type: setting.type })
        }
        footer={null}
        destroyOnHidden
      >
        {editing !== null ? (
          <RangeForm setting={setting} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Flex>
  )
}

/** "A month of N requests costs $X": the contract's graduated price after the free allowance. */
function MonthPreview({ setting }: { setting: RateSetting }) {
  const t = useT(adminPricingMessages)
  const [requests, setRequests] = useState<number>(PREVIEW_REQUESTS)
  const lang = currentLang()
  const billable = Math.max(0, requests - setting.free)
  const cents = nanosToCents(tieredCharge(billable, setting.ranges, setting.rate).nanos)
  return (
    <Flex vertical gap={2}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text>{t('preview.before')}</Typography.Text>
        <InputNumber<number>
          aria-label={t('preview.requests')}
          size="small"
          min={0}
          max={2_000_000_000}
          precision={0}
          value={requests}
          onChange={(value) => setRequests(value ?? 0)}
          style={{ width: 150 }}
        />
        <Typography.Text>
          {t('preview.after')} <Typography.Text strong>{formatMoney(formatCents(cents), 'USD', lang)}</Typography.Text>
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('preview.free', { free: numberFormat(lang).format(setting.free) })}
      </Typography.Text>
    </Flex>
  )
}

interface RangeValues {
  request_from: number | null
  request_to: number | null
  rate: string
}

function RangeForm({
  setting,
  editing,
  onDone,
}: {
  setting: RateSetting
  editing: RangeRequest | null
  onDone: () => void
}) {
  const t = useT(adminPricingMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<RangeValues>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const save = useAppMutation({
    ...saveRangeCall,
    success: ({ message }) => message || t('range.saved'),
    failure: (error) => serverMessage(error) ?? t(editing ? 'range.editFailed' : 'range.createFailed'),
    onSuccess: onDone,
    onError: showServerErrors,
  })
  const [problem, setProblem] = useState<string | null>(null)

  const initialValues: RangeValues = editing
    ? { request_from: editing.request_from, request_to: editing.request_to, rate: editing.rate }
    : { request_from: nextRangeStart(setting.ranges), request_to: null, rate: '' }

  const onFinish = (values: RangeValues) => {
    if (values.request_from === null || values.request_to === null) return
    const range = { request_from: values.request_from, request_to: values.request_to, rate: values.rate.trim() }
    // The whole set is judged before sending, as the server will judge it (docs/requirements.md §8.2).
    const found = checkRangeChange(setting.ranges, editing?.id ?? null, range)
    if (found) {
      setProblem(i18n.message(found.key, { from: 'from' in found ? found.from : undefined }))
      return
    }
    setProblem(null)
    save.run({ settingId: setting.id, rangeId: editing?.id ?? null, body: range })
  }

  return (
    <Form<RangeValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
      onValuesChange={() => setProblem(null)}
    >
      <Flex gap={12} wrap>
        <Form.Item<RangeValues>
          name="request_from"
          label={t('range.from')}
          extra={t('range.fromHelp')}
          style={{ flex: '1 1 180px' }}
          validateFirst
          rules={[
            { required: true, message: t('range.fromRequired') },
            {
              validator: (_rule, value: number | null) => {
                if (value === UNLIMITED) return Promise.reject(new Error(i18n.message('pricing.rangeStartUnlimited')))
                if (value !== null && value < 0) return Promise.reject(new Error(i18n.message('pricing.rangeNegative')))
                return Promise.resolve()
              },
            },
          ]}
        >
          <InputNumber<number> min={-1} max={2_000_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item<RangeValues>
          name="request_to"
          label={t('range.to')}
          extra={t('range.toHelp')}
          style={{ flex: '1 1 180px' }}
          dependencies={['request_from']}
          validateFirst
          rules={[
            { required: true, message: t('range.toRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: number | null) => {
                const from = getFieldValue('request_from') as number | null
                if (value === null || value === UNLIMITED) return Promise.resolve()
                if (value < 0) return Promise.reject(new Error(i18n.message('pricing.rangeNegative')))
                if (from !== null && value <= from)
                  return Promise.reject(new Error(i18n.message('pricing.rangeToNotAfterFrom')))
                return Promise.resolve()
              },
            }),
          ]}
        >
          <InputNumber<number> min={-1} max={2_000_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item<RangeValues>
        name="rate"
        label={t('range.rate')}
        validateFirst
        rules={[{ required: true, message: t('form.rateRequired') }, ruleFrom(checkRate)]}
      >
        <TextInput inputMode="decimal" prefix="$" autoComplete="off" />
      </Form.Item>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} /> : null}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {common('actions.save')}
        </Button>
      </Flex>
    </Form>
  )
}
