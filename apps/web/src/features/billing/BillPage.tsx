import { ArrowLeftOutlined, FileExcelOutlined, FilePdfOutlined, WalletOutlined } from '@ant-design/icons'
import { type BillDetail, formatCents, formatDate, parseMoney } from '@app/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Descriptions, Flex, Modal, Row, Typography } from 'antd'
import { Suspense, useState } from 'react'
import { Link, useParams } from 'react-router'
import { failureText, serverMessage } from '../../api/errors.ts'
import { newIdempotencyKey } from '../../api/idempotency.ts'
import { paths } from '../../app/paths.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { i18n } from '../../i18n/i18n.ts'
import { useLang } from '../../i18n/lang.ts'
import { lazyComponent, usePreloaded } from '../../lib/lazy-component.tsx'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { ResultPage } from '../../ui/ResultPage.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { profileQuery } from '../auth/auth.api.ts'
import { isInsufficientBalance, usePayBill } from '../balance/balance.api.ts'
import { PayBillOnline } from '../payments/PayBillOnline.tsx'
import { topUpPath } from '../payments/top-up-path.ts'
import { moneyCents } from '../plans/plan-money.ts'
import { BillLines } from './BillLines.tsx'
import { BillSummary } from './BillSummary.tsx'
import { PaidTag, VatTag } from './BillTags.tsx'
import { formatDay, formatDecimal, formatMonth, isZero } from './bill-format.ts'
import { type BillFileKind, billQuery, downloadBillFile, isMissingBill } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

// The VAT invoice request (a form) beside the bill comes apart from the page, fetched once the page is
// drawn while the bill loads (bench/README.md, issue 20).
const VatRequest = lazyComponent(
  () => import('./VatRequest.tsx'),
  (m) => m.VatRequest,
)

/** /billing/{id}: one bill, explained line by line, with its files and the VAT invoice request. */
export function BillPage() {
  const { id = '' } = useParams()
  const bill = useQuery(billQuery(id))
  usePreloaded(VatRequest)
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
      {!bill.paid && !isZero(bill.total) ? <PayBillOnline bill={bill} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <BillLines lines={bill.lines} />
        </Col>
        <Col xs={24} xl={9}>
          <Flex vertical gap={16}>
            <BillSummary bill={bill} />
            <Suspense fallback={null}>
              <VatRequest.Component bill={bill} />
            </Suspense>
          </Flex>
        </Col>
      </Row>
    </Flex>
  )
}

/**
 * Paid, unpaid with the amount due and "Pay from balance", or nothing to pay. A payment refused for a
 * short balance stays on the screen with a way to top up.
 */
function PaymentState({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const lang = useLang()
  const [shortfall, setShortfall] = useState<string | null>(null)
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
    <Flex vertical gap={8}>
      <Alert
        type="warning"
        showIcon
        title={t('bill.unpaidTitle')}
        description={t('bill.unpaidHint', { amount: t('money.usd', { amount: formatDecimal(bill.total, lang) }) })}
        action={<PayFromBalance bill={bill} onShort={setShortfall} />}
        style={{ flexWrap: 'wrap', rowGap: 8 }}
      />
      {shortfall ? (
        <Alert
          type="error"
          showIcon
          title={shortfall}
          data-testid="pay-shortfall"
          action={
            <LinkButton type="primary" size="small" to={paths.payment}>
              {t('pay.topUp')}
            </LinkButton>
          }
        />
      ) : null}
    </Flex>
  )
}

/**
 * "Pay from balance": a dialog with the amount, the balance as it is now and after paying, then one
 * payment. While the balance is being read or is short of the bill, "Pay" is disabled and, when short,
 * the dialog offers a top-up of exactly the missing amount. Each confirmed click carries its own
 * Idempotency-Key, so a repeated request cannot pay twice. A refusal says "Pay bill error" with the
 * server's reason (the balance may have changed after the dialog read it).
 */
function PayFromBalance({ bill, onShort }: { bill: BillDetail; onShort: (message: string | null) => void }) {
  const t = useT(billingMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const pay = usePayBill(bill.id)
  const [open, setOpen] = useState(false)
  const profile = useQuery(profileQuery())
  const usd = (amount: string) => t('money.usd', { amount: formatDecimal(amount, lang) })
  const due = parseMoney(bill.total) ?? 0n
  // Only a balance read since the dialog opened counts; a refetch in flight leaves it unknown.
  // Signed: an account that owes money (after a refund) has a negative balance, short by more than the bill.
  const balance = open && profile.data && !profile.isFetching ? moneyCents(profile.data.balance) : null
  const missing = balance !== null && balance < due ? due - balance : null

  const onOpen = () => {
    onShort(null)
    void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey })
    setOpen(true)
  }
  const onPay = () =>
    pay
      .mutateAsync(newIdempotencyKey())
      .then(({ message: text }) => {
        message.success(text || i18n.message('balance.billPaid'))
        setOpen(false)
      })
      .catch((error: unknown) => {
        const reason = serverMessage(error)
        const failed = i18n.message('balance.payFailed')
        message.error(reason ? `${failed}: ${reason}` : failed)
        if (isInsufficientBalance(error)) onShort(reason ?? failed)
        setOpen(false)
        // Paid meanwhile (another tab, an administrator): the page shows it.
        void queryClient.invalidateQueries({ queryKey: billQuery(bill.id).queryKey })
      })

  return (
    <>
      <Button type="primary" icon={<WalletOutlined aria-hidden />} loading={pay.isPending} onClick={onOpen}>
        {t('pay.button')}
      </Button>
      <Modal
        open={open}
        title={t('pay.confirmTitle', { code: bill.code })}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Flex gap={8} justify="flex-end" wrap>
            <Button onClick={() => setOpen(false)}>{common('actions.cancel')}</Button>
            {missing !== null ? (
              <LinkButton type="primary" to={topUpPath(formatCents(missing))}>
                {t('pay.topUpMissing', { amount: usd(formatCents(missing)) })}
              </LinkButton>
            ) : null}
            <Button
              type={missing === null ? 'primary' : 'default'}
              disabled={balance === null || missing !== null}
              loading={pay.isPending}
              onClick={() => void onPay()}
            >
              {t('pay.ok', { amount: usd(bill.total) })}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={8}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'amount', label: t('pay.amount'), children: usd(bill.total) },
              { key: 'balance', label: t('pay.balance'), children: balance === null ? '…' : usd(formatCents(balance)) },
              ...(balance !== null && missing === null
                ? [{ key: 'after', label: t('pay.balanceAfter'), children: usd(formatCents(balance - due)) }]
                : []),
            ]}
          />
          {missing !== null ? (
            <Typography.Text type="warning">{t('pay.short', { amount: usd(formatCents(missing)) })}</Typography.Text>
          ) : null}
        </Flex>
      </Modal>
    </>
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
      message.error(failureText(t('files.failed'), error))
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
