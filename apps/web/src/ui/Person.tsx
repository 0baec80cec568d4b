import { Flex, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Verbatim } from './Verbatim.tsx'

/**
 * A person in a log row: their name, with the e-mail beneath in grey (issue 21: the logs showed
 * `usr_…` ids). Without a name (an account deleted since, an old row) the e-mail alone; without
 * either, `fallback` (the system, or the recorded id).
 */
export function Person({ name, email, fallback }: { name: string | null; email: string | null; fallback: ReactNode }) {
  if (!name && !email) return <>{fallback}</>
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>
        <Verbatim>{name || email}</Verbatim>
      </Typography.Text>
      {name && email ? (
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}
