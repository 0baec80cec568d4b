import { InsertRowRightOutlined, PlusOutlined } from '@ant-design/icons'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button, Checkbox, Flex, Popover, Table, type TableProps, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { SortOrder } from 'antd/es/table/interface'
import type React from 'react'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { useT } from '../i18n/define.ts'
import { SearchInput } from './inputs.ts'
import { listFrameMessages } from './list-frame.i18n.ts'
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
  /**
   * Rows can be selected (a checkbox each, and one for the page) for actions on all of them at once:
   * `actions` renders the bar's buttons for the selected rows of this page; `clear` empties the selection.
   * `selectable` says which rows may be chosen (others show a disabled box).
   */
  bulk?: {
    actions: (selected: T[], clear: () => void) => ReactNode
    selectable?: (row: T) => boolean
    /** How a row's box is named for a screen reader ("Select INV-202610-000001"). */
    rowName: (row: T) => string
  }
  table?: TableOptions<T>
}

/**
 * The server's page of rows: loading and error states, the `status` and `actions` columns pinned to
 * the end, a column chooser on wide lists, the total, the page-size choice and a page past the end
 * moved back; for a screen with a header of its own.
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { query, paging, sort } = props
  useLastPage(query.data, paging.page, paging.setPage)
  const choice = useColumnChoice(props.columns)
  const bulkT = useT(listFrameMessages)
  const [selectedKeys, setSelectedKeys] = useState<React.Key[]>([])
  const rows = query.data?.items ?? []
  const keyOf = (row: T): React.Key =>
    typeof props.rowKey === 'function' ? props.rowKey(row) : (row[props.rowKey as keyof T] as React.Key)
  // Only rows on screen stay selected: a new page, search or refetch drops the others.
  const selected = rows.filter((row) => selectedKeys.includes(keyOf(row)))
  const clear = useCallback(() => setSelectedKeys([]), [])
  // The status and the actions stay in view at the right edge of a wide list: pinned columns must be
  // the last ones, so they move there, in their order.
  const pinned = (column: ColumnsType<T>[number]) => column.key === 'actions' || column.key === 'status'
  const ordered = [...choice.shown.filter((c) => !pinned(c)), ...choice.shown.filter(pinned)]
  const sorted = ordered.map((column) => {
    const placed = pinned(column) && !column.fixed ? { ...column, fixed: 'end' as const } : column
    if (sort && placed.sorter === true) {
      const order: SortOrder = placed.key === sort.by ? (sort.order === 'asc' ? 'ascend' : 'descend') : null
      return { ...placed, sortOrder: order }
    }
    return placed
  })
  const isSelected = (row: T) => selectedKeys.includes(keyOf(row))
  const choose = (row: T, isChosen: boolean) =>
    setSelectedKeys((keys) => (isChosen ? [...keys, keyOf(row)] : keys.filter((key) => key !== keyOf(row))))
  // A box per row for the bulk actions: a column of our own, not antd's row selection, which the browser
  // build leaves out (antd-unused-parts-plugin.ts); antd's class for a selection column gives it antd's
  // look. The page's box is in the bar above the table (with antd's, it would also sit, focusable, in
  // the table's hidden measuring row: axe-core's aria-hidden-focus).
  const bulk = props.bulk
  const columns: ColumnsType<T> = bulk
    ? [
        {
          key: 'bulk-selection',
          className: 'ant-table-selection-column',
          // antd's width for a selection column (its token selectionColumnWidth, the control height).
          width: 32,
          render: (_: unknown, row: T) => (
            <Checkbox
              checked={isSelected(row)}
              disabled={bulk.selectable ? !bulk.selectable(row) : false}
              aria-label={bulkT('bulk.selectRow', { name: bulk.rowName(row) })}
              onChange={(event) => choose(row, event.target.checked)}
            />
          ),
        },
        ...sorted,
      ]
    : sorted
  const rowClassName = props.table?.rowClassName
  const onChange: TableProps<T>['onChange'] = (pagination, filters, sorter, extra) => {
    props.table?.onChange?.(pagination, filters, sorter, extra)
    if (extra.action !== 'sort' || !sort) return
    const one = Array.isArray(sorter) ? sorter[0] : sorter
    if (typeof one?.columnKey === 'string' && one.order) {
      sort.onChange({ by: one.columnKey, order: one.order === 'ascend' ? 'asc' : 'desc' })
    }
  }
  const table = (
    <QueryState query={query}>
      {(data) => (
        <Table<T>
          {...props.table}
          rowKey={props.rowKey}
          size={props.size ?? 'middle'}
          columns={columns}
          dataSource={data.items}
          onChange={onChange}
          rowClassName={
            bulk
              ? (row, index, indent) =>
                  [
                    typeof rowClassName === 'function' ? rowClassName(row, index, indent) : rowClassName,
                    isSelected(row) ? 'ant-table-row-selected' : null,
                  ]
                    .filter(Boolean)
                    .join(' ')
              : rowClassName
          }
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
  const selectable = props.bulk ? rows.filter((row) => props.bulk?.selectable?.(row) ?? true) : []
  const bulkBar = props.bulk ? (
    <Flex gap={8} align="center" wrap>
      {selectable.length > 0 ? (
        <Checkbox
          checked={selected.length === selectable.length}
          indeterminate={selected.length > 0 && selected.length < selectable.length}
          onChange={(event) => setSelectedKeys(event.target.checked ? selectable.map(keyOf) : [])}
        >
          {bulkT('bulk.selectPage')}
        </Checkbox>
      ) : null}
      {selected.length > 0 ? (
        <BulkBar count={selected.length} onClear={clear}>
          {props.bulk.actions(selected, clear)}
        </BulkBar>
      ) : null}
    </Flex>
  ) : null
  if (choice.hideable.length === 0 && !bulkBar) return table
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        {bulkBar ?? <span />}
        {choice.hideable.length > 0 ? <ColumnChooser choice={choice} /> : null}
      </Flex>
      {table}
    </Flex>
  )
}

/** What is selected, and the actions on all of it: announced to screen readers as the count changes. */
function BulkBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const t = useT(listFrameMessages)
  return (
    <Flex gap={8} align="center" wrap role="region" aria-label={t('bulk.region')}>
      <Typography.Text strong aria-live="polite">
        {t('bulk.selected', { count })}
      </Typography.Text>
      {children}
      <Button size="small" type="link" onClick={onClear}>
        {t('bulk.clear')}
      </Button>
    </Flex>
  )
}

