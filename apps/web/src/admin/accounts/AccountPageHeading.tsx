import { ArrowLeftOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Flex, Skeleton, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { ownerQuery } from '../keys/keys.api.ts'

/**
 * The head of a page about one account (its keys and bills, its balance log, its coupon log): the way
 * back to everyone's list, the account's name as the title (and the tab's), its e-mail beside what the
 * page shows, and the page's own buttons. The name comes from the account's profile, asked once for
 * every page that shows it.
 */
export function AccountPageHeading(props: {
  userId: string
  back: { to: string; label: string }
  title: (name: string) => string
  /** The tab's title until the name is known. */
  fallbackTitle: string
  intro: string
  actions?: ReactNode
}) {
  const owner = useQuery(ownerQuery(props.userId))
  const name = owner.data?.full_name || owner.data?.email || ''
  useDocumentTitle(name ? props.title(name) : props.fallbackTitle)
  const heading = owner.isPending ? (
    <Skeleton active title={{ width: 240 }} paragraph={{ rows: 1 }} />
  ) : (
    <>
      <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
        {props.title(name || props.userId)}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {owner.data ? `${owner.data.email} · ` : ''}
        {props.intro}
      </Typography.Text>
    </>
  )
  return (
    <>
      <Link to={props.back.to} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {props.back.label}
      </Link>
      {props.actions ? (
        <Flex justify="space-between" align="flex-end" gap={12} wrap>
          <div style={{ flex: '1 1 320px' }}>{heading}</div>
          {props.actions}
        </Flex>
      ) : (
        <div>{heading}</div>
      )}
    </>
  )
}
