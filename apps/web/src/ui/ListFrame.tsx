import { PlusOutlined } from '@ant-design/icons'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button, Flex, Input, Table, type TableProps, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { SortOrder } from 'antd/es/table/interface'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { QueryState } from './QueryState.tsx'

/** The sizes a list offers; every list endpoint accepts `page_size` from 1 to the contract's PAGE_SIZE_MAX (100). */
const PAGE_SIZES = [10, 20, 50, 100]

export type ListPaging = {
  page: number
  pageSize: number
  defaultSize: number
  setPage: (page: number) => void
  change: (page: number, pageSize: number) => void
}

/**
 * A list's page and page size, kept in the URL (`?page=`, `?page_size=`) so reload, back and a shared
 * link show the same rows; the defaults are the bare address. A new size starts again at page 1. A
 * second list on the same screen names its own parameters.
 */
export function useListPaging(
  defaultSize: number,
  names: { page: string; pageSize: string } = { page: 'page', pageSize: 'page_size' },
): ListPaging {
  const [searchParams, setSearchParams] = useSearchParams()
  const page = positive(searchParams.get(names.page)) ?? 1
  const askedSize = positive(searchParams.get(names.pageSize))
  const pageSize = askedSize && PAGE_SIZES.includes(askedSize) ? askedSize : defaultSize
  const write = useCallback(
    (nextPage: number, nextSize: number) =>
      setSearchParams((params) => {
        const copy = new URLSearchParams(params)
        if (nextPage > 1) copy.set(names.page, String(nextPage))
        else copy.delete(names.page)
        if (nextSize !== defaultSize) copy.set(names.pageSize, String(nextSize))
        else copy.delete(names.pageSize)
        return copy
      }),
    [defaultSize, names.page, names.pageSize, setSearchParams],
  )
  const setPage = useCallback((next: number) => write(next, pageSize), [write, pageSize])
  const change = useCallback(
    (nextPage: number, nextSize: number) => write(nextSize === pageSize ? nextPage : 1, nextSize),
    [write, pageSize],
  )
  return { page, pageSize, defaultSize, setPage, change }
}

/** The same for a list inside a drawer or a second tab, whose page is not worth a URL. */
export function useLocalPaging(defaultSize: number): ListPaging {
  const [{ page, pageSize }, setState] = useState({ page: 1, pageSize: defaultSize })
  const setPage = useCallback((next: number) => setState((state) => ({ ...state, page: next })), [])
  const change = useCallback(
    (nextPage: number, nextSize: number) =>
      setState((state) => ({ page: nextSize === state.pageSize ? nextPage : 1, pageSize: nextSize })),
    [],
  )
  return { page, pageSize, defaultSize, setPage, change }
}

function positive(raw: string | null): number | null {
  const parsed = Number.parseInt(raw ?? '', 10)
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null
}

type Paged<T> = { items: T[]; total: number; page: number; page_size: number }

type TableOptions<T> = Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'rowKey' | 'locale'>

/** Which column the server sorts by, and which way: kept by the page (in its URL). */
export type ListSort<K extends string = string> = {
  by: K
  order: 'asc' | 'desc'
  /** Called with a column of `serverSorted` only, so `by` is one of the page's keys. */
  onChange(sort: { by: K; order: 'asc' | 'desc' }): void
}

/**
 * A column the server sorts: money and dates newest or largest first on the first click, names
 * alphabetically. A third click goes back to the first direction rather than to an unsorted list the
 * server has not got. ListTable fills in the column's order from its `sort`.
 */
export const serverSorted = {
  largestFirst: { sorter: true, sortDirections: ['descend', 'ascend', 'descend'] as SortOrder[] },
  alphabetical: { sorter: true, sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[] },
}

export type ListTableProps<T> = {
  query: UseQueryResult<Paged<T>>
  paging: ListPaging
  columns: ColumnsType<T>
  rowKey: TableProps<T>['rowKey']
  empty: ReactNode
  total?: (count: number) => ReactNode
  /** Show the spinner on every refetch (off for lists that poll). */
  fetching?: boolean
  size?: TableProps<T>['size']
  /** The server's sort, for the columns declared with `serverSorted`. */
  sort?: ListSort
  /** Keep the pager (and its total) even when everything fits on one page. */
  alwaysPaged?: boolean
  table?: TableOptions<T>
}

