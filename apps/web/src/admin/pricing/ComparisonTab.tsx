import { DeleteOutlined } from '@ant-design/icons'
import { type RivalRates, SERVICE_TYPES, type ServiceType } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Flex, Form, type FormListFieldData, InputNumber, Select, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { optionalRuleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { utcToday } from '../coupons/coupon-rules.ts'
import { usePopupTierLabels } from './popup-tiers.ts'
import { type RivalBody, rivalRatesQuery, setRivalRatesCall } from './pricing.api.ts'
import { adminPricingMessages } from './pricing.i18n.ts'
import { checkRivalPrice } from './rate-rules.ts'
import { ServiceName } from './ServiceName.tsx'

/** The rival's list prices the pricing popup compares with (per 1000 requests, per popup tier). */
export function ComparisonTab() {
  const t = useT(adminPricingMessages)
  const rival = useQuery(rivalRatesQuery())
  return (
    <Flex vertical gap={16}>
      <div style={{ maxWidth: 640 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('rival.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('rival.intro')}</Typography.Text>
      </div>
      <QueryState query={rival}>{(data) => <RivalForm rival={data} />}</QueryState>
    </Flex>
  )
}

const dayOf = (date: Dayjs) => date.format('YYYY-MM-DD')

interface RivalRow {
  service: ServiceType
  /** One per popup tier; '' where the rival has no such product. */
  per_1000: string[]
  free: number | null
}

interface RivalValues {
  name: string
  as_of: Dayjs | null
  services: RivalRow[]
}

function RivalForm({ rival }: { rival: RivalRates }) {
  const t = useT(adminPricingMessages)
  const serviceName = useServiceName()
  const common = useT(commonMessages)
  const [form] = Form.useForm<RivalValues>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const save = useAppMutation({
    ...setRivalRatesCall,
    success: ({ message }) => message || t('rival.saved'),
    failure: (error) => serverMessage(error) ?? t('rival.failed'),
    onError: showServerErrors,
  })
  const tiers = usePopupTierLabels()

  const initialValues: RivalValues = {
    name: rival.name,
    as_of: rival.as_of ? dayjs(rival.as_of) : null,
    services: rival.services.map((row) => ({
      service: row.service,
      per_1000: row.per_1000.map((price) => price ?? ''),
      free: row.free,
    })),
  }
  const rows = (Form.useWatch('services', form) as RivalRow[] | undefined) ?? initialValues.services
  const missing = SERVICE_TYPES.filter((type) => !rows.some((row) => row?.service === type))
  const serviceAt = (field: FormListFieldData) =>
    (form.getFieldValue(['services', field.name, 'service']) as ServiceType | undefined) ?? ''

  const onFinish = (values: RivalValues) => {
    const body: RivalBody = {
      name: values.name.trim(),
      as_of: values.as_of ? dayOf(values.as_of) : '',
      services: (values.services ?? []).map((row) => ({
        service: row.service,
        per_1000: row.per_1000.map((price) => (price ?? '').trim() || null),
        free: row.free ?? 0,
      })),
    }
    save.run(body)
  }

  return (
    <Form<RivalValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item<RivalValues>
        name="name"
        label={t('rival.name')}
        rules={[{ required: true, whitespace: true, message: t('rival.nameRequired') }]}
        style={{ maxWidth: 360 }}
      >
        <TextInput maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item<RivalValues>
        name="as_of"
        label={t('rival.asOf')}
        extra={t('rival.asOfHelp')}
        rules={[{ required: true, message: t('rival.asOfRequired') }]}
        style={{ maxWidth: 360 }}
      >
        <DatePicker
          aria-label={t('rival.asOf')}
          disabledDate={(date) => dayOf(date) > utcToday(new Date())}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.List name="services">
        {(fields, { add, remove }) => {
          const columns: ColumnsType<FormListFieldData> = [
            {
              key: 'service',
              title: t('columns.type'),
              render: (_value, field) => <ServiceName type={serviceAt(field)} />,
            },
            ...tiers.map((label, index) => ({
              key: `tier-${index}`,
              title: label,
              render: (_value: unknown, field: FormListFieldData) => (
                <Form.Item
                  name={[field.name, 'per_1000', index]}
                  rules={[optionalRuleFrom(checkRivalPrice)]}
                  style={{ margin: 0 }}
                >
                  <TextInput
                    prefix="$"
                    placeholder="—"
                    inputMode="decimal"
                    aria-label={t('rival.priceLabel', { service: serviceName(serviceAt(field)), tier: label })}
                    style={{ width: 120 }}
                  />
                </Form.Item>
              ),
            })),
            {
              key: 'free',
              title: t('rival.free'),
              render: (_value, field) => (
                <Form.Item name={[field.name, 'free']} style={{ margin: 0 }}>
                  <InputNumber<number>
                    min={0}
                    max={2_000_000_000}
                    precision={0}
                    aria-label={t('rival.freeLabel', { service: serviceName(serviceAt(field)) })}
                    style={{ width: 120 }}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'actions',
              title: t('columns.actions'),
              align: 'end',
              render: (_value, field) => (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('rival.remove', { service: serviceName(serviceAt(field)) })}
                  onClick={() => remove(field.name)}
                />
              ),
            },
          ]
          return (
            <Flex vertical gap={12} style={{ marginBottom: 16 }}>
              <Table<FormListFieldData>
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={fields}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('rival.empty') }}
              />
              {missing.length ? (
                <Select<ServiceType>
                  aria-label={t('rival.add')}
                  placeholder={t('rival.add')}
                  value={null}
                  showSearch
                  options={missing.map((type) => ({ value: type, label: type }))}
                  onChange={(service) => add({ service, per_1000: ['', '', '', ''], free: 0 })}
                  style={{ width: 280, maxWidth: '100%' }}
                />
              ) : null}
            </Flex>
          )
        }}
      </Form.List>
      <Flex gap={8} align="center" wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {common('actions.save')}
        </Button>
        <Typography.Text type="secondary">{t('rival.emptyMeansNone')}</Typography.Text>
      </Flex>
    </Form>
  )
}
