import type { BalanceLog } from '@app/contract'
import { Verbatim } from './Verbatim.tsx'

/**
 * A balance movement's description: the server reads a system-written one in the reader's language
 * (docs/balance.md "Descriptions"); a staff member's note on their credit (`admin_add`) is shown as
 * they wrote it.
 */
export function BalanceDescription({ log }: { log: Pick<BalanceLog, 'type' | 'description'> }) {
  return log.type === 'admin_add' ? <Verbatim>{log.description}</Verbatim> : log.description
}
