// The statistics page's tables, loaded apart from the page (UsagePage.tsx).
export { KeyHealthTable } from './KeyHealthTable.tsx'
export { RecentRequests } from './RecentRequests.tsx'
export { ServiceTotals } from './ServiceTotals.tsx'
