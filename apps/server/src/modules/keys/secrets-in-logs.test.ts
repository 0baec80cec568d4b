import * as contract from '@app/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { call, createTestApp, createUser, freshEmail, PASSWORD, signIn, stepUp } from '../../../test/helpers.ts'

// A key never appears in the logs (docs/security.md "Secrets that must not be recoverable"). Every call that carries a secret (creation, copying,
// duplication, rolling, the gateway's check, with good and bad input) runs with logging at its most
// verbose, and no line may contain the secret, a session token or the gateway token.

describe('secrets in the logs', async () => {
  const lines: string[] = []
  const t = await createTestApp({}, { logStream: { write: (line) => void lines.push(line) } })
  afterAll(() => t.close())

  it('logs requests, but never a key, a session token or the gateway token', async () => {
    const user = await createUser(t, { email: freshEmail('logs'), phoneVerified: true })
    const token = await signIn(t, user.email)
    const created = await call(
      t,
      contract.createKey,
      { body: { name: 'Logged', type: 'api_key', restriction_list: [{ type: 'ip', value: '203.0.113.0/24' }] } },
      { token },
    )
    expect(created.status).toBe(201)
    const id = created.body.data.id
    const first = created.body.data.key
    const secrets = [first]

    // Copying it again needs a fresh proof of identity (step-up); the password must not be logged either.
    await stepUp(t, token)
    const revealed = await call(t, contract.revealKey, { params: { id } }, { token })
    expect(revealed.body.data.key).toBe(first)
    const copy = await call(t, contract.duplicateKey, { params: { id } }, { token })
    secrets.push(copy.body.data.key)
    const rolled = await call(t, contract.rollKey, { params: { id }, body: { grace_hours: 1 } }, { token })
    secrets.push(rolled.body.data.key)

    const gateway = { token: t.config.gatewayToken }
    for (const key of secrets) {
      const verified = await call(
        t,
        contract.gatewayVerify,
        { body: { key, service: 'GEOCODE', ip: '198.51.100.1' } },
        gateway,
      )
      expect(verified.body.data.reason).toBe('IP_NOT_ALLOWED')
    }
    // Refused calls are logged as client errors: still without the secret.
    const badService = await call(
      t,
      contract.gatewayVerify,
      { body: { key: first, service: 'TELEPORT' } as never },
      gateway,
    )
    expect(badService.status).toBe(400)
    const wrongToken = await call(t, contract.gatewayVerify, { body: { key: first, service: 'GEOCODE' } }, { token })
    expect(wrongToken.status).toBe(403)

    const log = lines.join('')
    // The log is not empty: the requests above are in it, so the search below means something.
    expect(log).toContain('/v1/gateway/verify')
    expect(log).toContain(`/v1/keys/${id}/secret`)
    for (const secret of [...secrets, token, t.config.gatewayToken, PASSWORD]) {
      expect(log.includes(secret), `a secret (${secret.slice(0, 6)}…) is in the log`).toBe(false)
    }
  })
})
