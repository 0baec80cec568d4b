import { paths } from '../../app/paths.ts'

/**
 * The first-login tour (docs/requirements.md §2.9): thirty steps over the dashboard, keys, billing and support request,
 * then back to the dashboard. `target` is a CSS selector list (the first match is shown); a step with
 * none, or whose element is not on the page, is shown in the middle of the screen. Targets are
 * `data-tour` attributes on the pages, or stable structure (sidebar links by their address, page titles).
 */
export interface TourStep {
  page: string
  target: string | null
}

const content = '.ant-layout-content'
const title = `${content} h1, ${content} h2`
const list = `${content} .ant-table-wrapper, ${content} .ant-list, ${content} .ant-empty`
const side = (href: string) => `.ant-layout-sider a[href="${href}"]`

export const TOUR_STEPS: readonly TourStep[] = [
  { page: paths.dashboard, target: null },
  { page: paths.dashboard, target: '.ant-layout-sider .ant-menu' },
  { page: paths.dashboard, target: '[data-testid="sidebar-profile"]' },
  { page: paths.dashboard, target: `header a[href="${paths.supportRequests}"]` },
  { page: paths.dashboard, target: '[data-testid="profile-menu"]' },
  { page: paths.dashboard, target: title },
  { page: paths.dashboard, target: '[data-tour="dashboard-balance"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-account"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-bill"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-plan"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-summary"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-chart"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-pie"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-services"]' },
  { page: paths.dashboard, target: '[data-tour="dashboard-next"]' },
  { page: paths.keys, target: side(paths.keys) },
  { page: paths.keys, target: title },
  { page: paths.keys, target: `${content} a[href="${paths.createKey}"]` },
  { page: paths.keys, target: `${content} a[href="${paths.usage}"]` },
  { page: paths.keys, target: '[data-tour="keys-views"]' },
  { page: paths.keys, target: list },
  { page: paths.billing, target: side(paths.billing) },
  { page: paths.billing, target: title },
  { page: paths.billing, target: list },
  { page: paths.billing, target: null },
  { page: paths.supportRequests, target: side(paths.supportRequests) },
  { page: paths.supportRequests, target: title },
  { page: paths.supportRequests, target: `${content} a[href="${paths.addQuestion}"]` },
  { page: paths.supportRequests, target: list },
  { page: paths.dashboard, target: null },
]
