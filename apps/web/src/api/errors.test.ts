import { ErrorCode } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { ApiError, failureText, isTransportFailure, pageFor, serverMessage, signsOut } from './errors.ts'

const refusal = new ApiError('Coupon has expired', ErrorCode.CouponExpired, 422)
const offline = new ApiError('Network error', 'NETWORK', 0)
const proxyPage = new ApiError('502 Bad Gateway', 'HTTP', 502)

describe('what the SPA makes of a failed call', () => {
  it('shows the server’s words, and none for a call that got no answer of ours', () => {
    expect(serverMessage(refusal)).toBe('Coupon has expired')
    expect(serverMessage(offline)).toBeNull()
    expect(serverMessage(proxyPage)).toBeNull()
    expect(serverMessage(new Error('boom'))).toBeNull()
    expect(serverMessage(new ApiError('', ErrorCode.Conflict, 409))).toBeNull()
  })

  it('reaches further only when asked: the status line of a foreign answer, or the client’s own notice', () => {
    expect(serverMessage(proxyPage, 'http')).toBe('502 Bad Gateway')
    expect(serverMessage(offline, 'http')).toBeNull()
    expect(serverMessage(offline, 'any')).toBe('Network error')
    expect(serverMessage(new DOMException('closed', 'NotAllowedError'), 'any')).toBeNull()
  })

  it('names what failed, with the server’s reason after it when there is one', () => {
    expect(failureText('Redeem failed', refusal)).toBe('Redeem failed: Coupon has expired')
    expect(failureText('Redeem failed', offline)).toBe('Redeem failed')
  })

  it('signs out on 401 and 403 only, and sends E401 to the profile', () => {
    expect(signsOut(ErrorCode.TokenInvalid)).toBe(true)
    expect(signsOut(ErrorCode.SessionEnded)).toBe(true)
    expect(signsOut(ErrorCode.Forbidden)).toBe(false)
    expect(pageFor(new ApiError('Add a phone number', ErrorCode.NoPhone, 422))).toBe('/settings/profile')
    expect(pageFor(refusal)).toBeNull()
  })

  it('tells a transport failure from a refusal', () => {
    expect(isTransportFailure(offline)).toBe(true)
    expect(isTransportFailure(proxyPage)).toBe(true)
    expect(isTransportFailure(refusal)).toBe(false)
  })
})
