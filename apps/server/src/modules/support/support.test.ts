import * as contract from '@app/contract'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  lastMailTo,
  signIn,
  upload,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, files } from '../../db/schema/index.ts'
import { insertKey } from '../keys/service.ts'

// Support tickets (docs/requirements.md §15.1, image limits §17.2):
// customers open and answer their own tickets only; staff see, answer, close and reopen all of them;
// a closed ticket takes no reply; a staff reply e-mails the customer; images are judged by content.

const MISSING = `tkt_${'0'.repeat(26)}`
const png = () =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#3a93f9' } })
    .png()
    .toBuffer()

describe('support tickets', async () => {
  const t = await useTestApp()
  const support = await userWithToken(t, ['support'])
  const admin = await userWithToken(t, ['admin'])

  async function customer() {
    const user = await createUser(t, { email: freshEmail('ticket') })
    return { user, token: await signIn(t, user.email) }
  }

  async function uploadImage(token: string) {
    const res = await upload(t, contract.uploadTicketImage, { data: await png(), filename: 'shot.png' }, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data.path
  }

  async function open(token: string, overrides: Record<string, unknown> = {}) {
    const res = await call(
      t,
      contract.createTicket,
      {
        body: {
          title: 'Tiles do not load',
          content: 'Since this morning the map tiles answer 403 on our site.',
          ...overrides,
        } as never,
      },
      { token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  it('opens a ticket with an image; the customer lists and reads it', async () => {
    const { user, token } = await customer()
    const image = await uploadImage(token)
    const [stored] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, image.slice('/files/'.length)))
    expect(stored).toMatchObject({ ownerId: user.id, purpose: 'ticket', contentType: 'image/webp' })

    const ticket = await open(token, { images: [image] })
    expect(ticket).toMatchObject({
      title: 'Tiles do not load',
      status: 'open',
      user: { id: user.id, email: user.email },
      messages: 1,
      last_reply_by: 'customer',
      reference: null,
      closed_at: null,
    })
    expect(ticket.conversation).toEqual([
      expect.objectContaining({ from_staff: false, images: [image], content: expect.stringContaining('403') }),
    ])

    const list = await call(t, contract.listOwnTickets, { query: { page: 1, page_size: 10 } }, { token })
    expect(list.body.data).toMatchObject({ total: 1, page: 1, page_size: 10 })
    expect(list.body.data.items.map((i) => i.id)).toEqual([ticket.id])
    const closedOnly = await call(t, contract.listOwnTickets, { query: { status: 'closed' } }, { token })
    expect(closedOnly.body.data.total).toBe(0)

    const read = await call(t, contract.getTicket, { params: { id: ticket.id } }, { token })
    expect(read.status).toBe(200)
    expect(read.body.data.conversation).toHaveLength(1)
  })

  it("hides a customer's ticket from every other customer (not found, never forbidden)", async () => {
    const owner = await customer()
    const other = await customer()
    const ticket = await open(owner.token)

    const answers = [
      await call(t, contract.getTicket, { params: { id: ticket.id } }, { token: other.token }),
      await call(
        t,
        contract.replyTicket,
        { params: { id: ticket.id }, body: { content: 'Let me in on this one.', images: [] } },
        { token: other.token },
      ),
      await call(t, contract.closeTicket, { params: { id: ticket.id } }, { token: other.token }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(errorEnvelope(answer.body).message).toBe('Ticket not found')
    }
    const theirs = await call(t, contract.listOwnTickets, {}, { token: other.token })
    expect(theirs.body.data.total).toBe(0)
    expect((await call(t, contract.getTicket, { params: { id: MISSING } }, { token: owner.token })).status).toBe(404)
  })

  it('refuses a missing title, a content too short and unknown fields, in the caller’s language', async () => {
    const { token } = await customer()
    const res = await call(t, contract.createTicket, { body: { title: '  ', content: 'short' } as never }, { token })
    expect(res.status).toBe(400)
    expect(fieldsOf(errorEnvelope(res.body))).toEqual({
      title: 'Please enter a title',
      content: 'The content is too short: at least 10 characters',
    })
    const vi = await call(
      t,
      contract.createTicket,
      { body: { title: 'Ok', content: '' } as never },
      { token, lang: 'vi' },
    )
    expect(fieldsOf(errorEnvelope(vi.body))).toEqual({ content: 'Vui lòng nhập nội dung' })
    const extra = await call(
      t,
      contract.createTicket,
      { body: { title: 'Title', content: 'Long enough content', status: 'closed' } as never },
      { token },
    )
    expect(extra.status).toBe(400)
    const many = await call(
      t,
      contract.createTicket,
      {
        body: {
          title: 'Title',
          content: 'Long enough content',
          images: Array.from({ length: 6 }, (_, i) => `/files/fil_${String(i).padStart(26, '0')}`),
        },
      },
      { token },
    )
    expect(fieldsOf(errorEnvelope(many.body))).toEqual({ images: 'At most 5 images per message' })
  })

  it('judges images by content and size: a renamed text file and an image over 10 MB are refused', async () => {
    const { user, token } = await customer()
    const renamed = await upload(
      t,
      contract.uploadTicketImage,
      { data: Buffer.from('just some text, not a picture'), filename: 'photo.png', contentType: 'image/png' },
      { token },
    )
    expect(renamed.status).toBe(400)
    expect(errorEnvelope(renamed.body)).toMatchObject({ error_code: 'INVALID_IMAGE', message: 'Invalid Image !' })

    const big = Buffer.concat([await png(), Buffer.alloc(contract.IMAGE_MAX_BYTES)])
    const oversized = await upload(t, contract.uploadTicketImage, { data: big, filename: 'big.png' }, { token })
    expect(oversized.status).toBe(413)
    expect(errorEnvelope(oversized.body).message).toBe('The image is over 10MB')
    expect(await t.ctx.db.select().from(files).where(eq(files.ownerId, user.id))).toEqual([])
  })

  it("refuses an image someone else uploaded, and an image that is not a ticket's", async () => {
    const owner = await customer()
    const other = await customer()
    const theirs = await uploadImage(other.token)
    const res = await call(
      t,
      contract.createTicket,
      { body: { title: 'Borrowed picture', content: 'This image is not mine at all.', images: [theirs] } },
      { token: owner.token },
    )
    expect(res.status).toBe(400)
    expect(fieldsOf(errorEnvelope(res.body))).toEqual({ images: 'Images must be uploaded to this ticket first' })
    expect((await call(t, contract.listOwnTickets, {}, { token: owner.token })).body.data.total).toBe(0)
  })

  it("points at the customer's own key and shows its name; someone else's key is refused", async () => {
    const owner = await customer()
    const other = await customer()
    const own = await insertKey(t.ctx, t.ctx.db, {
      userId: owner.user.id,
      createdBy: owner.user.id,
      name: 'Checkout search',
      type: 'api_key',
      description: null,
      restrictionList: null,
    })
    const foreign = await insertKey(t.ctx, t.ctx.db, {
      userId: other.user.id,
      createdBy: other.user.id,
      name: 'Not yours',
      type: 'api_key',
      description: null,
      restrictionList: null,
    })
    const choices = await call(t, contract.ticketReferences, {}, { token: owner.token })
    expect(choices.body.data).toEqual({ key: [{ id: own.row.id, label: 'Checkout search' }], bill: [], map: [] })

    const ticket = await open(owner.token, { reference: { type: 'key', id: own.row.id } })
    expect(ticket.reference).toEqual({ type: 'key', id: own.row.id, label: 'Checkout search' })

    const refused = await call(
      t,
      contract.createTicket,
      {
        body: {
          title: 'About a key',
          content: 'Why does this key fail for me?',
          reference: { type: 'key', id: foreign.row.id },
        },
      },
      { token: owner.token },
    )
    expect(refused.status).toBe(400)
    expect(fieldsOf(errorEnvelope(refused.body))).toEqual({
      reference: 'The key, bill or map must be one of your own',
    })
    const staffView = await call(t, contract.getTicket, { params: { id: ticket.id } }, { token: support.token })
    expect(staffView.body.data.reference).toEqual({ type: 'key', id: own.row.id, label: 'Checkout search' })
  })

  it('lets staff list, search and answer every ticket; the customer is e-mailed and sees the answer', async () => {
    const { user, token } = await customer()
    const ticket = await open(token, { title: `Quota question ${user.id}` })

    const forbidden = await call(t, contract.listAllTickets, {}, { token })
    expect(forbidden.status).toBe(403)
    expect(errorEnvelope(forbidden.body).error_code).toBe('FORBIDDEN')

    const found = await call(
      t,
      contract.listAllTickets,
      { query: { keyword: user.email, status: 'open' } },
      { token: support.token },
    )
    expect(found.body.data.items.map((i) => i.id)).toEqual([ticket.id])
    const byContent = await call(t, contract.listAllTickets, { query: { keyword: user.id } }, { token: admin.token })
    expect(byContent.body.data.items.map((i) => i.id)).toEqual([ticket.id])
    const noneClosed = await call(
      t,
      contract.listAllTickets,
      { query: { keyword: user.email, status: 'closed' } },
      { token: support.token },
    )
    expect(noneClosed.body.data.total).toBe(0)

    // The customer page's tickets tab (issue 21): one customer's tickets only, for staff only.
    const other = await customer()
    const theirs = await open(other.token, { title: `Another question ${other.user.id}` })
    for (const staff of [support, admin]) {
      const ofOne = await call(
        t,
        contract.listAllTickets,
        { query: { user_id: other.user.id } },
        { token: staff.token },
      )
      expect(ofOne.status, JSON.stringify(ofOne.body)).toBe(200)
      expect(ofOne.body.data.items.map((i) => i.id)).toEqual([theirs.id])
      expect(ofOne.body.data.total).toBe(1)
    }
    const named = await call(t, contract.listAllTickets, { query: { user_id: other.user.id } }, { token })
    expect(named.status).toBe(403)

    const image = await uploadImage(support.token)
    t.clock.advance(1000)
    const reply = await call(
      t,
      contract.replyTicket,
      { params: { id: ticket.id }, body: { content: 'Your plan allows 100,000 requests a month.', images: [image] } },
      { token: support.token },
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.message).toBe('Reply sent')
    expect(reply.body.data).toMatchObject({ messages: 2, last_reply_by: 'staff' })
    expect(reply.body.data.conversation[1]).toMatchObject({ from_staff: true, images: [image] })

    const mail = await lastMailTo(t, user.email)
    expect(mail?.subject).toBe(`New reply to your support request "Quota question ${user.id}"`)
    expect(mail?.textBody).toContain('Your plan allows 100,000 requests a month.')
    expect(mail?.textBody).toContain(`/support/request/${ticket.id}`)

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.reply'), eq(auditLog.targetId, ticket.id)))
    expect(audit).toMatchObject({ actorId: support.user.id, targetType: 'ticket' })

    const seen = await call(t, contract.getTicket, { params: { id: ticket.id } }, { token })
    expect(seen.body.data.conversation.map((m) => m.content)).toEqual([
      'Since this morning the map tiles answer 403 on our site.',
      'Your plan allows 100,000 requests a month.',
    ])

    // A customer's own reply e-mails nobody and writes no audit row.
    t.clock.advance(1000)
    const answer = await call(
      t,
      contract.replyTicket,
      { params: { id: ticket.id }, body: { content: 'Thanks, that answers it.', images: [] } },
      { token },
    )
    expect(answer.body.data.last_reply_by).toBe('customer')
    expect((await lastMailTo(t, user.email))?.id).toBe(mail?.id)
  })

  it('refuses a reply on a closed ticket until staff reopen it; customers cannot reopen', async () => {
    const { token } = await customer()
    const ticket = await open(token)
    const closed = await call(t, contract.closeTicket, { params: { id: ticket.id } }, { token })
    expect(closed.status).toBe(200)
    expect(closed.body.data.status).toBe('closed')
    expect(closed.body.data.closed_at).not.toBeNull()

    for (const who of [token, support.token]) {
      const refused = await call(
        t,
        contract.replyTicket,
        { params: { id: ticket.id }, body: { content: 'One more thing to add.', images: [] } },
        { token: who },
      )
      expect(refused.status).toBe(422)
      expect(errorEnvelope(refused.body)).toMatchObject({
        error_code: 'TICKET_CLOSED',
        message: 'Cannot reply when ticket is closed',
      })
    }
    const burmese = await call(
      t,
      contract.replyTicket,
      { params: { id: ticket.id }, body: { content: 'One more thing to add.', images: [] } },
      { token, lang: 'my' },
    )
    expect(burmese.body.message).toBe('ပိတ်ထားသော တောင်းဆိုချက်ကို ပြန်စာ မပို့နိုင်ပါ')

    const customerReopen = await call(t, contract.reopenTicket, { params: { id: ticket.id } }, { token })
    expect(customerReopen.status).toBe(403)

    const reopened = await call(t, contract.reopenTicket, { params: { id: ticket.id } }, { token: admin.token })
    expect(reopened.body.data).toMatchObject({ status: 'open', closed_at: null })
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.reopen'), eq(auditLog.targetId, ticket.id)))
    expect(audit).toMatchObject({ actorId: admin.user.id, before: { status: 'closed' }, after: { status: 'open' } })

    const after = await call(
      t,
      contract.replyTicket,
      { params: { id: ticket.id }, body: { content: 'Thanks for reopening it.', images: [] } },
      { token },
    )
    expect(after.status).toBe(201)

    const staffClose = await call(t, contract.closeTicket, { params: { id: ticket.id } }, { token: support.token })
    expect(staffClose.body.data.status).toBe('closed')
    const closes = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.close'), eq(auditLog.targetId, ticket.id)))
    expect(closes).toHaveLength(1)
  })

  it('pages the list, most recent activity first', async () => {
    const { token } = await customer()
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000)
      ids.push((await open(token, { title: `Question ${i}` })).id)
    }
    const first = await call(t, contract.listOwnTickets, { query: { page: 1, page_size: 2 } }, { token })
    expect(first.body.data).toMatchObject({ total: 3, page_size: 2 })
    expect(first.body.data.items.map((i) => i.id)).toEqual([ids[2], ids[1]])
    const second = await call(t, contract.listOwnTickets, { query: { page: 2, size: 2 } }, { token })
    expect(second.body.data.items.map((i) => i.id)).toEqual([ids[0]])
  })

  it('asks anonymous callers to sign in', async () => {
    const res = await call(t, contract.listOwnTickets, {})
    expect(res.status).toBe(401)
  })
})
