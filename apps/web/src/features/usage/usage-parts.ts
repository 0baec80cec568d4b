// What the statistics page draws once its data is here, loaded apart from the page (UsagePage.tsx).
export { UsageChart } from '../../ui/charts/UsageChart.tsx'
export { KeyHealthTable } from './KeyHealthTable.tsx'
export { RecentRequests } from './RecentRequests.tsx'
export { ServiceTotals } from './ServiceTotals.tsx'
