import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { readUploadBuffer, storeImage } from '../files/files.ts'
import * as service from './service.ts'

// Campaigns (docs/campaigns.md): staff manage them; every signed-in user reads the running ones.

export const campaignRoutes = routes((r) => {
  r.on(contract.listCampaigns, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await service.listCampaigns(ctx, query.keyword, {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.activeCampaigns, async ({ ctx, meta }) => service.activeCampaigns(ctx, meta.lang))

  r.on(contract.createCampaign, async ({ ctx, meta, user, body }) =>
    ok(await service.createCampaign(ctx, meta, user, body), 'campaigns.created'),
  )

  r.on(contract.updateCampaign, async ({ ctx, meta, user, params, body }) =>
    ok(await service.updateCampaign(ctx, meta, user, params.id, body), 'campaigns.updated'),
  )

  r.on(contract.deleteCampaign, async ({ ctx, meta, user, params }) => {
    await service.deleteCampaign(ctx, meta, user, params.id)
    return ok(null, 'campaigns.deleted')
  })

  r.on(contract.uploadCampaignImage, async ({ ctx, user, file }) => {
    const data = await readUploadBuffer(file, 'campaigns.imageTooLarge')
    const image = await storeImage(ctx.db, { ownerId: user.id, purpose: 'campaign', data, now: ctx.clock.now() })
    return ok(image, 'campaigns.imageUploaded')
  })

  r.on(contract.deleteCampaignImage, async ({ ctx, meta, user, params }) => {
    await service.deleteLooseImage(ctx, meta, user, params.id)
    return ok(null, 'campaigns.imageDeleted')
  })

  r.on(contract.deleteCampaignImageAndFile, async ({ ctx, meta, user, params }) =>
    ok(await service.deleteImageAndCampaignFile(ctx, meta, user, params.id), 'campaigns.imageDeleted'),
  )
})
