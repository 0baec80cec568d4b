import { z } from 'zod'
import { Profile } from './auth.ts'
import { IdParams } from './common.ts'
import { endpoint } from './endpoint.ts'
import { AVATAR_MAX_BYTES } from './limits.ts'
import { ALL_ROLES, STAFF_ROLES } from './roles.ts'
import { JobTitle, NamePart, Organization, Phone } from './schemas.ts'

const tag = 'Users'

/** An avatar is an image uploaded through the avatar calls: its `/files/…` path, or null to remove it. */
export const AvatarPath = z
  .string()
  .regex(/^\/files\/fil_[0-9a-z]{26}$/, { error: 'users.avatarNotYours' })
  .nullable()

/** PUT profile {first_name,last_name,phone_number,organization,job_title,avatar}; send what changes. */
export const ProfileUpdate = z.strictObject({
  first_name: NamePart.optional(),
  last_name: NamePart.optional(),
  phone_number: Phone.nullable().optional(),
  organization: Organization.nullable().optional(),
  job_title: JobTitle.nullable().optional(),
  avatar: AvatarPath.optional(),
})
export type ProfileUpdate = z.input<typeof ProfileUpdate>

export const getOwnProfile = endpoint({
  method: 'GET',
  path: '/v1/users/profile',
  roles: ALL_ROLES,
  tag,
  summary: "The signed-in user's profile and account state.",
  data: Profile,
})

export const updateOwnProfile = endpoint({
  method: 'PUT',
  path: '/v1/users/profile',
  roles: ALL_ROLES,
  tag,
  summary: "Update the signed-in user's profile.",
  body: ProfileUpdate,
  data: Profile,
})

export const getProfile = endpoint({
  method: 'GET',
  path: '/v1/users/profile/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: "A user's profile (staff).",
  params: IdParams,
  data: Profile,
})

export const updateProfile = endpoint({
  method: 'PUT',
  path: '/v1/users/profile/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: "Update a user's profile (staff; audit-logged).",
  params: IdParams,
  body: ProfileUpdate,
  data: Profile,
})

export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/v1/users/profile/avatar',
  roles: ALL_ROLES,
  tag,
  summary: 'Upload an image (multipart field `file`, at most 1 MB) and make it the avatar.',
  upload: { maxBytes: AVATAR_MAX_BYTES },
  data: z.object({ avatar: z.string() }),
})

export const uploadAvatarWithoutSave = endpoint({
  method: 'POST',
  path: '/v1/users/profile/avatar-without-save',
  roles: ALL_ROLES,
  tag,
  summary: 'Upload an image (multipart field `file`, at most 1 MB) without changing the avatar yet.',
  upload: { maxBytes: AVATAR_MAX_BYTES },
  data: z.object({ avatar: z.string() }),
})
