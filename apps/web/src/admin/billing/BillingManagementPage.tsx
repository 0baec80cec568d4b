import { DownloadOutlined, ThunderboltOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Flex, Segmented, Select, Typography } from 'antd'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { BillDrawer } from './BillDrawer.tsx'
import { BillSummary } from './BillSummary.tsx'
import { BillsTable } from './BillsTable.tsx'
import { type BillFilters, type BillPaidFilter, summaryMonth } from './bill-filters.ts'
import { monthName } from './bill-format.ts'
import { allBillsQuery, useExportBills } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'
import { GenerateBillsModal } from './GenerateBillsModal.tsx'
import { useBillFilters } from './use-bill-filters.ts'

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1)
const YEARS_SHOWN = 6
const PAID_FILTERS: BillPaidFilter[] = ['all', 'paid', 'unpaid']

/**
 * /administrator/billing-management: every bill, searched, filtered by month, year and payment status,
 * sorted and paged by the server, all of it in the URL; the chosen month's counts above; each bill set
 * paid or back to unpaid after a confirmation, opened in a drawer, the list exported as XLSX; and the
 * bills of an ended month generated on demand.
 */
export function BillingManagementPage() {
  const t = useT(billingMessages)
  useDocumentTitle(t('title'))
  const { message } = App.useApp()
  const { filters, setFilters, paging } = useBillFilters()
  const list = useQuery(allBillsQuery(filters, paging.pageSize))
  const exportBills = useExportBills()
  const lang = useLang()
  const [openId, setOpenId] = useState<string | null>(null)
  const [isGenerateOpen, setGenerateOpen] = useState(false)

  const onExport = () =>
    exportBills.mutateAsync({ filters, lang }).catch((error: unknown) => {
      message.error(failureText(t('exportError'), error))
    })

  const isFiltered = Boolean(filters.keyword || filters.month || filters.year || filters.paid !== 'all')

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 320px' }}>
          {t('intro')}
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={exportBills.isPending} onClick={onExport}>
            {t('actions.export')}
          </Button>
          <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setGenerateOpen(true)}>
            {t('actions.generate')}
          </Button>
        </Flex>
      </Flex>
      <Filters filters={filters} onChange={setFilters} />
      <BillSummary month={summaryMonth(filters, new Date())} />
      <BillsTable
        query={list}
        onOpen={setOpenId}
        paging={paging}
        sort={{ by: filters.sortBy, mode: filters.sortMode, onChange: (sort) => setFilters({ sort }) }}
        bulkPaid
        emptyText={isFiltered ? t('noMatch') : t('empty')}
      />
      <BillDrawer id={openId} onClose={() => setOpenId(null)} />
      <GenerateBillsModal open={isGenerateOpen} onClose={() => setGenerateOpen(false)} />
    </Flex>
  )
}

function Filters({
  filters,
  onChange,
}: {
  filters: BillFilters
  onChange: ReturnType<typeof useBillFilters>['setFilters']
}) {
  const t = useT(billingMessages)
  const lang = useLang()
  const thisYear = new Date().getUTCFullYear()
  const years = Array.from({ length: YEARS_SHOWN }, (_, index) => thisYear - index)
  if (filters.year && !years.includes(filters.year)) years.push(filters.year)
  return (
    <Flex gap={12} wrap align="center">
      <SearchInput
        key={filters.keyword}
        defaultValue={filters.keyword}
        allowClear
        enterButton
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={(keyword) => onChange({ keyword })}
        style={{ flex: '1 1 260px', maxWidth: 420 }}
      />
      <Select<number>
        aria-label={t('filters.month')}
        value={filters.month ?? 0}
        onChange={(month) => onChange({ month: month || null })}
        options={[
          { value: 0, label: t('filters.allMonths') },
          ...MONTHS.map((month) => ({ value: month, label: monthName(month, lang) })),
        ]}
        style={{ flex: '0 1 160px', minWidth: 140 }}
      />
      <Select<number>
        aria-label={t('filters.year')}
        value={filters.year ?? 0}
        onChange={(year) => onChange({ year: year || null })}
        options={[
          { value: 0, label: t('filters.allYears') },
          ...years.sort((a, b) => b - a).map((year) => ({ value: year, label: String(year) })),
        ]}
        style={{ flex: '0 1 130px', minWidth: 110 }}
      />
      <Segmented<BillPaidFilter>
        aria-label={t('filters.state')}
        value={filters.paid}
        onChange={(paid) => onChange({ paid })}
        options={PAID_FILTERS.map((value) => ({ value, label: t(`filters.states.${value}`) }))}
      />
    </Flex>
  )
}
