import type { UseQueryResult } from '@tanstack/react-query'
import { Alert, Button, Empty, Skeleton } from 'antd'
import type { ReactNode } from 'react'
import { commonMessages } from '../i18n/common.i18n.ts'
import { useT } from '../i18n/define.ts'

/**
 * The one way a screen shows a query's loading, error and empty states; `children` renders the data.
 * A failure is an alert with a retry, not antd's Result: Result brings its full-page illustrations
 * into every screen's first load (about 10 kB gzip; bench/README.md, issue 20).
 */
export function QueryState<T>(props: {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
  isEmpty?: (data: T) => boolean
  empty?: ReactNode
}) {
  const t = useT(commonMessages)
  const { query } = props
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('state.failed')}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    )
  }
  if (props.isEmpty?.(query.data)) return <>{props.empty ?? <Empty description={t('state.empty')} />}</>
  return <>{props.children(query.data)}</>
}
