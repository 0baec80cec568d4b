/**
 * Where the dashboard announces an active campaign. Campaigns arrive with a later issue; until then
 * there is nothing to announce, so the slot renders nothing.
 */
export function ActiveCampaignBanner() {
  return null
}
