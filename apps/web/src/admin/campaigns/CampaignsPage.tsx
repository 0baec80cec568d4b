import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { Campaign } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Flex, Image, Input, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { failureText } from '../../features/keys/keys.api.ts'
import { useT } from '../../i18n/define.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { useLastPage, useListParam } from '../coupons/use-list-params.ts'
import { CampaignFormModal } from './CampaignFormModal.tsx'
import { campaignsQuery, useDeleteCampaign } from './campaigns.api.ts'
import { campaignsMessages } from './campaigns.i18n.ts'

function statusOf(campaign: Campaign, today: string): 'active' | 'upcoming' | 'ended' {
  if (campaign.active) return 'active'
  return campaign.start_date > today ? 'upcoming' : 'ended'
}

/**
 * /administrator/campaigns: the dashboard banners, searched by code or name and paged by the server
 * (page and search in the URL), created, edited and deleted in place.
 */
export function CampaignsPage() {
  const t = useT(campaignsMessages)
  useDocumentTitle(t('title'))
  const { modal, message } = App.useApp()
  const [page, setPage] = usePageParam()
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(campaignsQuery(page, keyword))
  const remove = useDeleteCampaign()
  const [editing, setEditing] = useState<Campaign | null>(null)
  const [isOpen, setOpen] = useState(false)
  useLastPage(list.data, page, setPage)
  const today = new Date().toISOString().slice(0, 10)

  const confirmDelete = (campaign: Campaign) =>
    modal.confirm({
      title: t('delete.title', { code: campaign.code }),
      content: t('delete.content'),
      okText: t('delete.button'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync(campaign.id)
          .then(() => {
            message.success(t('delete.done'))
          })
          .catch((error: unknown) => {
            message.error(failureText(t('delete.failed'), error))
          }),
    })

  const colors = { active: 'green', upcoming: 'blue', ended: 'default' } as const
  const columns: ColumnsType<Campaign> = [
    {
      key: 'image',
      title: t('columns.image'),
      render: (_v, c) =>
        c.file ? (
          <Image src={c.file} width={96} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" />
        ) : null,
    },
    {
      key: 'code',
      title: t('columns.code'),
      dataIndex: 'code',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    { key: 'name', title: t('columns.name'), dataIndex: 'name' },
    {
      key: 'dates',
      title: t('columns.dates'),
      render: (_v, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>{t('dates', { from: c.start_date, to: c.end_date })}</span>
      ),
    },
    {
      key: 'url',
      title: t('columns.url'),
      dataIndex: 'url',
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Typography.Link>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_v, c) => {
        const status = statusOf(c, today)
        return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>
      },
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_v, c) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('editOf', { code: c.code })}
            onClick={() => {
              setEditing(c)
              setOpen(true)
            }}
          >
            {t('edit')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('delete.of', { code: c.code })}
            onClick={() => confirmDelete(c)}
          >
            {t('delete.button')}
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null)
            setOpen(true)
          }}
        >
          {t('create')}
        </Button>
      </Flex>
      <Input.Search
        key={keyword}
        defaultValue={keyword}
        allowClear
        enterButton
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={setKeyword}
        style={{ maxWidth: 420 }}
      />
      <QueryState query={list}>
        {(data) => (
          <Table<Campaign>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data.items}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: keyword ? t('noMatch', { keyword }) : t('empty') }}
            pagination={{
              current: data.page,
              pageSize: data.page_size,
              total: data.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('total', { count: total }),
              onChange: setPage,
            }}
          />
        )}
      </QueryState>
      <CampaignFormModal open={isOpen} campaign={editing} onClose={() => setOpen(false)} />
    </Flex>
  )
}
