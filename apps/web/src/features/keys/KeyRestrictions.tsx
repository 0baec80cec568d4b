import type { RestrictionRow, ServiceType } from '@app/contract'
import { Flex } from 'antd'
import { RestrictionRows } from './RestrictionRows.tsx'
import { RestrictionTester } from './RestrictionTester.tsx'

/** The key form's restriction rows and their tester, shown once "Restricted" is chosen. */
export function KeyRestrictions({ rows, services }: { rows: RestrictionRow[]; services: ServiceType[] | null }) {
  return (
    <Flex vertical gap={20} style={{ marginBottom: 24 }}>
      <RestrictionRows rows={rows} />
      <RestrictionTester rows={rows} services={services} />
    </Flex>
  )
}
