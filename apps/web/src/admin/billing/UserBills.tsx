import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { BillDrawer } from './BillDrawer.tsx'
import { BillsTable } from './BillsTable.tsx'
import { userBillsQuery } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

// The page of this list has its own URL parameter: the keys above it use `page`.
const PAGE_PARAM = 'bills_page'

/** One account's bills, newest month first, with the same set-paid action and drawer as the billing manager. */
export function UserBills({ userId }: { userId: string }) {
  const t = useT(billingMessages)
  const [searchParams, setSearchParams] = useSearchParams()
  const parsed = Number.parseInt(searchParams.get(PAGE_PARAM) ?? '', 10)
  const page = Number.isFinite(parsed) && parsed > 0 ? parsed : 1
  const list = useQuery(userBillsQuery(userId, page))
  const [openId, setOpenId] = useState<string | null>(null)

  const setPage = (next: number) =>
    setSearchParams((params) => {
      const copy = new URLSearchParams(params)
      if (next > 1) copy.set(PAGE_PARAM, String(next))
      else copy.delete(PAGE_PARAM)
      return copy
    })

  return (
    <>
      <BillsTable
        query={list}
        onOpen={setOpenId}
        onPageChange={setPage}
        showCustomer={false}
        emptyText={t('user.empty')}
      />
      <BillDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  )
}
