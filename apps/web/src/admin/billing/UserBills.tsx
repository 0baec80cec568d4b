import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { useListPaging } from '../../ui/ListFrame.tsx'
import { BillDrawer } from './BillDrawer.tsx'
import { BillsTable } from './BillsTable.tsx'
import { USER_BILLS_PAGE_SIZE, userBillsQuery } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

// This list's paging has its own URL parameters: the keys above it use `page`.
const PAGING = { page: 'bills_page', pageSize: 'bills_page_size' }

/** One account's bills, newest month first, with the same set-paid action and drawer as the billing manager. */
export function UserBills({ userId }: { userId: string }) {
  const t = useT(billingMessages)
  const paging = useListPaging(USER_BILLS_PAGE_SIZE, PAGING)
  const list = useQuery(userBillsQuery(userId, paging.page, paging.pageSize))
  const [openId, setOpenId] = useState<string | null>(null)

  return (
    <>
      <BillsTable query={list} onOpen={setOpenId} paging={paging} showCustomer={false} emptyText={t('user.empty')} />
      <BillDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  )
}
