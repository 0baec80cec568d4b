import { describe, expect, it } from 'vitest'
import { returnBase } from './return-base.ts'

const unset = { publicUrl: 'http://localhost:3000', publicUrlConfigured: false }
const set = { publicUrl: 'https://portal.example.com', publicUrlConfigured: true }

describe('the payment return address', () => {
  it('is PUBLIC_URL when it is configured, whatever the browser says', () => {
    expect(returnBase(set, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBe(
      'https://portal.example.com',
    )
  })

  it('without PUBLIC_URL, is the origin the customer came from when it is this host', () => {
    expect(returnBase(unset, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000')
    expect(returnBase(unset, { origin: 'http://LOCALHOST:5173', host: 'localhost:5173' })).toBe('http://localhost:5173')
  })

  it('never another host, an odd scheme or a missing origin', () => {
    expect(returnBase(unset, { origin: 'https://evil.example', host: '127.0.0.1:3000' })).toBe('http://localhost:3000')
    expect(returnBase(unset, { origin: 'http://127.0.0.1:4000', host: '127.0.0.1:3000' })).toBe('http://localhost:3000')
    expect(returnBase(unset, { origin: 'null', host: '127.0.0.1:3000' })).toBe('http://localhost:3000')
    expect(returnBase(unset, { origin: 'javascript:alert(1)', host: 'alert(1)' })).toBe('http://localhost:3000')
    expect(returnBase(unset, { host: '127.0.0.1:3000' })).toBe('http://localhost:3000')
  })
})
