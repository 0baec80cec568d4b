import { FileExcelOutlined, FilePdfOutlined, MailOutlined } from '@ant-design/icons'
import {
  type BillDetail,
  type BillLine,
  formatDate,
  formatDateTime,
  formatMoney,
  type Lang,
  UNLIMITED,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Card, Descriptions, Drawer, Empty, Flex, Popconfirm, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { type BillFileKind, downloadBillFile } from '../../features/billing/billing.api.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { type TFunction, useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { PaidBadge } from './BillTags.tsx'
import { formatDay, formatDecimal, formatExactUsd, monthLabel } from './bill-format.ts'
import { billQuery, useEmailBill } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'
import { SetPaidButton } from './SetPaidButton.tsx'

type Tier = BillLine['tiers'][number]

/** One bill as it was priced: its customer and period, each service's tiers, the totals and the VAT request. */
export function BillDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT(billingMessages)
  const isNarrow = useMediaQuery('(max-width: 760px)')
  const bill = useQuery({ ...billQuery(id ?? ''), enabled: id !== null })
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={isNarrow ? '100%' : 760}
      title={bill.data ? `${t('detail.title')} ${bill.data.code}` : t('detail.title')}
      extra={
        bill.data ? (
          <Flex gap={8} wrap justify="flex-end">
            <BillFiles bill={bill.data} />
            <EmailBillButton bill={bill.data} />
            <SetPaidButton bill={bill.data} />
          </Flex>
        ) : null
      }
      destroyOnHidden
    >
      {id ? <QueryState query={bill}>{(detail) => <BillDetailView bill={detail} />}</QueryState> : null}
    </Drawer>
  )
}

/**
 * The bill as the customer downloads it, PDF or XLSX (issue 21: the back office had no download), in
 * the reader's language, with the session's Authorization header.
 */
function BillFiles({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const { message } = App.useApp()
  const [busy, setBusy] = useState<BillFileKind | null>(null)
  const onDownload = (kind: BillFileKind) => {
    setBusy(kind)
    downloadBillFile(bill, kind)
      .catch((error: unknown) => message.error(failureText(t('files.failed'), error)))
      .finally(() => setBusy(null))
  }
  return (
    <>
      {(['pdf', 'xlsx'] as const).map((kind) => (
        <Button
          key={kind}
          icon={kind === 'pdf' ? <FilePdfOutlined aria-hidden /> : <FileExcelOutlined aria-hidden />}
          loading={busy === kind}
          aria-label={t('files.of', { code: bill.code, kind: t(`files.${kind}`) })}
          onClick={() => onDownload(kind)}
        >
          {t(`files.${kind}`)}
        </Button>
      ))}
    </>
  )
}

/**
 * Sends the bill to its customer by e-mail, again or for the first time (issue 21), after a
 * confirmation naming the address; the server refuses a second sending within a minute.
 */
function EmailBillButton({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const send = useEmailBill()
  return (
    <Popconfirm
      title={t('email.confirm', { code: bill.code, email: bill.user_email })}
      description={<div style={{ maxWidth: 300 }}>{t('email.content')}</div>}
      okText={common('actions.confirm')}
      cancelText={common('actions.cancel')}
      onConfirm={() =>
        send
          .mutateAsync(bill.id)
          .then(({ message: text }) => message.success(text))
          .catch((error: unknown) => message.error(failureText(t('email.failed'), error)))
      }
    >
      <Button
        icon={<MailOutlined aria-hidden />}
        loading={send.isPending}
        aria-label={t('email.of', { code: bill.code })}
      >
        {t('email.button')}
      </Button>
    </Popconfirm>
  )
}

function BillDetailView({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const lang = useLang()
  const money = (value: string) => formatMoney(value, 'USD', lang)
  return (
    <Flex vertical gap={24}>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          {
            key: 'customer',
            label: t('detail.customer'),
            children: (
              <span style={{ overflowWrap: 'anywhere' }}>
                <Verbatim>{bill.user_name}</Verbatim> · {bill.user_email}
              </span>
            ),
          },
          { key: 'month', label: t('detail.month'), children: monthLabel(bill, lang) },
          {
            key: 'period',
            label: t('detail.period'),
            children: `${formatDay(bill.billed_from, lang)} – ${formatDay(bill.billed_to, lang)}`,
          },
          { key: 'date', label: t('detail.billDate'), children: formatDate(bill.bill_date, lang) },
          {
            key: 'status',
            label: t('detail.status'),
            children: (
              <Flex gap={8} wrap align="center">
                <PaidBadge paid={bill.paid} />
                {bill.paid && bill.paid_at ? (
                  <Typography.Text type="secondary">
                    {t('detail.paidAt', { date: formatDateTime(bill.paid_at, lang) })}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'emailed',
            label: t('detail.emailed'),
            children: bill.emailed_at
              ? t('detail.emailedAt', { date: formatDateTime(bill.emailed_at, lang) })
              : t('detail.notEmailed'),
          },
          {
            key: 'book',
            label: t('detail.priceBook'),
            children: bill.is_new ? t('detail.bookNew') : t('detail.bookLegacy'),
          },
          {
            key: 'rate',
            label: t('detail.exchangeRate'),
            children: t('detail.exchangeRateValue', { rate: formatDecimal(bill.exchange_rate, lang) }),
          },
          {
            key: 'transfer',
            label: t('detail.transferContent'),
            children: <Typography.Text copyable>{bill.transfer_content}</Typography.Text>,
          },
        ]}
      />

      <section>
        <Typography.Title level={5}>{t('detail.services')}</Typography.Title>
        {bill.lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noLines')} />
        ) : (
          <Flex vertical gap={12}>
            {bill.lines.map((line) => (
              <ServiceLine key={line.service} line={line} />
            ))}
          </Flex>
        )}
      </section>

      <section>
        <Typography.Title level={5}>{t('detail.totals')}</Typography.Title>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'before',
              label: t('detail.amountBeforeDiscount'),
              children: money(bill.amount_before_discount),
            },
            {
              key: 'discount',
              label: t('detail.discount', { percent: formatDecimal(bill.discount_percent, lang) }),
              children: bill.discount === '0.00' ? money(bill.discount) : `−${money(bill.discount)}`,
            },
            { key: 'amount', label: t('detail.amount'), children: money(bill.amount) },
            {
              key: 'credit',
              label: t('detail.freeCredit'),
              children: bill.free_credit === '0.00' ? money(bill.free_credit) : `−${money(bill.free_credit)}`,
            },
            {
              key: 'total',
              label: t('detail.total'),
              children: <Typography.Text strong>{money(bill.total)}</Typography.Text>,
            },
            { key: 'vnd', label: t('detail.totalVnd'), children: formatMoney(bill.total_vnd, 'VND', lang) },
          ]}
        />
      </section>

      <section>
        <Typography.Title level={5}>{t('detail.vat')}</Typography.Title>
        {bill.vat_request ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'company', label: t('detail.company'), children: bill.vat_request.company_name },
              { key: 'address', label: t('detail.address'), children: bill.vat_request.company_address },
              { key: 'tax', label: t('detail.taxCode'), children: bill.vat_request.tax_code },
              {
                key: 'email',
                label: t('detail.email'),
                children: <span style={{ overflowWrap: 'anywhere' }}>{bill.vat_request.email}</span>,
              },
              {
                key: 'at',
                label: t('detail.requestedAt'),
                children: formatDateTime(bill.vat_request.requested_at, lang),
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('detail.vatNone')}</Typography.Text>
        )}
      </section>
    </Flex>
  )
}

