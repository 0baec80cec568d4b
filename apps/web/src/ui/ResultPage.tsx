import { Button } from 'antd'
import type { ResultStatusType } from 'antd/es/result'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LazyResult } from './LazyResult.tsx'

/** A centred full-page message (not found, no permission, maintenance). */
export function ResultPage(props: {
  status: ResultStatusType
  title: ReactNode
  subTitle?: ReactNode
  homeLabel?: string
  extra?: ReactNode
}) {
  return (
    <div style={{ minHeight: '70vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <LazyResult
        status={props.status}
        title={props.title}
        subTitle={props.subTitle}
        extra={
          props.extra ??
          (props.homeLabel ? (
            <Link to="/">
              <Button type="primary">{props.homeLabel}</Button>
            </Link>
          ) : null)
        }
      />
    </div>
  )
}
