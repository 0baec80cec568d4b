import * as contract from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  findUserRow,
  freshEmail,
  mailsTo,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import {
  auditLog,
  balanceLogs,
  paymentEvents,
  paymentIntents,
  paymentRefunds,
  sandboxPayments,
  usageDaily,
} from '../../db/schema/index.ts'
import { debit } from '../balance/ledger.ts'
import { sandboxVnpayRecord } from '../sandbox/vnpay.ts'
import { PaypalError } from './paypal.ts'
import { reconcile } from './reconcile.ts'
import type { HttpRequest, HttpResponse } from './transport.ts'
import { hmacSha512, queryDrResponseData } from './vnpay.ts'

// Refunds, chargebacks and declined PayPal cards (docs/payments.md "Refunds", docs/balance.md "Refunds
// and what is owed"), through the built-in sandboxes of both gateways. After every test: for every user
// the balance equals Σ of its log (a negative balance included), each refund took its share from the
// balance once, and no payment lost more than it credited.

describe('refunds', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])

  afterEach(async () => {
    const drift = (await t.ctx.db.execute(sql`
      select u.id from users u
      left join (select user_id, sum(amount_cents) as total from balance_logs group by user_id) l on l.user_id = u.id
      where u.balance_cents <> coalesce(l.total, 0)`)) as unknown as { rows: unknown[] }
    expect(drift.rows).toEqual([])
    const twice = (await t.ctx.db.execute(sql`
      select reference from balance_logs where type = 'payment_refund' group by reference having count(*) > 1`)) as unknown as {
      rows: unknown[]
    }
    expect(twice.rows).toEqual([])
    // A completed refund with a share has its one ledger row; nothing else has one.
    const unmatched = (await t.ctx.db.execute(sql`
      select r.id from payment_refunds r
      left join balance_logs l on l.reference = r.id and l.type = 'payment_refund'
      where (r.status = 'completed' and r.credit_cents > 0) <> (l.id is not null)
        or (l.id is not null and -l.amount_cents <> r.credit_cents)`)) as unknown as { rows: unknown[] }
    expect(unmatched.rows).toEqual([])
    const overdrawn = (await t.ctx.db.execute(sql`
      select p.id from payment_intents p join payment_refunds r on r.intent_id = p.id and r.status = 'completed'
      group by p.id, p.credit_cents having sum(r.credit_cents) > p.credit_cents`)) as unknown as { rows: unknown[] }
    expect(overdrawn.rows).toEqual([])
  })

  async function customer() {
    const user = await createUser(t, { email: freshEmail('refund'), phoneVerified: true })
    return { user, token: await signIn(t, user.email) }
  }

  const balanceOf = async (userId: string) => (await findUserRow(t, userId))?.balanceCents

  async function intentRow(id: string) {
    const [row] = await t.ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, id))
    if (!row) throw new Error(`no intent ${id}`)
    return row
  }

  const refundsOf = (intentId: string) =>
    t.ctx.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.intentId, intentId))
      .orderBy(asc(paymentRefunds.createdAt))

  const refundLogs = (userId: string) =>
    t.ctx.db
      .select()
      .from(balanceLogs)
      .where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.type, 'payment_refund')))

  async function start(token: string, provider: 'paypal' | 'vnpay', amount: string) {
    const res = await call(
      t,
      contract.createPayment,
      { body: { provider, purpose: 'topup', amount, bill_id: null, paypal_domestic: false } },
      { token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  /** The buyer approves on the sandbox's PayPal page with a choice; answers the order id. */
  async function approve(redirectUrl: string, choice: string, webhooks = true) {
    const url = new URL(redirectUrl)
    const pageRes = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(pageRes.statusCode, pageRes.body).toBe(200)
    const token = url.searchParams.get('token') ?? ''
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/checkoutnow',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, choice, ...(webhooks ? { webhooks: '1' } : {}) }).toString(),
    })
    expect(res.statusCode, res.body).toBe(302)
    return token
  }

  const capture = (token: string, orderId: string) =>
    call(t, contract.paypalCapture, { body: { order_id: orderId } }, { token })

  /** A succeeded PayPal top-up (the customer pays the amount + 4.4% + 0.30 USD). */
  async function paypalTopUp(token: string, amount: string) {
    const { redirect_url } = await start(token, 'paypal', amount)
    const orderId = await approve(redirect_url ?? '', 'success')
    const res = await capture(token, orderId)
    expect(res.body.data.status, JSON.stringify(res.body)).toBe('succeeded')
    return { payment: res.body.data, orderId }
  }

  /** A succeeded VNPay top-up, paid on the sandbox's page (the signed IPN credits it). */
  async function vnpayTopUp(token: string, amount: string) {
    const { payment, redirect_url } = await start(token, 'vnpay', amount)
    const url = new URL(redirect_url ?? '')
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200)
    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox/vnpay/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ txnRef: payment.reference, choice: 'success' }).toString(),
    })
    expect(paid.statusCode).toBe(302)
    const row = await intentRow(payment.id)
    expect(row.status).toBe('succeeded')
    return row
  }

  /** PayPal's own side, from the sandbox console: a refund in its dashboard, a chargeback, a replay. */
  const paypalConsole = (action: 'refund' | 'reverse' | 'replay', orderId: string, amount?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/paypal/console/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams({ order: orderId, ...(amount ? { amount } : {}) }).toString(),
    })

  const refund = (
    id: string,
    body: { amount: string; reason: string },
    options: { token?: string; key?: string; lang?: string } = {},
  ) =>
    call(
      t,
      contract.refundPayment,
      { params: { id }, body },
      {
        token: options.token ?? admin.token,
        ...(options.lang ? { lang: options.lang } : {}),
        ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
      },
    )

  async function sandboxOrder(orderId: string) {
    const [row] = await t.ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, `pp:${orderId}`))
    return row?.data as {
      refunds?: { id: string; amount: { value: string } }[]
      events: { type: string; status: number }[]
    }
  }

  describe('PayPal webhooks', () => {
    it('a refund made at PayPal is taken from the balance once: replays and two concurrent deliveries change nothing, partial refunds sum to the credit', async () => {
      const { user, token } = await customer()
      // 100.00 on the balance for 104.70 paid.
      const { payment, orderId } = await paypalTopUp(token, '100.00')
      expect(await balanceOf(user.id)).toBe(10_000n)

      expect((await paypalConsole('refund', orderId, '52.35')).statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(5_000n)
      // PayPal delivers the same event again, and twice at the same moment.
      expect((await paypalConsole('replay', orderId)).statusCode).toBe(200)
      const both = await Promise.all([paypalConsole('replay', orderId), paypalConsole('replay', orderId)])
      for (const r of both) expect(r.statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(5_000n)
      expect(await refundLogs(user.id)).toHaveLength(1)

      // The rest: the two shares sum to exactly what the payment credited.
      expect((await paypalConsole('refund', orderId, '52.35')).statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(0n)
      const rows = await refundsOf(payment.id)
      expect(rows.map((r) => [r.origin, r.kind, r.status, r.amountMinor, r.creditCents])).toEqual([
        ['provider', 'refund', 'completed', 5_235n, 5_000n],
        ['provider', 'refund', 'completed', 5_235n, 5_000n],
      ])
      const view = await call(t, contract.getPayment, { params: { id: payment.id } }, { token: admin.token })
      expect(view.body.data).toMatchObject({ refunded: '104.70', refundable: '0.00', refund_pending: false })
      // Every delivery reached the portal and was answered 200.
      const order = await sandboxOrder(orderId)
      expect(order.events.filter((e) => e.type === 'PAYMENT.CAPTURE.REFUNDED').every((e) => e.status === 200)).toBe(
        true,
      )
    })

    it('a chargeback beyond the balance leaves the account owing: check-balance on, the gateway answers NO_BALANCE, administrators alerted', async () => {
      const { user, token } = await customer()
      const { payment, orderId } = await paypalTopUp(token, '50.00')
      const keyRes = await call(
        t,
        contract.createKey,
        { body: { name: 'Refund test', type: 'api_key', restriction_list: null } },
        { token },
      )
      expect(keyRes.status, JSON.stringify(keyRes.body)).toBe(201)
      const verify = async () => {
        const res = await call(
          t,
          contract.gatewayVerify,
          { body: { key: keyRes.body.data.key, service: 'GEOCODE' } },
          { token: t.config.gatewayToken },
        )
        return (res.body.data as { reason: string }).reason
      }
      expect(await verify()).toBe('OK')
      // The customer spends 30.00 of the 50.00.
      await t.ctx.db.transaction((tx) =>
        debit(tx, { userId: user.id, amountCents: 3_000n, type: 'plan_purchase', reference: 'plan_test' }),
      )

      // The payer's bank takes the whole payment back.
      expect((await paypalConsole('reverse', orderId)).statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(-3_000n)
      expect((await findUserRow(t, user.id))?.checkBalance).toBe(true)
      const deadline = Date.now() + 2000
      let reason = await verify()
      while (reason !== 'NO_BALANCE' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20))
        reason = await verify()
      }
      expect(reason).toBe('NO_BALANCE')
      const [logRow] = await refundLogs(user.id)
      expect(logRow).toMatchObject({ amountCents: -5_000n, balanceAfterCents: -3_000n })
      expect((await refundsOf(payment.id))[0]).toMatchObject({
        kind: 'reversal',
        origin: 'provider',
        status: 'completed',
      })

      // The administrators: an e-mail, the payment's alert, and the account showing what it owes.
      const mails = await mailsTo(t, admin.user.email)
      expect(mails.some((m) => m.template === 'paymentAlert' && m.textBody.includes('30.00'))).toBe(true)
      const listed = await call(
        t,
        contract.allPayments,
        { query: { user_id: user.id, alert: 'true' } },
        { token: admin.token },
      )
      expect(listed.body.data.items.map((p) => p.id)).toEqual([payment.id])
      expect(listed.body.data.items[0]?.alert).toMatch(/owes 30\.00 USD/)
      const account = await call(t, contract.getAccount, { params: { id: user.id } }, { token: admin.token })
      expect(account.body.data).toMatchObject({ balance: '-30.00', check_balance: true })

      // Nothing can be spent meanwhile; a top-up pays the debt first.
      await expect(
        t.ctx.db.transaction((tx) =>
          debit(tx, { userId: user.id, amountCents: 1n, type: 'plan_purchase', reference: 'plan_test_2' }),
        ),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' })
      await paypalTopUp(token, '20.00')
      expect(await balanceOf(user.id)).toBe(-1_000n)
    })

    it("while the account owes, the dashboard's runway is 0 days, not a negative count", async () => {
      const { user, token } = await customer()
      const { orderId } = await paypalTopUp(token, '5000.00')
      await t.ctx.db.transaction((tx) =>
        debit(tx, { userId: user.id, amountCents: 300_000n, type: 'plan_purchase', reference: 'plan_big' }),
      )
      expect((await paypalConsole('reverse', orderId)).statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(-300_000n)
      // 200,000 geocodes this month: hundreds of USD spent in the 1⅓ days so far, so the debt lasts "-5 days".
      await t.ctx.db.insert(usageDaily).values({
        keyId: 'key_refund_test',
        userId: user.id,
        service: 'GEOCODE',
        day: t.clock.now().toISOString().slice(0, 10),
        hits: 200_000,
        ok: 200_000,
        clientErrors: 0,
        serverErrors: 0,
        latencySum: 0,
        latencyMax: 0,
      })
      const summary = await call(t, contract.balanceSummary, {}, { token })
      expect(summary.body.data).toMatchObject({ balance: '-3000.00', runway_days: 0 })
    })

    it('a refund PayPal reports beyond what is left takes nothing more than the credit, and is flagged', async () => {
      const { user, token } = await customer()
      const { payment, orderId } = await paypalTopUp(token, '10.00')
      const total = (await intentRow(payment.id)).totalMinor
      // Our record says half was refunded already (e.g. a refund PayPal never told us about was added by hand).
      await t.ctx.db.insert(paymentRefunds).values({
        id: 'rfd_handmade',
        intentId: payment.id,
        userId: user.id,
        provider: 'paypal',
        kind: 'refund',
        origin: 'provider',
        status: 'completed',
        amountMinor: total / 2n,
        creditCents: 0n,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      expect((await paypalConsole('refund', orderId)).statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(0n)
      expect((await intentRow(payment.id)).alert).toBe('payments.alert.refundExceeds')
    })
  })

  describe('from the back office', () => {
    it('an administrator refunds a PayPal top-up through the sandbox exactly once under a double click, with an audit and a balance-log row', async () => {
      const { user, token } = await customer()
      const { payment, orderId } = await paypalTopUp(token, '100.00')
      const answers = await Promise.all([
        refund(payment.id, { amount: '104.70', reason: 'Customer asked' }),
        refund(payment.id, { amount: '104.70', reason: 'Customer asked' }),
      ])
      const codes = answers.map((a) => a.status).sort()
      expect(codes[0], JSON.stringify(answers.map((a) => a.body))).toBe(200)
      // The second click either found the first in flight (409) or already done (422, nothing left).
      expect([409, 422]).toContain(codes[1])
      const done = answers.find((a) => a.status === 200)
      expect(done?.body.data).toMatchObject({ refunded: '104.70', refundable: '0.00', refund_pending: false })
      expect(done?.body.message).toBe('The refund was made: 104.70 USD went back to the customer')
      expect(await balanceOf(user.id)).toBe(0n)

      // One refund at PayPal; its webhook came back and took nothing twice.
      const order = await sandboxOrder(orderId)
      expect(order.refunds).toHaveLength(1)
      expect(order.events.filter((e) => e.type === 'PAYMENT.CAPTURE.REFUNDED')).toHaveLength(1)
      expect((await paypalConsole('replay', orderId)).statusCode).toBe(200)
      expect(await balanceOf(user.id)).toBe(0n)
      const rows = await refundsOf(payment.id)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        origin: 'admin',
        status: 'completed',
        createdBy: admin.user.id,
        creditCents: 10_000n,
      })
      expect(rows[0]?.providerRefundId).toBe(order.refunds?.[0]?.id)

      const logs = await refundLogs(user.id)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({ amountCents: -10_000n, createdBy: admin.user.id, reference: rows[0]?.id })
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, payment.id)))
      expect(audits).toHaveLength(1)
      expect(audits[0]?.after).toMatchObject({ amount: '104.70', currency: 'USD', reason: 'Customer asked' })
    })

    it('the same Idempotency-Key is the same refund, even sent twice at once', async () => {
      const { user, token } = await customer()
      const { payment, orderId } = await paypalTopUp(token, '100.00')
      const key = 'refund-key-0001'
      const answers = await Promise.all([
        refund(payment.id, { amount: '10.47', reason: 'Part of it' }, { key }),
        refund(payment.id, { amount: '10.47', reason: 'Part of it' }, { key }),
      ])
      // The loser waited on the winner's claim; it answers the same refund or that it is in flight.
      for (const a of answers) expect([200, 409]).toContain(a.status)
      const again = await refund(payment.id, { amount: '10.47', reason: 'Part of it' }, { key })
      expect(again.status).toBe(200)
      expect(again.body.data).toMatchObject({ refunded: '10.47', refundable: '94.23' })
      // The same key with another amount is a mistake, not a second refund.
      const other = await refund(payment.id, { amount: '20.00', reason: 'Part of it' }, { key })
      expect(other.status).toBe(422)
      expect(errorEnvelope(other.body).error_code).toBe('IDEMPOTENCY_MISMATCH')
      expect((await sandboxOrder(orderId)).refunds).toHaveLength(1)
      expect(await balanceOf(user.id)).toBe(9_000n)
    })

    it('an administrator refunds a VNPay top-up through the sandbox, partly then the rest; signed both ways; exactly once', async () => {
      const { user, token } = await customer()
      const intent = await vnpayTopUp(token, '100.00')
      const half = intent.totalMinor / 2n
      // A double click on the dialog's button: one Idempotency-Key, so one refund whatever the timing
      // (the loser finds it in flight, 409, or made, the same answer).
      const key = 'double-click-vnpay'
      const answers = await Promise.all([
        refund(intent.id, { amount: half.toString(), reason: 'Half back' }, { key }),
        refund(intent.id, { amount: half.toString(), reason: 'Half back' }, { key }),
      ])
      for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status)
      const loser = answers.find((a) => a.status === 409)
      if (loser) expect(errorEnvelope(loser.body).error_code).toBe('REFUND_IN_PROGRESS')
      const firstShare = 10_000n - ((await balanceOf(user.id)) ?? 0n)
      expect(firstShare).toBe(5_000n)
      const rest = intent.totalMinor - half
      const second = await refund(intent.id, { amount: rest.toString(), reason: 'The rest' })
      expect(second.status, JSON.stringify(second.body)).toBe(200)
      expect(await balanceOf(user.id)).toBe(0n)
      const record = await sandboxVnpayRecord(t.ctx, intent.reference)
      expect(record?.refunds?.map((r) => [r.type, r.amount])).toEqual([
        ['03', (half * 100n).toString()],
        ['03', (rest * 100n).toString()],
      ])
      const events = await t.ctx.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.intentId, intent.id), eq(paymentEvents.kind, 'refund')))
      expect(events.map((e) => e.outcome)).toEqual(['00', '00'])
      expect(await refundLogs(user.id)).toHaveLength(2)
    })

    it('refuses support, a refund over what is left (localised), a bad amount, and what is not a refundable top-up', async () => {
      const { token } = await customer()
      const { payment } = await paypalTopUp(token, '10.00')
      const denied = await refund(payment.id, { amount: '1.00', reason: 'x' }, { token: support.token })
      expect(denied.status).toBe(403)

      const over = await refund(payment.id, { amount: '10.75', reason: 'Too much' }, { lang: 'vi' })
      expect(over.status).toBe(422)
      expect(errorEnvelope(over.body)).toMatchObject({
        error_code: 'REFUND_TOO_LARGE',
        message: 'Thanh toán này chỉ còn có thể hoàn tối đa 10.74 USD',
      })
      const cents = await refund(payment.id, { amount: '1.234', reason: 'x' })
      expect(cents.status).toBe(400)
      expect(fieldsOf(errorEnvelope(cents.body)).amount).toBeDefined()
      const noReason = await refund(payment.id, { amount: '1.00', reason: ' ' })
      expect(noReason.status).toBe(400)

      const vnpay = await vnpayTopUp(token, '10.00')
      const decimals = await refund(vnpay.id, { amount: '1000.50', reason: 'x' })
      expect(decimals.status).toBe(400)
      expect(fieldsOf(errorEnvelope(decimals.body)).amount).toBe(
        'Enter the amount to refund in the payment’s currency: VND in whole đồng, USD with up to 2 decimals',
      )

      const pending = await start(token, 'paypal', '10.00')
      const notYet = await refund(pending.payment.id, { amount: '1.00', reason: 'x' })
      expect(notYet.status).toBe(422)
      expect(errorEnvelope(notYet.body).error_code).toBe('NOT_REFUNDABLE')
      expect(await refundsOf(payment.id)).toHaveLength(0)

      // A refund in flight (asked, not answered yet): no second one until it ends.
      await t.ctx.db.insert(paymentRefunds).values({
        id: 'rfd_inflight',
        intentId: payment.id,
        userId: (await intentRow(payment.id)).userId,
        provider: 'paypal',
        kind: 'refund',
        origin: 'admin',
        status: 'pending',
        amountMinor: 100n,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      const busy = await refund(payment.id, { amount: '1.00', reason: 'x' })
      expect(busy.status).toBe(409)
      expect(errorEnvelope(busy.body).error_code).toBe('REFUND_IN_PROGRESS')
      const view = await call(t, contract.getPayment, { params: { id: payment.id } }, { token: admin.token })
      expect(view.body.data).toMatchObject({ refund_pending: true, refundable: '9.74' })
    })

    it("the sandbox honours PayPal's negative-testing header on a refund, and a refused refund takes nothing", async () => {
      const { user, token } = await customer()
      const { payment } = await paypalTopUp(token, '10.00')
      // The sandbox honours PayPal's negative-testing header on the refund too.
      const row = await intentRow(payment.id)
      await expect(
        t.ctx.paypal.refundCapture(
          row.providerTxnId ?? '',
          'refund:mocked',
          { value: '1.00', customId: 'x', invoiceId: row.reference, note: 'x' },
          JSON.stringify({ mock_application_codes: 'REFUND_FAILED_INSUFFICIENT_FUNDS' }),
        ),
      ).rejects.toMatchObject({ issue: 'REFUND_FAILED_INSUFFICIENT_FUNDS' })
      expect(await balanceOf(user.id)).toBe(1_000n)
    })
  })

  describe('a VNPay refund with no answer', () => {
    const realTransport = t.ctx.transport
    const isRefundCall = (request: HttpRequest) => (request.body ?? '').includes('"vnp_Command":"refund"')

    /**
     * The refund call to VNPay gets no answer: it reaches VNPay (which makes the refund) and the answer
     * is lost, or it never reaches VNPay. `hold` keeps the answer back until it resolves (a late answer).
     */
    function loseRefundAnswer(mode: 'reaches' | 'lost' | { hold: Promise<void> }) {
      return vi.spyOn(t.ctx, 'transport').mockImplementation(async (request): Promise<HttpResponse> => {
        if (!isRefundCall(request)) return realTransport(request)
        if (mode === 'lost') throw new Error('connect ETIMEDOUT')
        const answer = await realTransport(request)
        if (mode === 'reaches') throw new Error('socket hang up')
        await mode.hold
        return answer
      })
    }

    const check = (id: string, token = admin.token, lang?: string) =>
      call(t, contract.checkRefund, { params: { id } }, { token, ...(lang ? { lang } : {}) })

    const settleAudits = (intentId: string) =>
      t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.refund.settle'), eq(auditLog.targetId, intentId)))

    it('a refund VNPay made but whose answer was lost is completed by reconciliation once: ledger, balance-log and audit rows; the alert lifted', async () => {
      const { user, token } = await customer()
      const intent = await vnpayTopUp(token, '10.00')
      const spy = loseRefundAnswer('reaches')
      const res = await refund(intent.id, { amount: intent.totalMinor.toString(), reason: 'Answer lost' })
      spy.mockRestore()
      expect(res.status, JSON.stringify(res.body)).toBe(502)
      expect(await refundsOf(intent.id)).toMatchObject([{ status: 'pending' }])
      expect((await intentRow(intent.id)).alert).toBe('payments.alert.refundUnanswered')
      expect(await balanceOf(user.id)).toBe(1_000n)
      // VNPay made it: a second refund is refused while it is in flight.
      expect((await refund(intent.id, { amount: '1000', reason: 'Again' })).status).toBe(409)

      // Not yet a few minutes old: reconciliation leaves it to the refund call.
      await reconcile(t.ctx)
      expect(await refundsOf(intent.id)).toMatchObject([{ status: 'pending' }])
      t.clock.advance(6 * 60_000)
      const run = await reconcile(t.ctx)
      expect(run.settled).toBeGreaterThanOrEqual(1)
      const [row] = await refundsOf(intent.id)
      expect(row).toMatchObject({ status: 'completed', responseCode: '02:05', creditCents: 1_000n })
      expect(await balanceOf(user.id)).toBe(0n)
      const logs = await refundLogs(user.id)
      expect(logs).toMatchObject([{ amountCents: -1_000n, reference: row?.id, createdBy: admin.user.id }])
      expect((await intentRow(intent.id)).alert).toBeNull()
      const audits = await settleAudits(intent.id)
      expect(audits).toHaveLength(1)
      expect(audits[0]).toMatchObject({ actorId: null })
      expect(audits[0]?.after).toMatchObject({ refund_id: row?.id, status: 'completed', by: 'reconciliation' })
      // Asked again later: nothing more.
      t.clock.advance(11 * 60_000)
      await reconcile(t.ctx)
      expect(await refundLogs(user.id)).toHaveLength(1)
      expect(await settleAudits(intent.id)).toHaveLength(1)
    })

    it('an administrator\'s "Check with VNPay" settles it now (admin only; localised); a payment with none in flight is 409', async () => {
      const { user, token } = await customer()
      const intent = await vnpayTopUp(token, '10.00')
      const half = intent.totalMinor / 2n
      const spy = loseRefundAnswer('reaches')
      expect((await refund(intent.id, { amount: half.toString(), reason: 'Half, answer lost' })).status).toBe(502)
      spy.mockRestore()

      expect((await check(intent.id, support.token)).status).toBe(403)
      const res = await check(intent.id, admin.token, 'vi')
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.message).toBe(
        `VNPay xác nhận đã hoàn tiền: ${half} VND đã được trả lại cho khách hàng và đã trừ khỏi số dư`,
      )
      expect(res.body.data).toMatchObject({ refund_pending: false, refunded: half.toString(), alert: null })
      expect(await balanceOf(user.id)).toBe(500n)
      expect(await refundLogs(user.id)).toHaveLength(1)
      const audits = await settleAudits(intent.id)
      expect(audits).toMatchObject([{ actorId: admin.user.id }])
      expect(audits[0]?.after).toMatchObject({ status: 'completed', by: 'administrator' })

      const none = await check(intent.id)
      expect(none.status).toBe(409)
      expect(errorEnvelope(none.body)).toMatchObject({
        error_code: 'NO_REFUND_IN_FLIGHT',
        message: 'This payment has no VNPay refund waiting for an answer',
      })
    })

    it('a check, reconciliation and the late answer of the refund call, all at once: taken from the balance once', async () => {
      const { user, token } = await customer()
      const intent = await vnpayTopUp(token, '10.00')
      let release: () => void = () => undefined
      const hold = new Promise<void>((resolve) => {
        release = resolve
      })
      const spy = loseRefundAnswer({ hold })
      const late = refund(intent.id, { amount: intent.totalMinor.toString(), reason: 'Late answer' })
      // VNPay has made the refund; its answer is on its way.
      await vi.waitFor(async () => expect((await sandboxVnpayRecord(t.ctx, intent.reference))?.refunds).toHaveLength(1))
      t.clock.advance(6 * 60_000)
      const [checked] = await Promise.all([check(intent.id), reconcile(t.ctx), check(intent.id)])
      expect([200, 409]).toContain(checked.status)
      release()
      const answered = await late
      spy.mockRestore()
      expect(answered.status, JSON.stringify(answered.body)).toBe(200)
      expect(answered.body.data).toMatchObject({ refund_pending: false, refundable: '0' })
      expect(await refundsOf(intent.id)).toMatchObject([{ status: 'completed' }])
      expect(await refundLogs(user.id)).toHaveLength(1)
      expect(await balanceOf(user.id)).toBe(0n)
      expect(await settleAudits(intent.id)).toHaveLength(1)
    })

    it("a refund that never reached VNPay: waiting at first, then failed by VNPay's answer, released, and a new refund goes through", async () => {
      const { user, token } = await customer()
      const intent = await vnpayTopUp(token, '10.00')
      const half = (intent.totalMinor / 2n).toString()
      const spy = loseRefundAnswer('lost')
      expect((await refund(intent.id, { amount: half, reason: 'Never arrived' })).status).toBe(502)
      spy.mockRestore()
      expect((await sandboxVnpayRecord(t.ctx, intent.reference))?.refunds ?? []).toHaveLength(0)

      // Just asked: VNPay not knowing it yet proves nothing.
      const early = await check(intent.id)
      expect(early.status, JSON.stringify(early.body)).toBe(200)
      expect(early.body.message).toBe(
        'VNPay has not settled this refund yet; it stays in flight. Check again in a few minutes',
      )
      expect(early.body.data.refund_pending).toBe(true)

      t.clock.advance(6 * 60_000)
      const res = await check(intent.id)
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(
        'VNPay has not made this refund (NOT_AT_VNPAY): nothing was taken, and the payment can be refunded again',
      )
      expect(res.body.data).toMatchObject({
        refund_pending: false,
        refunded: '0',
        refundable: intent.totalMinor.toString(),
        alert: null,
      })
      expect(await refundsOf(intent.id)).toMatchObject([
        { status: 'failed', responseCode: 'NOT_AT_VNPAY', creditCents: null },
      ])
      expect(await balanceOf(user.id)).toBe(1_000n)
      expect(await refundLogs(user.id)).toHaveLength(0)
      expect((await settleAudits(intent.id))[0]?.after).toMatchObject({ status: 'failed', vnpay: 'NOT_AT_VNPAY' })

      const again = await refund(intent.id, { amount: half, reason: 'Now for real' })
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(await balanceOf(user.id)).toBe(500n)
    })

    it('a refund VNPay refused (querydr status 09): failed, nothing taken, released for a new refund', async () => {
      const { user, token } = await customer()
      const intent = await vnpayTopUp(token, '10.00')
      const half = (intent.totalMinor / 2n).toString()
      const lost = loseRefundAnswer('reaches')
      expect((await refund(intent.id, { amount: half, reason: 'Refused later' })).status).toBe(502)
      lost.mockRestore()
      // VNPay's querydr reports the refund as refused (09), signed as VNPay signs it.
      const secret = t.ctx.config.payments.vnpay.hashSecret
      const refusing = vi.spyOn(t.ctx, 'transport').mockImplementation(async (request) => {
        const answer = await realTransport(request)
        if (!(request.body ?? '').includes('"vnp_Command":"querydr"')) return answer
        const body: Record<string, string> = { ...JSON.parse(answer.text), vnp_TransactionStatus: '09' }
        body.vnp_SecureHash = hmacSha512(secret, queryDrResponseData(body))
        return { status: answer.status, text: JSON.stringify(body) }
      })
      const res = await check(intent.id)
      refusing.mockRestore()
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.message).toBe(
        'VNPay has not made this refund (03:09): nothing was taken, and the payment can be refunded again',
      )
      expect(await refundsOf(intent.id)).toMatchObject([{ status: 'failed', responseCode: '03:09' }])
      expect(await balanceOf(user.id)).toBe(1_000n)
      expect(await refundLogs(user.id)).toHaveLength(0)
      const again = await refund(intent.id, { amount: half, reason: 'Again' })
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(await balanceOf(user.id)).toBe(500n)
    })

    it('the "Alerts" count counts every payment the "Alerts only" filter shows, refund alerts included', async () => {
      const { token } = await customer()
      const intent = await vnpayTopUp(token, '10.00')
      const spy = loseRefundAnswer('lost')
      expect((await refund(intent.id, { amount: '1000', reason: 'No answer' })).status).toBe(502)
      spy.mockRestore()
      const list = await call(
        t,
        contract.allPayments,
        { query: { alert: 'true', page_size: 100 } },
        { token: admin.token },
      )
      expect(list.status).toBe(200)
      expect(list.body.data.items.map((p) => p.id)).toContain(intent.id)
      expect(list.body.data.items.find((p) => p.id === intent.id)?.status).toBe('succeeded')
      expect(list.body.data.alerts).toBe(list.body.data.total)
      // Settled, its alert is lifted, and the count follows.
      t.clock.advance(6 * 60_000)
      expect((await check(intent.id)).status).toBe(200)
      const after = await call(
        t,
        contract.allPayments,
        { query: { alert: 'true', page_size: 100 } },
        { token: admin.token },
      )
      expect(after.body.data.items.map((p) => p.id)).not.toContain(intent.id)
      expect(after.body.data.alerts).toBe(after.body.data.total)
      expect(after.body.data.alerts).toBe(list.body.data.alerts - 1)
    })
  })

  it('a refund PayPal refuses is recorded as failed, takes nothing, and says why', async () => {
    const { user, token } = await customer()
    const { payment, redirect_url } = await start(token, 'paypal', '10.00')
    // Webhooks off: a refund made in PayPal's dashboard never reaches us (a lost webhook).
    const orderId = await approve(redirect_url ?? '', 'success', false)
    expect((await capture(token, orderId)).body.data.status).toBe('succeeded')
    expect((await paypalConsole('refund', orderId, '5.00')).statusCode).toBe(200)
    const res = await refund(payment.id, { amount: '10.74', reason: 'All of it' })
    expect(res.status).toBe(422)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: 'REFUND_REFUSED',
      message: 'The provider refused the refund (REFUND_AMOUNT_EXCEEDED)',
    })
    expect(await refundsOf(payment.id)).toMatchObject([{ status: 'failed', responseCode: 'REFUND_AMOUNT_EXCEEDED' }])
    expect(await balanceOf(user.id)).toBe(1_000n)
    // Not in flight any more: what PayPal still holds can be refunded.
    const rest = await refund(payment.id, { amount: '5.74', reason: 'The rest' })
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
  })

  describe('a declined PayPal card', () => {
    it('the capture answers 422 INSTRUMENT_DECLINED, never success; the order stays retryable and another funding source succeeds once', async () => {
      const { user, token } = await customer()
      const { payment, redirect_url } = await start(token, 'paypal', '10.00')
      const orderId = await approve(redirect_url ?? '', 'decline')
      const declined = await capture(token, orderId)
      expect(declined.status).toBe(422)
      const envelope = errorEnvelope(declined.body)
      expect(envelope).toMatchObject({ status: 'error', error_code: 'INSTRUMENT_DECLINED' })
      expect(envelope.data).toEqual({ payment_id: payment.id, approve_url: redirect_url })
      expect((await intentRow(payment.id)).status).toBe('pending')
      expect(await balanceOf(user.id)).toBe(0n)
      // In Burmese too.
      const again = await call(t, contract.paypalCapture, { body: { order_id: orderId } }, { token, lang: 'my' })
      expect(again.status).toBe(422)
      expect(errorEnvelope(again.body).message).toBe(
        'သင့်ကတ် သို့မဟုတ် ငွေရင်းမြစ်ကို ငြင်းပယ်ခံရသည်။ ငွေမဖြတ်ရသေးပါ: PayPal တွင် အခြားကတ် သို့မဟုတ် ငွေရင်းမြစ်ကို ရွေးပါ',
      )

      // Back on PayPal's page, another funding source.
      await approve(redirect_url ?? '', 'success')
      const paid = await capture(token, orderId)
      expect(paid.status, JSON.stringify(paid.body)).toBe(200)
      expect(paid.body.data.status).toBe('succeeded')
      expect(await balanceOf(user.id)).toBe(1_000n)
      expect((await capture(token, orderId)).body.data.status).toBe('succeeded')
      expect(await balanceOf(user.id)).toBe(1_000n)
    })

    it("the sandbox honours PayPal's negative-testing header on capture and leaves the order as it was", async () => {
      const { token } = await customer()
      const { payment, redirect_url } = await start(token, 'paypal', '10.00')
      const orderId = await approve(redirect_url ?? '', 'success')
      const mocked = await t.ctx.paypal
        .captureOrder(orderId, 'capture:mocked', JSON.stringify({ mock_application_codes: 'INSTRUMENT_DECLINED' }))
        .catch((e: unknown) => e)
      expect(mocked).toBeInstanceOf(PaypalError)
      expect(mocked).toMatchObject({ status: 422, issue: 'INSTRUMENT_DECLINED' })
      expect((await t.ctx.paypal.getOrder(orderId)).status).toBe('APPROVED')
      expect((await capture(token, orderId)).body.data.status).toBe('succeeded')
      expect((await intentRow(payment.id)).status).toBe('succeeded')
    })
  })
})
