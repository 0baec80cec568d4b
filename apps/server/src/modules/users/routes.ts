import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import { readUploadBuffer, storeImage } from '../files/files.ts'
import { sendPhoneCode, verifyPhoneCode } from './phone.ts'
import { getUserById, updateUser } from './queries.ts'
import { ownProfile, profileOf, updateProfile } from './service.ts'

const AVATAR_SIDE = 256

export const userRoutes = routes((r) => {
  r.on(contract.getOwnProfile, async ({ ctx, user }) => ownProfile(ctx, user))

  r.on(contract.updateOwnProfile, async ({ ctx, meta, user, body }) => {
    return ok(await updateProfile(ctx, meta, user, user.id, body), 'users.profileUpdated')
  })

  r.on(contract.getProfile, async ({ ctx, params }) => profileOf(ctx, params.id))

  r.on(contract.updateProfile, async ({ ctx, meta, user, params, body }) => {
    await getUserById(ctx.db, params.id)
    return ok(await updateProfile(ctx, meta, user, params.id, body), 'users.profileUpdated')
  })

  r.on(contract.uploadAvatar, async ({ ctx, user, file }) => {
    const data = await readUploadBuffer(file, 'validation.image.tooLarge1mb')
    const now = ctx.clock.now()
    const stored = await ctx.db.transaction(async (tx) => {
      const image = await storeImage(tx, { ownerId: user.id, purpose: 'avatar', data, now, square: AVATAR_SIDE })
      await updateUser(tx, user.id, { avatar: image.path }, now)
      return image
    })
    return ok({ avatar: stored.path }, 'users.avatarUpdated')
  })

  r.on(contract.uploadAvatarWithoutSave, async ({ ctx, user, file }) => {
    const data = await readUploadBuffer(file, 'validation.image.tooLarge1mb')
    const stored = await storeImage(ctx.db, {
      ownerId: user.id,
      purpose: 'avatar',
      data,
      now: ctx.clock.now(),
      square: AVATAR_SIDE,
    })
    return ok({ avatar: stored.path }, 'users.avatarUploaded')
  })

  r.on(contract.sendPhoneCode, async ({ ctx, user }) => {
    const sent = await sendPhoneCode(ctx, user)
    return ok(sent, 'phone.codeSent', { phone: sent.phone_number })
  })

  r.on(contract.verifyPhone, async ({ ctx, user, body }) =>
    ok(await verifyPhoneCode(ctx, user, body.code), 'phone.verified'),
  )
})
