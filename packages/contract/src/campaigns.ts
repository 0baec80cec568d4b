import { z } from 'zod'
import {
  CAMPAIGN_CODE_MAX,
  CAMPAIGN_CODE_PATTERN,
  CAMPAIGN_IMAGES_MAX,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_URL_MAX,
  isCalendarDate,
  isWebUrl,
} from './campaign-rules.ts'
import { Done, Id, IdParams, IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { IMAGE_MAX_BYTES } from './limits.ts'
import { ALL_ROLES, STAFF_ROLES } from './roles.ts'

// Campaigns (docs/requirements.md §16.1, docs/campaigns.md): id, code, name, start and end dates, url,
// image(s) or file list; start date, end date, url and image required, each image at most 10 MB.
// A campaign shows on the customer dashboard from its start date to its end date (UTC, both included).

const tag = 'Campaigns'

export const CampaignImage = z.object({ id: z.string(), path: z.string() })
export type CampaignImage = z.infer<typeof CampaignImage>

/**
 * A campaign's banner in one language besides English (issue 20): its name — the banner's caption and
 * alt text — and its images, whose words are drawn in that language.
 */
const CampaignTranslation = z.object({ name: z.string(), images: z.array(CampaignImage) })

/** The banner in Burmese and Vietnamese where staff made one; readers of a missing language see English. */
export const CampaignTranslations = z.object({ my: CampaignTranslation.optional(), vi: CampaignTranslation.optional() })
export type CampaignTranslations = z.infer<typeof CampaignTranslations>

export const Campaign = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  url: z.string(),
  /** The first image is the banner; `file` repeats its path (the list rows of the customer's call list carry one). */
  images: z.array(CampaignImage),
  file: z.string().nullable(),
  translations: CampaignTranslations,
  /** Showing today (UTC). */
  active: z.boolean(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Campaign = z.infer<typeof Campaign>

/**
 * What the customer's dashboard needs of a running campaign, in the reader's language (their
 * `Accept-Language`): `lang` says which language the name and banner are in — English when the
 * campaign has no banner in theirs.
 */
export const ActiveCampaign = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string(),
  lang: z.enum(['en', 'my', 'vi']),
  start_date: z.string(),
  end_date: z.string(),
})
export type ActiveCampaign = z.infer<typeof ActiveCampaign>

const CampaignDate = (required: 'campaigns.startDateRequired' | 'campaigns.endDateRequired') =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine(isCalendarDate, { error: 'campaigns.dateInvalid' })

const CampaignName = z
  .string({ error: 'campaigns.nameRequired' })
  .trim()
  .min(1, { error: 'campaigns.nameRequired' })
  .max(CAMPAIGN_NAME_MAX)

/** Ids of images uploaded with upload-image, in order (the first is the banner). */
const ImageIds = z
  .array(Id, { error: 'campaigns.imageRequired' })
  .min(1, { error: 'campaigns.imageRequired' })
  .max(CAMPAIGN_IMAGES_MAX, { error: 'campaigns.tooManyImages' })

/** One language's banner: a name and at least one image of its own. */
const CampaignTranslationBody = z.strictObject({ name: CampaignName, image_ids: ImageIds })

export const CampaignBody = z
  .strictObject({
    code: z
      .string({ error: 'campaigns.codeRequired' })
      .trim()
      .min(1, { error: 'campaigns.codeRequired' })
      .max(CAMPAIGN_CODE_MAX)
      .regex(CAMPAIGN_CODE_PATTERN, { error: 'campaigns.codeInvalid' }),
    name: CampaignName,
    start_date: CampaignDate('campaigns.startDateRequired'),
    end_date: CampaignDate('campaigns.endDateRequired'),
    url: z
      .string({ error: 'campaigns.urlRequired' })
      .trim()
      .min(1, { error: 'campaigns.urlRequired' })
      .max(CAMPAIGN_URL_MAX)
      .refine(isWebUrl, { error: 'campaigns.urlInvalid' }),
    image_ids: ImageIds,
    /** The banner in Burmese and Vietnamese, each language whole or left out (its readers see English). */
    translations: z
      .strictObject({ my: CampaignTranslationBody.optional(), vi: CampaignTranslationBody.optional() })
      .default({}),
  })
  .refine((b) => !isCalendarDate(b.start_date) || !isCalendarDate(b.end_date) || b.end_date >= b.start_date, {
    error: 'campaigns.endBeforeStart',
    path: ['end_date'],
  })
export type CampaignBody = z.input<typeof CampaignBody>

export const createCampaign = endpoint({
  method: 'POST',
  path: '/v1/campaigns',
  roles: STAFF_ROLES,
  tag,
  summary: 'Create a campaign (code unique; start and end date, url and at least one uploaded image required).',
  body: CampaignBody,
  data: Campaign,
  successStatus: 201,
})

export const updateCampaign = endpoint({
  method: 'PUT',
  path: '/v1/campaigns/update/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Change a campaign; images left out of `image_ids` and of the translations are deleted.',
  params: IdParams,
  body: CampaignBody,
  data: Campaign,
})

export const deleteCampaign = endpoint({
  method: 'DELETE',
  path: '/v1/campaigns/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Delete a campaign and its images.',
  params: IdParams,
  data: Done,
})

export const listCampaigns = endpoint({
  method: 'GET',
  path: '/v1/campaigns/',
  roles: STAFF_ROLES,
  tag,
  summary: 'Campaigns, newest first, searched by code or name.',
  query: z.strictObject({ ...pageQueryFields, keyword: z.string().trim().max(255).optional() }),
  data: pageOf(Campaign),
})

export const uploadCampaignImage = endpoint({
  method: 'POST',
  path: '/v1/campaigns/upload-image',
  roles: STAFF_ROLES,
  tag,
  summary: 'Upload a campaign image (multipart field `file`, PNG/JPEG/WebP/GIF judged by content, at most 10 MB).',
  upload: { maxBytes: IMAGE_MAX_BYTES },
  data: CampaignImage,
  successStatus: 201,
})

export const deleteCampaignImage = endpoint({
  method: 'DELETE',
  path: '/v1/campaigns/image/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Delete an uploaded campaign image that no campaign uses yet (a form abandoned or an image removed).',
  params: IdParams,
  data: Done,
})

export const deleteCampaignImageAndFile = endpoint({
  method: 'DELETE',
  path: '/v1/campaigns/image-and-campaign-file/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: "Delete a campaign's image and its place in the campaign's file list (not its last image).",
  params: IdParams,
  data: Campaign,
})

export const activeCampaigns = endpoint({
  method: 'GET',
  path: '/v1/campaigns/active',
  roles: ALL_ROLES,
  tag,
  summary:
    'Campaigns running today (UTC), for the dashboard banner, in the reader’s language where the campaign has a banner in it.',
  data: z.array(ActiveCampaign),
})