/**
 * The server's page of rows: loading and error states, an `actions` column pinned to the end, the
 * total, the page-size choice and a page past the end moved back; for a screen with a header of its own.
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { query, paging, sort } = props
  useLastPage(query.data, paging.page, paging.setPage)
  const columns = props.columns.map((column) => {
    if (column.key === 'actions' && !column.fixed) return { ...column, fixed: 'end' as const }
    if (sort && column.sorter === true) {
      const order: SortOrder = column.key === sort.by ? (sort.order === 'asc' ? 'ascend' : 'descend') : null
      return { ...column, sortOrder: order }
    }
    return column
  })
  const onChange: TableProps<T>['onChange'] = (pagination, filters, sorter, extra) => {
    props.table?.onChange?.(pagination, filters, sorter, extra)
    if (extra.action !== 'sort' || !sort) return
    const one = Array.isArray(sorter) ? sorter[0] : sorter
    if (typeof one?.columnKey === 'string' && one.order) {
      sort.onChange({ by: one.columnKey, order: one.order === 'ascend' ? 'asc' : 'desc' })
    }
  }
  return (
    <QueryState query={query}>
      {(data) => (
        <Table<T>
          {...props.table}
          rowKey={props.rowKey}
          size={props.size ?? 'middle'}
          columns={columns}
          dataSource={data.items}
          onChange={onChange}
          loading={props.fetching === false ? undefined : query.isFetching}
          scroll={props.table && 'scroll' in props.table ? props.table.scroll : { x: 'max-content' }}
          locale={{ emptyText: props.empty }}
          pagination={{
            current: data.page,
            pageSize: data.page_size,
            total: data.total,
            showSizeChanger: true,
            pageSizeOptions: sizesWith(paging.defaultSize),
            // One page of the default size needs no pager; after another size was chosen the pager
            // stays, so the choice can be undone.
            hideOnSinglePage: !props.alwaysPaged && paging.pageSize === paging.defaultSize,
            showTotal: props.total,
            onChange: paging.change,
          }}
        />
      )}
    </QueryState>
  )
}

/**
 * The back office's list frame: a header (title, intro, the page's buttons), a search box and the
 * page's filters, then the ListTable. A page declares its columns, filters and query; the frame owns
 * the rest.
 */
export function ListFrame<T extends object>(
  props: ListTableProps<T> & {
    /** Above the title: a section's own navigation. */
    nav?: ReactNode
    title: ReactNode
    intro?: ReactNode
    actions?: ReactNode
    /** The primary "new …" button, labelled by the page. */
    create?: { label: ReactNode; onClick: () => void }
    search?: { value: string; placeholder: string; onSearch: (value: string) => void }
    filters?: ReactNode
    children?: ReactNode
  },
) {
  const { nav, title, intro, create, search, filters, children, ...table } = props
  const actions =
    props.actions ??
    (create ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={create.onClick}>
        {create.label}
      </Button>
    ) : null)
  const searchBox = search ? (
    <Input.Search
      key={search.value}
      defaultValue={search.value}
      allowClear
      enterButton
      placeholder={search.placeholder}
      aria-label={search.placeholder}
      onSearch={search.onSearch}
      style={filters ? { maxWidth: 420, flex: '1 1 260px' } : { maxWidth: 420 }}
    />
  ) : null
  const heading = (
    <div style={actions ? { flex: '1 1 320px' } : undefined}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {intro ? <Typography.Text type="secondary">{intro}</Typography.Text> : null}
    </div>
  )
  return (
    <Flex vertical gap={16}>
      {nav}
      {actions ? (
        <Flex justify="space-between" align="center" gap={12} wrap>
          {heading}
          {actions}
        </Flex>
      ) : (
        heading
      )}
      {filters ? (
        <Flex gap={12} wrap align="center">
          {searchBox}
          {filters}
        </Flex>
      ) : (
        searchBox
      )}
      <ListTable<T> {...table} />
      {children}
    </Flex>
  )
}

function sizesWith(defaultSize: number): number[] {
  return [...new Set([...PAGE_SIZES, defaultSize])].sort((a, b) => a - b)
}

/** A page number past the end (an old link, a narrower search) moves to the last page there is. */
function useLastPage(data: Paged<unknown> | undefined, page: number, setPage: (page: number) => void) {
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : page
  useEffect(() => {
    if (page > lastPage) setPage(lastPage)
  }, [page, lastPage, setPage])
}
