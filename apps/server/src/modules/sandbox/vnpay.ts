import { randomInt } from 'node:crypto'
import { parseVnpayDate, vnpayDate, vnpaySignData } from '@app/contract'
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context.ts'
import { sandboxPayments } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { jsonOf } from '../payments/transport.ts'
import {
  hmacSha512,
  joinedData,
  REFUND_REQUEST_FIELDS,
  REFUND_RESPONSE_FIELDS,
  sameSignature,
  verifyQuery,
} from '../payments/vnpay.ts'
import { definitionList, escapeHtml, hidden, page, radios } from './pages.ts'

// The VNPay side of the built-in sandbox (docs/payments.md "The sandbox"): the payment page, the signed redirect to the
// merchant's return URL, the signed IPN to the merchant (retried as VNPay does: after any answer other
// than 00 or 02, up to 10 calls, 5 minutes apart), querydr, refund (02 full, 03 partial: never beyond
// what was paid, a RequestId answered once, signed both ways), and a console to send or replay an IPN.

const IPN_PATH = '/v1/payments/vnpay/ipn'
const RETRY_MS = 5 * 60_000
const MAX_CALLS = 10

export type VnpayChoice = 'success' | 'failure' | 'cancel' | 'pending' | 'suspicious'

interface SandboxVnpay {
  txnRef: string
  amount: string
  orderInfo: string
  returnUrl: string
  locale: string
  createDate: string
  expireDate: string
  /** The signed result, once the tester has chosen. */
  result: Record<string, string> | null
  choice: VnpayChoice | null
  calls: { at: string; reply: string }[]
  /** Refunds made (absent on transactions stored before refunds existed); amounts ×100 as VNPay sends them. */
  refunds?: { requestId: string; amount: string; type: string; at: string; transactionNo: string }[]
}

const CHOICES: Record<VnpayChoice, { code: string; status: string }> = {
  success: { code: '00', status: '00' },
  // 51: insufficient funds.
  failure: { code: '51', status: '02' },
  // 24: the customer cancelled.
  cancel: { code: '24', status: '02' },
  // Paid, but the IPN is held back until the tester sends it from the console.
  pending: { code: '00', status: '00' },
  // 07: money taken, transaction suspicious.
  suspicious: { code: '07', status: '00' },
}

const isChoice = (value: unknown): value is VnpayChoice => typeof value === 'string' && Object.hasOwn(CHOICES, value)

async function load(ctx: Ctx, txnRef: string) {
  const [row] = await ctx.db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.provider, 'vnpay'), eq(sandboxPayments.id, `vnp:${txnRef}`)))
    .limit(1)
  return row ? { row, data: row.data as SandboxVnpay } : null
}

async function save(ctx: Ctx, data: SandboxVnpay, nextNotifyAt?: Date | null) {
  const now = ctx.clock.now()
  await ctx.db
    .insert(sandboxPayments)
    .values({
      id: `vnp:${data.txnRef}`,
      provider: 'vnpay',
      data,
      createdAt: now,
      updatedAt: now,
      nextNotifyAt: nextNotifyAt ?? null,
    })
    .onConflictDoUpdate({
      target: sandboxPayments.id,
      set: { data, updatedAt: now, ...(nextNotifyAt !== undefined ? { nextNotifyAt } : {}) },
    })
}

function signed(secret: string, params: Record<string, string>): Record<string, string> {
  return { ...params, vnp_SecureHash: hmacSha512(secret, vnpaySignData(params)) }
}

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString()
}

/** Calls the merchant's IPN with the signed result; answers the RspCode (or `timeout`). */
export async function notify(ctx: Ctx, txnRef: string): Promise<string> {
  const found = await load(ctx, txnRef)
  if (!found?.data.result) return 'none'
  const { data } = found
  let rsp = 'timeout'
  try {
    const response = await ctx.transport({
      method: 'GET',
      url: `${ctx.config.publicUrl}${IPN_PATH}?${query(data.result ?? {})}`,
    })
    rsp = jsonOf<{ RspCode?: string }>(response)?.RspCode ?? `http-${response.status}`
  } catch {
    rsp = 'timeout'
  }
  const now = ctx.clock.now()
  data.calls.push({ at: now.toISOString(), reply: rsp })
  const done = rsp === '00' || rsp === '02' || data.calls.length >= MAX_CALLS
  await save(ctx, data, done ? null : new Date(now.getTime() + RETRY_MS))
  return rsp
}