type BillingTexts = NonNullable<(typeof billingMessages)['shape']>

/** "100,001 – 200,000", "Over 500,000": ranges start after `request_from` and include `request_to`. */
function tierLabel(tier: Tier, lang: Lang, t: TFunction<BillingTexts>) {
  if (tier.request_to === UNLIMITED) {
    return tier.request_from === 0
      ? t('detail.tier.every')
      : t('detail.tier.above', { from: formatCount(tier.request_from, lang) })
  }
  return t('detail.tier.range', {
    from: formatCount(tier.request_from + 1, lang),
    to: formatCount(tier.request_to, lang),
  })
}

function ServiceLine({ line }: { line: BillLine }) {
  const t = useT(billingMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const count = (value: number) => formatCount(value, lang)
  const charged = line.tiers.filter((tier) => tier.requests > 0)
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          <span>{serviceName(line.service)}</span>
          {line.private ? <Tag>{t('detail.private')}</Tag> : null}
        </Flex>
      }
      extra={
        <Flex gap={6} align="baseline">
          <Typography.Text type="secondary">{t('detail.subtotal')}</Typography.Text>
          <Typography.Text strong>{formatMoney(line.subtotal, 'USD', lang)}</Typography.Text>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {t('detail.usage', { hits: count(line.hits), free: count(line.free), billable: count(line.billable) })}
        </Typography.Text>
        {charged.length > 0 ? (
          <Table<Tier>
            rowKey={(tier) => `${tier.request_from}`}
            size="small"
            pagination={false}
            dataSource={charged}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'range',
                title: t('detail.tierColumns.range'),
                render: (_value, tier) => <span style={{ whiteSpace: 'nowrap' }}>{tierLabel(tier, lang, t)}</span>,
              },
              {
                key: 'requests',
                title: t('detail.tierColumns.requests'),
                dataIndex: 'requests',
                align: 'end',
                render: count,
              },
              {
                key: 'rate',
                title: t('detail.tierColumns.rate'),
                dataIndex: 'rate_per_1000',
                align: 'end',
                render: (value: string) => formatMoney(value, 'USD', lang),
              },
              {
                key: 'amount',
                title: t('detail.tierColumns.amount'),
                dataIndex: 'amount',
                align: 'end',
                render: (value: string) => formatExactUsd(value, lang),
              },
            ]}
          />
        ) : null}
      </Flex>
    </Card>
  )
}
