import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { readUploadBuffer, storeImage } from '../files/files.ts'
import * as service from './service.ts'

// SPEC §7 "Campaigns": staff manage them; every signed-in user reads the running ones.

export const campaignRoutes = routes((r) => {
  r.on(contract.listCampaigns, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await service.listCampaigns(ctx, query.keyword, {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.activeCampaigns, async ({ ctx }) => service.activeCampaigns(ctx))

  r.on(contract.createCampaign, async ({ ctx, req, user, body }) =>
    ok(await service.createCampaign(ctx, req, user, body), 'campaigns.created'),
  )

  r.on(contract.updateCampaign, async ({ ctx, req, user, params, body }) =>
    ok(await service.updateCampaign(ctx, req, user, params.id, body), 'campaigns.updated'),
  )

  r.on(contract.deleteCampaign, async ({ ctx, req, user, params }) => {
    await service.deleteCampaign(ctx, req, user, params.id)
    return ok(null, 'campaigns.deleted')
  })

  r.on(contract.uploadCampaignImage, async ({ ctx, user, file }) => {
    const data = await readUploadBuffer(file, 'campaigns.imageTooLarge')
    const image = await storeImage(ctx.db, { ownerId: user.id, purpose: 'campaign', data, now: ctx.clock.now() })
    return ok(image, 'campaigns.imageUploaded')
  })

  r.on(contract.deleteCampaignImage, async ({ ctx, req, user, params }) => {
    await service.deleteLooseImage(ctx, req, user, params.id)
    return ok(null, 'campaigns.imageDeleted')
  })

  r.on(contract.deleteCampaignImageAndFile, async ({ ctx, req, user, params }) =>
    ok(await service.deleteImageAndCampaignFile(ctx, req, user, params.id), 'campaigns.imageDeleted'),
  )
})