/** Tables this wide offer the column chooser (issue 21: the billing list was 1,719 px in 1,143). */
const CHOOSER_FROM_COLUMNS = 6

type ColumnChoice<T> = {
  shown: ColumnsType<T>
  hideable: { key: string; title: ReactNode }[]
  hidden: ReadonlySet<string>
  toggle: (key: string, show: boolean) => void
  showAll: () => void
}

/**
 * Which columns of a wide list the reader hides, remembered in this browser per screen and table. The
 * first column (what a row is), the status and the actions always show; the status and the actions
 * are pinned to the right edge, so they stay in view however wide the rest is.
 */
function useColumnChoice<T>(columns: ColumnsType<T>): ColumnChoice<T> {
  const { pathname } = useLocation()
  const keys = columns.map((column) => String(column.key ?? ''))
  const storageKey = `columns:${pathname}:${keys.join(',')}`
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => readHidden(storageKey))
  useEffect(() => setHidden(readHidden(storageKey)), [storageKey])
  const hideable =
    columns.length < CHOOSER_FROM_COLUMNS
      ? []
      : columns.slice(1).flatMap((column) => {
          const key = String(column.key ?? '')
          if (!key || key === 'actions' || key === 'status') return []
          return [{ key, title: column.title as ReactNode }]
        })
  const write = (next: ReadonlySet<string>) => {
    setHidden(next)
    try {
      if (next.size === 0) localStorage.removeItem(storageKey)
      else localStorage.setItem(storageKey, JSON.stringify([...next]))
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }
  const choosable = new Set(hideable.map((column) => column.key))
  return {
    shown: columns.filter((column) => !(choosable.has(String(column.key)) && hidden.has(String(column.key)))),
    hideable,
    hidden,
    toggle: (key, show) => {
      const next = new Set(hidden)
      if (show) next.delete(key)
      else next.add(key)
      write(next)
    },
    showAll: () => write(new Set()),
  }
}

function readHidden(storageKey: string): ReadonlySet<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]')
    return new Set(Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [])
  } catch {
    return new Set()
  }
}

function ColumnChooser<T>({ choice }: { choice: ColumnChoice<T> }) {
  const t = useT(listFrameMessages)
  const content = (
    <Flex vertical gap={6} style={{ minWidth: 180 }}>
      {choice.hideable.map((column) => (
        <Checkbox
          key={column.key}
          checked={!choice.hidden.has(column.key)}
          onChange={(event) => choice.toggle(column.key, event.target.checked)}
        >
          {column.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" style={{ alignSelf: 'flex-start', paddingInline: 0 }} onClick={choice.showAll}>
        {t('showAll')}
      </Button>
    </Flex>
  )
  const hiddenCount = choice.hideable.filter((column) => choice.hidden.has(column.key)).length
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columnsTitle')} content={content}>
      <Button size="small" icon={<InsertRowRightOutlined aria-hidden />}>
        {hiddenCount > 0
          ? `${t('columns')} (${choice.hideable.length - hiddenCount}/${choice.hideable.length})`
          : t('columns')}
      </Button>
    </Popover>
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
    <SearchInput
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
