import { CampaignBanner } from '../campaigns/CampaignBanner.tsx'

/** Where the dashboard announces active campaigns (features/campaigns). */
export function ActiveCampaignBanner() {
  return <CampaignBanner />
}