/** Sends the IPN retries that are due (VNPay's rule: 5 minutes apart, 10 calls at most). */
export async function notifyDue(ctx: Ctx): Promise<number> {
  const due = await ctx.db
    .select({ id: sandboxPayments.id })
    .from(sandboxPayments)
    .where(
      and(
        eq(sandboxPayments.provider, 'vnpay'),
        isNotNull(sandboxPayments.nextNotifyAt),
        lte(sandboxPayments.nextNotifyAt, ctx.clock.now()),
      ),
    )
    .limit(20)
  for (const { id } of due) await notify(ctx, id.slice('vnp:'.length))
  return due.length
}

function errorPage(message: string, lang: string) {
  return page({
    title: 'VNPay sandbox',
    brand: 'VNPAY',
    lang,
    body: `<div class="card error"><h1>${lang === 'vi' ? 'Giao dịch không hợp lệ' : 'Invalid transaction'}</h1><p>${escapeHtml(message)}</p></div>`,
  })
}

export function registerVnpaySandbox(app: FastifyInstance, ctx: Ctx) {
  const config = ctx.config.payments.vnpay

  // The payment page, opened with the merchant's signed parameters, as VNPay's vpcpay.html is.
  app.get('/vnpay/paymentv2/vpcpay.html', async (req, reply) => {
    reply.type('text/html; charset=utf-8')
    const verified = verifyQuery(config.hashSecret, req.raw.url ?? '')
    if (!verified.ok) return reply.code(400).send(errorPage(`Checksum failed (${verified.reason}).`, 'en'))
    const p = verified.params
    const lang = p.vnp_Locale === 'vn' ? 'vi' : 'en'
    if (p.vnp_TmnCode !== config.tmnCode) return reply.code(400).send(errorPage('Unknown merchant (TmnCode).', lang))
    if (p.vnp_Version !== '2.1.0' || p.vnp_Command !== 'pay' || p.vnp_CurrCode !== 'VND' || 'vnp_SecureHashType' in p) {
      return reply.code(400).send(errorPage('Unsupported version, command or currency.', lang))
    }
    if (!/^\d{1,12}$/.test(p.vnp_Amount ?? '') || !p.vnp_TxnRef || !p.vnp_ReturnUrl) {
      return reply.code(400).send(errorPage('Missing amount, reference or return URL.', lang))
    }
    const expires = parseVnpayDate(p.vnp_ExpireDate ?? '')
    if (!expires || !parseVnpayDate(p.vnp_CreateDate ?? '')) return reply.code(400).send(errorPage('Bad dates.', lang))
    if (expires.getTime() < ctx.clock.now().getTime()) {
      return reply
        .code(400)
        .send(
          errorPage(
            lang === 'vi' ? 'Giao dịch đã quá thời gian chờ thanh toán.' : 'The payment window has expired.',
            lang,
          ),
        )
    }
    const existing = await load(ctx, p.vnp_TxnRef)
    if (existing?.data.result)
      return reply.code(409).send(errorPage('This transaction reference was already paid.', lang))
    await save(ctx, {
      txnRef: p.vnp_TxnRef,
      amount: p.vnp_Amount ?? '0',
      orderInfo: p.vnp_OrderInfo ?? '',
      returnUrl: p.vnp_ReturnUrl,
      locale: p.vnp_Locale ?? 'vn',
      createDate: p.vnp_CreateDate ?? '',
      expireDate: p.vnp_ExpireDate ?? '',
      result: null,
      choice: null,
      calls: [],
    })
    const vnd = BigInt(p.vnp_Amount ?? '0') / 100n
    const vi = lang === 'vi'
    const body = `<div class="card"><h1>${vi ? 'Thanh toán qua VNPay (thử nghiệm)' : 'Pay with VNPay (sandbox)'}</h1>
${definitionList([
  [vi ? 'Số tiền' : 'Amount', `${vnd.toLocaleString('en-US')} VND`],
  [vi ? 'Mã giao dịch' : 'Order reference', p.vnp_TxnRef],
  [vi ? 'Nội dung' : 'Order info', p.vnp_OrderInfo ?? ''],
  [vi ? 'Hết hạn' : 'Expires', `${p.vnp_ExpireDate} (GMT+7)`],
])}
<form method="post" action="/sandbox/vnpay/pay">${hidden({ txnRef: p.vnp_TxnRef })}
<fieldset><legend>${vi ? 'Kết quả thử nghiệm' : 'Result to simulate'}</legend>${radios(
      'choice',
      [
        ['success', vi ? 'Thanh toán thành công (NCB)' : 'Payment succeeds (bank NCB)'],
        ['failure', vi ? 'Thất bại: tài khoản không đủ số dư (51)' : 'Payment fails: insufficient funds (51)'],
        ['cancel', vi ? 'Khách hàng hủy giao dịch (24)' : 'Customer cancels (24)'],
        [
          'pending',
          vi ? 'Thành công, IPN gửi sau (từ bảng điều khiển)' : 'Succeeds, IPN held back (send it from the console)',
        ],
        [
          'suspicious',
          vi ? 'Trừ tiền thành công, giao dịch nghi ngờ (07)' : 'Money taken, transaction suspicious (07)',
        ],
      ],
      'success',
    )}</fieldset>
<button type="submit">${vi ? 'Xác nhận' : 'Confirm'}</button></form></div>
<p class="note">${vi ? 'Trang thử nghiệm của cổng VNPay tích hợp sẵn. Không có tiền thật.' : 'The built-in VNPay sandbox. No real money moves.'} <a href="/sandbox/vnpay/console">Console</a></p>`
    return reply.send(page({ title: 'VNPay sandbox', brand: 'VNPAY', lang, body }))
  })

  // The tester's choice: sign the result, call the IPN (unless held back), send the browser back.
  app.post('/vnpay/pay', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, unknown>
    const txnRef = typeof form.txnRef === 'string' ? form.txnRef : ''
    const choice = form.choice
    const found = await load(ctx, txnRef)
    reply.type('text/html; charset=utf-8')
    if (!found || !isChoice(choice)) return reply.code(400).send(errorPage('Unknown transaction or choice.', 'en'))
    const { data } = found
    if (data.result) return reply.code(409).send(errorPage('This transaction was already decided.', 'en'))
    const { code, status } = CHOICES[choice]
    const paid = code === '00' || code === '07'
    data.choice = choice
    data.result = signed(config.hashSecret, {
      vnp_Amount: data.amount,
      vnp_BankCode: 'NCB',
      ...(paid ? { vnp_BankTranNo: `VNP${randomInt(10_000_000, 99_999_999)}`, vnp_CardType: 'ATM' } : {}),
      vnp_OrderInfo: data.orderInfo,
      vnp_PayDate: vnpayDate(ctx.clock.now()),
      vnp_ResponseCode: code,
      vnp_TmnCode: config.tmnCode,
      vnp_TransactionNo: paid ? String(randomInt(10_000_000, 99_999_999)) : '0',
      vnp_TransactionStatus: status,
      vnp_TxnRef: data.txnRef,
    })
    await save(ctx, data, null)
    if (choice !== 'pending') await notify(ctx, data.txnRef)
    return reply.redirect(`${data.returnUrl}?${query(data.result)}`, 302)
  })

  // Send the IPN now (a held-back one) or again (a replay).
  app.post('/vnpay/notify', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, unknown>
    const txnRef = typeof form.txnRef === 'string' ? form.txnRef : ''
    const rsp = await notify(ctx, txnRef)
    if (req.headers.accept?.includes('application/json')) return reply.send({ RspCode: rsp })
    return reply.redirect('/sandbox/vnpay/console', 303)
  })

  app.get('/vnpay/console', async (_req, reply) => {
    const rows = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.provider, 'vnpay'))
      .orderBy(desc(sandboxPayments.createdAt))
      .limit(50)
    const lines = rows
      .map((row) => {
        const d = row.data as SandboxVnpay
        const vnd = `${(BigInt(d.amount) / 100n).toLocaleString('en-US')} VND`
        const calls = d.calls.map((c) => `${c.at.slice(11, 19)} → ${c.reply}`).join('<br>') || '—'
        const action = d.result
          ? `<form class="inline" method="post" action="/sandbox/vnpay/notify">${hidden({ txnRef: d.txnRef })}<button type="submit" class="secondary">${d.calls.length ? 'Replay IPN' : 'Send IPN'}</button></form>`
          : 'waiting for the tester'
        return `<tr><td>${escapeHtml(d.txnRef)}</td><td>${escapeHtml(vnd)}</td><td>${escapeHtml(d.choice ?? '—')}</td><td>${calls}</td><td>${action}</td></tr>`
      })
      .join('')
    const body = `<div class="card"><h1>VNPay sandbox console</h1><p class="note">Every transaction the sandbox has seen, the IPN calls it made (with the merchant's RspCode) and a button to send or replay the signed IPN.</p>
<table><thead><tr><th>TxnRef</th><th>Amount</th><th>Choice</th><th>IPN calls</th><th></th></tr></thead><tbody>${lines || '<tr><td colspan="5">No transactions yet.</td></tr>'}</tbody></table></div>`
    return reply.type('text/html; charset=utf-8').send(page({ title: 'VNPay sandbox console', brand: 'VNPAY', body }))
  })

  // refund (docs/payments.md "Refunds"): signed over `|`-joined fields both ways.
  async function refund(b: Record<string, unknown>) {
    const s = (key: string) => (typeof b[key] === 'string' ? (b[key] as string) : '')
    const answer = (fields: Record<string, string>) => {
      const all: Record<string, string> = {
        vnp_ResponseId: newId('sbr').slice(4),
        vnp_Command: 'refund',
        vnp_TmnCode: config.tmnCode,
        vnp_TxnRef: s('vnp_TxnRef'),
        vnp_Amount: s('vnp_Amount'),
        vnp_TransactionType: s('vnp_TransactionType'),
        vnp_OrderInfo: s('vnp_OrderInfo'),
        ...fields,
      }
      return { ...all, vnp_SecureHash: hmacSha512(config.hashSecret, joinedData(REFUND_RESPONSE_FIELDS, all)) }
    }
    if (!sameSignature(s('vnp_SecureHash'), hmacSha512(config.hashSecret, joinedData(REFUND_REQUEST_FIELDS, b)))) {
      return answer({ vnp_ResponseCode: '97', vnp_Message: 'Invalid checksum' })
    }
    if (s('vnp_TmnCode') !== config.tmnCode) return answer({ vnp_ResponseCode: '02', vnp_Message: 'Merchant invalid' })
    if (
      !['02', '03'].includes(s('vnp_TransactionType')) ||
      !/^\d{1,12}$/.test(s('vnp_Amount')) ||
      s('vnp_RequestId') === '' ||
      s('vnp_CreateBy') === ''
    ) {
      return answer({ vnp_ResponseCode: '03', vnp_Message: 'Invalid request format' })
    }
    const found = await load(ctx, s('vnp_TxnRef'))
    const r = found?.data.result
    if (!found || !r) return answer({ vnp_ResponseCode: '91', vnp_Message: 'Transaction not found' })
    const data = found.data
    const refunds = data.refunds ?? []
    if (refunds.some((x) => x.requestId === s('vnp_RequestId'))) {
      return answer({ vnp_ResponseCode: '94', vnp_Message: 'Duplicate request' })
    }
    if (
      r.vnp_ResponseCode !== '00' ||
      r.vnp_TransactionStatus !== '00' ||
      r.vnp_TransactionNo !== s('vnp_TransactionNo')
    ) {
      return answer({ vnp_ResponseCode: '95', vnp_Message: 'Transaction not successful at VNPAY' })
    }
    const left = BigInt(data.amount) - refunds.reduce((sum, x) => sum + BigInt(x.amount), 0n)
    const amount = BigInt(s('vnp_Amount'))
    const full = s('vnp_TransactionType') === '02'
    if (amount <= 0n || amount > left || (full && amount !== BigInt(data.amount))) {
      return answer({ vnp_ResponseCode: '03', vnp_Message: 'Invalid refund amount' })
    }
    const transactionNo = String(randomInt(10_000_000, 99_999_999))
    data.refunds = [
      ...refunds,
      {
        requestId: s('vnp_RequestId'),
        amount: s('vnp_Amount'),
        type: s('vnp_TransactionType'),
        at: ctx.clock.now().toISOString(),
        transactionNo,
      },
    ]
    await save(ctx, data)
    return answer({
      vnp_ResponseCode: '00',
      vnp_Message: 'Refund success',
      vnp_BankCode: r.vnp_BankCode ?? '',
      vnp_PayDate: vnpayDate(ctx.clock.now()),
      vnp_TransactionNo: transactionNo,
      // 05: VNPay is processing the refund (the money goes back to the card through the bank).
      vnp_TransactionStatus: '05',
    })
  }

  // querydr (docs/payments.md "Reconciliation"): the request and answer are signed over `|`-joined fields; it answers the
  // transaction's latest state, a refund once there is one.
  app.post('/vnpay/merchant_webapi/api/transaction', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>
    if (b.vnp_Command === 'refund') return reply.send(await refund(b))
    const s = (key: string) => (typeof b[key] === 'string' ? (b[key] as string) : '')
    const data = [
      s('vnp_RequestId'),
      s('vnp_Version'),
      s('vnp_Command'),
      s('vnp_TmnCode'),
      s('vnp_TxnRef'),
      s('vnp_TransactionDate'),
      s('vnp_CreateDate'),
      s('vnp_IpAddr'),
      s('vnp_OrderInfo'),
    ].join('|')
    const answer = (fields: Record<string, string>) => {
      const all: Record<string, string> = {
        vnp_ResponseId: newId('sbq').slice(4),
        vnp_Command: 'querydr',
        vnp_TmnCode: config.tmnCode,
        ...fields,
      }
      const order = [
        'vnp_ResponseId',
        'vnp_Command',
        'vnp_ResponseCode',
        'vnp_Message',
        'vnp_TmnCode',
        'vnp_TxnRef',
        'vnp_Amount',
        'vnp_BankCode',
        'vnp_PayDate',
        'vnp_TransactionNo',
        'vnp_TransactionType',
        'vnp_TransactionStatus',
        'vnp_OrderInfo',
        'vnp_PromotionCode',
        'vnp_PromotionAmount',
      ]
      return { ...all, vnp_SecureHash: hmacSha512(config.hashSecret, order.map((k) => all[k] ?? '').join('|')) }
    }
    if (!sameSignature(s('vnp_SecureHash'), hmacSha512(config.hashSecret, data)) || s('vnp_Command') !== 'querydr') {
      return reply.send(answer({ vnp_ResponseCode: '97', vnp_Message: 'Invalid checksum' }))
    }
    if (s('vnp_TmnCode') !== config.tmnCode)
      return reply.send(answer({ vnp_ResponseCode: '02', vnp_Message: 'Merchant invalid' }))
    const found = await load(ctx, s('vnp_TxnRef'))
    if (!found) return reply.send(answer({ vnp_ResponseCode: '91', vnp_Message: 'Transaction not found' }))
    const r = found.data.result
    // After a refund VNPay's querydr answers the transaction's latest state, the refund: its type (02
    // full, 03 partial), amount, date, number and status (05: VNPay is processing it, as the refund
    // call answered). A refund request that never reached the sandbox is not there.
    const last = found.data.refunds?.at(-1)
    if (r && last) {
      return reply.send(
        answer({
          vnp_ResponseCode: '00',
          vnp_Message: 'QueryDR Success',
          vnp_TxnRef: found.data.txnRef,
          vnp_Amount: last.amount,
          vnp_BankCode: r.vnp_BankCode ?? '',
          vnp_PayDate: vnpayDate(new Date(last.at)),
          vnp_TransactionNo: last.transactionNo,
          vnp_TransactionType: last.type,
          vnp_TransactionStatus: '05',
          vnp_OrderInfo: found.data.orderInfo,
        }),
      )
    }
    return reply.send(
      answer({
        vnp_ResponseCode: '00',
        vnp_Message: 'QueryDR Success',
        vnp_TxnRef: found.data.txnRef,
        vnp_Amount: found.data.amount,
        vnp_BankCode: r?.vnp_BankCode ?? '',
        vnp_PayDate: r?.vnp_PayDate ?? '',
        vnp_TransactionNo: r?.vnp_TransactionNo ?? '0',
        vnp_TransactionType: '01',
        vnp_TransactionStatus: r
          ? r.vnp_ResponseCode === '00' || r.vnp_ResponseCode === '07'
            ? (r.vnp_TransactionStatus ?? '00')
            : '02'
          : '01',
        vnp_OrderInfo: found.data.orderInfo,
      }),
    )
  })
}

/** Test helper and console summary: the sandbox's record of one transaction. */
export async function sandboxVnpayRecord(ctx: Ctx, txnRef: string) {
  return (await load(ctx, txnRef))?.data ?? null
}
