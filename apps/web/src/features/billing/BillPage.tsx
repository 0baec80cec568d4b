import { ArrowLeftOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons'
import { type BillDetail, formatDate } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Descriptions, Flex, Row, Typography } from 'antd'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { ResultPage } from '../../ui/ResultPage.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { BillLines } from './BillLines.tsx'
import { BillSummary } from './BillSummary.tsx'
import { PaidTag, VatTag } from './BillTags.tsx'
import { formatDay, formatDecimal, formatMonth, isZero } from './bill-format.ts'
import { type BillFileKind, billQuery, downloadBillFile, isMissingBill, serverMessage } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'
import { VatRequest } from './VatRequest.tsx'

/** /billing/{id}: one bill, explained line by line, with its files and the VAT invoice request. */
export function BillPage() {
  const { id = '' } = useParams()
  const bill = useQuery(billQuery(id))
  if (bill.isError && isMissingBill(bill.error)) return <BillNotFound />
  return <QueryState query={bill}>{(data) => <BillView bill={data} />}</QueryState>
}

function BillNotFound() {
  const t = useT(billingMessages)
  useDocumentTitle(t('notFound.title'))
  return (
    <ResultPage
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.hint')}
      extra={
        <LinkButton type="primary" to={paths.billing}>
          {t('bill.back')}
        </LinkButton>
      }
    />
  )
}

function BillView({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const lang = useLang()
  const title = t('bill.title', { code: bill.code })
  useDocumentTitle(title)
  return (
    <Flex vertical gap={16}>
      <Link to={paths.billing} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {t('bill.back')}
      </Link>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
              {title}
            </Typography.Title>
            <PaidTag isPaid={bill.paid} />
            {bill.vat_requested ? <VatTag /> : null}
          </Flex>
          <Typography.Text type="secondary">{formatMonth(bill.year, bill.month, lang)}</Typography.Text>
        </div>
        <BillFiles bill={bill} />
      </Flex>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'code', label: t('bill.code'), children: bill.code },
            { key: 'month', label: t('bill.month'), children: formatMonth(bill.year, bill.month, lang) },
            {
              key: 'period',
              label: t('bill.period'),
              children: t('period', { from: formatDay(bill.billed_from, lang), to: formatDay(bill.billed_to, lang) }),
            },
            { key: 'date', label: t('bill.billDate'), children: formatDate(bill.bill_date, lang) },
            {
              key: 'status',
              label: t('bill.status'),
              children: bill.paid_at ? (
                t('bill.paidOn', { date: formatDate(bill.paid_at, lang) })
              ) : (
                <PaidTag isPaid={bill.paid} />
              ),
            },
          ]}
        />
      </Card>
      <PaymentState bill={bill} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <BillLines lines={bill.lines} />
        </Col>
        <Col xs={24} xl={9}>
          <Flex vertical gap={16}>
            <BillSummary bill={bill} />
            <VatRequest bill={bill} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  )
}

/** Paid, unpaid with the amount due, or nothing to pay. Paying itself is on the payment screens. */
function PaymentState({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const lang = useLang()
  if (bill.paid) {
    return (
      <Alert
        type="success"
        showIcon
        title={t('bill.paidTitle')}
        description={bill.paid_at ? t('bill.paidHint', { date: formatDate(bill.paid_at, lang) }) : undefined}
      />
    )
  }
  if (isZero(bill.total)) {
    return <Alert type="info" showIcon title={t('bill.nothingDueTitle')} description={t('bill.nothingDueHint')} />
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={t('bill.unpaidTitle')}
      description={t('bill.unpaidHint', { amount: t('money.usd', { amount: formatDecimal(bill.total, lang) }) })}
    />
  )
}

/** The bill as PDF and XLSX, fetched with the session's Authorization header and saved as its code. */
function BillFiles({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const { message } = App.useApp()
  const [busy, setBusy] = useState<BillFileKind | null>(null)
  const onDownload = async (kind: BillFileKind) => {
    setBusy(kind)
    try {
      await downloadBillFile(bill, kind)
    } catch (error) {
      const reason = serverMessage(error)
      message.error(reason ? `${t('files.failed')}: ${reason}` : t('files.failed'))
    } finally {
      setBusy(null)
    }
  }
  return (
    <Flex gap={8} wrap>
      <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void onDownload('pdf')}>
        {t('files.pdf')}
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} onClick={() => void onDownload('xlsx')}>
        {t('files.xlsx')}
      </Button>
    </Flex>
  )
}
