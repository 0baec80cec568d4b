import { createElement, lazy, Suspense } from 'react'

// Stands in for the Select antd's Pagination imports for its page-size changer. The customer
// portal's lists show no size changer, so their screens no longer download Select (19 kB gzip) for
// it; the back office's lists, which show one, get antd's own Select, loaded with its first render
// (most of their screens have it already, for their filters).

const Select = lazy(() => import('antd/es/select/index.js'))

export default function PaginationSelect(props: Record<string, unknown>) {
  return createElement(Suspense, { fallback: null }, createElement(Select, props))
}
