import { CloseOutlined } from '@ant-design/icons'
import * as contract from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Flex, Typography } from 'antd'
import { call } from '../../api/client.ts'
import { useT } from '../../i18n/define.ts'
import { useStored } from '../../lib/store.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { campaignBannerMessages } from './campaigns.i18n.ts'
import { dismissCampaign, dismissedCampaigns } from './dismissed.ts'

const activeCampaignsQuery = () => ({
  queryKey: ['campaigns', 'active'],
  queryFn: async () => (await call(contract.activeCampaigns)).data,
  staleTime: 5 * 60_000,
  meta: { silent: true },
})

/**
 * The dashboard's banners: each campaign running today that this browser has not dismissed, its image
 * linking to the campaign's address in a new tab. A failure to load them shows nothing (a banner is
 * not worth an error on the dashboard).
 */
export function CampaignBanner() {
  const t = useT(campaignBannerMessages)
  const active = useQuery(activeCampaignsQuery())
  const dismissed = useStored(dismissedCampaigns)
  const shown = (active.data ?? []).filter((c) => !dismissed.includes(c.id))
  if (shown.length === 0) return null
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} data-tour="dashboard-campaigns">
      {shown.map((campaign) => (
        <Card
          key={campaign.id}
          size="small"
          styles={{ body: { padding: 0, position: 'relative' } }}
          data-testid="campaign-banner"
          aria-label={t('label', { name: campaign.name })}
        >
          <a
            href={campaign.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('open', { name: campaign.name })}
            style={{ display: 'block' }}
          >
            <img
              src={campaign.image}
              alt={campaign.name}
              lang={campaign.lang}
              style={{ display: 'block', width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 8 }}
            />
          </a>
          <Flex
            align="center"
            justify="space-between"
            gap={8}
            style={{ position: 'absolute', insetInline: 0, bottom: 0, padding: '6px 8px' }}
          >
            <Typography.Text
              lang={campaign.lang}
              style={{
                background: 'rgba(0,0,0,0.55)',
                color: '#fff',
                padding: '2px 8px',
                borderRadius: 4,
                maxWidth: '80%',
              }}
              ellipsis
            >
              <Verbatim>{campaign.name}</Verbatim>
            </Typography.Text>
          </Flex>
          <Button
            size="small"
            shape="circle"
            icon={<CloseOutlined />}
            aria-label={t('dismissOf', { name: campaign.name })}
            title={t('dismiss')}
            onClick={() => dismissCampaign(campaign.id)}
            style={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
          />
        </Card>
      ))}
    </Flex>
  )
}
