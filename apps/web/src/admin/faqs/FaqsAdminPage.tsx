import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { type Faq, type FaqCategory, type FaqStatus, formatDate, formatDateTime } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Popconfirm, Select, Tabs, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { ListTable, useListPaging, useLocalPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim, verbatimCell } from '../../ui/Verbatim.tsx'
import {
  adminFaqsQuery,
  categoriesQuery,
  categoryChoicesQuery,
  FAQS_PAGE_SIZE,
  useDeleteCategory,
  useDeleteFaq,
} from './admin-faqs.api.ts'
import { adminFaqsMessages } from './admin-faqs.i18n.ts'
import { CategoryFormModal } from './CategoryFormModal.tsx'
import { FaqFormModal } from './FaqFormModal.tsx'

/** An icon button that opens an entry's or a category's form. */
function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" icon={<EditOutlined />} aria-label={label} onClick={onClick} />
    </Tooltip>
  )
}

function EntriesTab() {
  const t = useT(adminFaqsMessages)
  const lang = useLang()
  const paging = useListPaging(FAQS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const [categoryId, setCategoryId] = useListParam('category_id')
  const [rawStatus, setStatus] = useListParam('status')
  const status: FaqStatus | null = rawStatus === 'open' || rawStatus === 'closed' ? rawStatus : null
  const list = useQuery(
    adminFaqsQuery({ page: paging.page, pageSize: paging.pageSize, keyword, categoryId: categoryId || null, status }),
  )
  const categories = useQuery(categoryChoicesQuery())
  const remove = useDeleteFaq()
  const [editing, setEditing] = useState<Faq | null>(null)
  const [isOpen, setOpen] = useState(false)
  const openForm = (faq: Faq | null) => {
    setEditing(faq)
    setOpen(true)
  }

  const columns: ColumnsType<Faq> = [
    {
      key: 'title',
      title: t('entries.columns.title'),
      render: (_v, faq) => (
        <span style={{ overflowWrap: 'anywhere', display: 'inline-block', minWidth: 200 }} translate="no">
          {faq.title}
        </span>
      ),
    },
    {
      key: 'category',
      title: t('entries.columns.category'),
      render: (_v, faq) => <Verbatim>{faq.category.name}</Verbatim>,
    },
    {
      key: 'status',
      title: t('entries.columns.status'),
      render: (_v, faq) => <Tag color={faq.status === 'open' ? 'green' : 'default'}>{t(`status.${faq.status}`)}</Tag>,
    },
    {
      key: 'answeredBy',
      title: t('entries.columns.answeredBy'),
      render: (_v, faq) => <Verbatim>{faq.answered_by?.full_name ?? '—'}</Verbatim>,
    },
    {
      key: 'time',
      title: t('entries.columns.time'),
      render: (_v, faq) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(faq.time, lang)}</span>,
    },
    {
      key: 'actions',
      title: t('entries.columns.actions'),
      render: (_v, faq) => (
        <Flex gap={4}>
          <EditButton label={t('entries.edit')} onClick={() => openForm(faq)} />
          <Popconfirm title={t('entries.deleteConfirm')} onConfirm={() => remove.mutate(faq.id)}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('entries.delete')} />
          </Popconfirm>
        </Flex>
      ),
    },
  ]

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center">
        <SearchInput
          key={keyword}
          defaultValue={keyword}
          allowClear
          enterButton
          placeholder={t('entries.search')}
          aria-label={t('entries.search')}
          onSearch={setKeyword}
          style={{ maxWidth: 360, flex: '1 1 240px' }}
        />
        <Select
          aria-label={t('entries.category')}
          value={categoryId || ''}
          onChange={(value) => setCategoryId(value || null)}
          style={{ minWidth: 200 }}
          options={[
            { value: '', label: t('entries.allCategories') },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <Select
          aria-label={t('entries.status')}
          value={status ?? ''}
          onChange={(value) => setStatus(value || null)}
          style={{ minWidth: 140 }}
          options={[
            { value: '', label: t('entries.all') },
            { value: 'open', label: t('status.open') },
            { value: 'closed', label: t('status.closed') },
          ]}
        />
        <div style={{ flex: 1 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          {t('entries.create')}
        </Button>
      </Flex>
      <ListTable<Faq>
        query={list}
        paging={paging}
        columns={columns}
        rowKey="id"
        empty={keyword || categoryId || status ? t('entries.noMatch') : t('entries.empty')}
        total={(total) => t('entries.total', { count: total })}
      />
      <FaqFormModal faq={editing} open={isOpen} onClose={() => setOpen(false)} />
    </Flex>
  )
}

function CategoriesTab() {
  const t = useT(adminFaqsMessages)
  const lang = useLang()
  const paging = useLocalPaging(FAQS_PAGE_SIZE)
  const list = useQuery(categoriesQuery(paging.page, paging.pageSize))
  const remove = useDeleteCategory()
  const [editing, setEditing] = useState<FaqCategory | null>(null)
  const [isOpen, setOpen] = useState(false)
  const openForm = (category: FaqCategory | null) => {
    setEditing(category)
    setOpen(true)
  }

  const columns: ColumnsType<FaqCategory> = [
    { key: 'name', title: t('categories.columns.name'), dataIndex: 'name', onCell: verbatimCell },
    { key: 'faqs', title: t('categories.columns.entries'), dataIndex: 'faqs', align: 'right' },
    {
      key: 'created',
      title: t('categories.columns.created'),
      render: (_v, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(c.created_at, lang)}</span>,
    },
    {
      key: 'actions',
      title: t('categories.columns.actions'),
      render: (_v, c) => (
        <Flex gap={4}>
          <EditButton label={t('categories.rename')} onClick={() => openForm(c)} />
          {c.faqs > 0 ? (
            <Tooltip title={t('categories.inUse')}>
              <Button type="text" danger disabled icon={<DeleteOutlined />} aria-label={t('categories.delete')} />
            </Tooltip>
          ) : (
            <Popconfirm title={t('categories.deleteConfirm', { name: c.name })} onConfirm={() => remove.mutate(c.id)}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('categories.delete')} />
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ]

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          {t('categories.create')}
        </Button>
      </Flex>
      <ListTable<FaqCategory>
        query={list}
        paging={paging}
        columns={columns}
        rowKey="id"
        empty={t('categories.empty')}
        total={(total) => t('categories.total', { count: total })}
      />
      <CategoryFormModal category={editing} open={isOpen} onClose={() => setOpen(false)} />
    </Flex>
  )
}

/** /administrator/faqs: FAQ entries (filters in the URL) and their categories, on two tabs. */
export function FaqsAdminPage() {
  const t = useT(adminFaqsMessages)
  useDocumentTitle(t('title'))
  const [searchParams, setSearchParams] = useSearchParams()
  const tab = searchParams.get('tab') === 'categories' ? 'categories' : 'entries'
  return (
    <Flex vertical gap={8}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams(key === 'categories' ? { tab: key } : {})}
        items={[
          { key: 'entries', label: t('tabs.entries'), children: <EntriesTab /> },
          { key: 'categories', label: t('tabs.categories'), children: <CategoriesTab /> },
        ]}
      />
    </Flex>
  )
}
