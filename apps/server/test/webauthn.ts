import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'

// A software authenticator for the passkey tests: ES256 keys from node:crypto, attestation "none" and
// assertions built by hand as WebAuthn Level 3 §6 lays them out, so the server's checks (challenge,
// origin, RP ID, signature, counter, user verification) meet genuine answers. Test code only.

type Json = Record<string, unknown>

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

// ── The few CBOR items an attestation object needs (RFC 8949): maps, ints, byte and text strings ──
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value])
  if (value < 256) return Buffer.from([(major << 5) | 24, value])
  if (value < 65_536) return Buffer.from([(major << 5) | 25, value >> 8, value & 255])
  const out = Buffer.alloc(5)
  out[0] = (major << 5) | 26
  out.writeUInt32BE(value, 1)
  return out
}
type Cbor = number | string | Buffer | Map<number | string, Cbor>
function cbor(item: Cbor): Buffer {
  if (typeof item === 'number') return item >= 0 ? head(0, item) : head(1, -1 - item)
  if (typeof item === 'string') {
    const bytes = Buffer.from(item, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (Buffer.isBuffer(item)) return Buffer.concat([head(2, item.length), item])
  const parts = [head(5, item.size)]
  for (const [k, v] of item) parts.push(cbor(k), cbor(v))
  return Buffer.concat(parts)
}

const UP = 0x01
const UV = 0x04
const AT = 0x40

function counterBytes(count: number) {
  const out = Buffer.alloc(4)
  out.writeUInt32BE(count)
  return out
}

interface Credential {
  id: Buffer
  privateKey: KeyObject
  userHandle: string
  count: number
}

export interface Tamper {
  origin?: string
  rpId?: string
  challenge?: string
  /** Sign with this counter instead of the next one. */
  counter?: number
  userVerified?: boolean
  type?: string
}

/** An authenticator holding discoverable ES256 passkeys for one site. */
export function softAuthenticator(site: { origin: string; rpId: string }) {
  const credentials: Credential[] = []

  function clientData(type: string, challenge: string, tamper: Tamper) {
    return Buffer.from(
      JSON.stringify({
        type: tamper.type ?? type,
        challenge: tamper.challenge ?? challenge,
        origin: tamper.origin ?? site.origin,
        crossOrigin: false,
      }),
    )
  }

  return {
    credentials,
    /** Answers `navigator.credentials.create()` for the server's creation options. */
    register(options: Json, tamper: Tamper = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ])
      const id = randomBytes(16)
      const user = options.user as { id: string }
      const credential: Credential = { id, privateKey, userHandle: user.id, count: 0 }
      credentials.push(credential)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(id.length)
      const authData = Buffer.concat([
        sha256(tamper.rpId ?? site.rpId),
        Buffer.from([UP | (tamper.userVerified === false ? 0 : UV) | AT]),
        counterBytes(0),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        id,
        cbor(cose),
      ])
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', String(options.challenge), tamper)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      }
    },
    /** Answers `navigator.credentials.get()` with a passkey (the newest unless one is named). */
    assert(options: Json, credential: Credential | undefined = credentials.at(-1), tamper: Tamper = {}) {
      if (!credential) throw new Error('no passkey to sign with')
      credential.count += 1
      const count = tamper.counter ?? credential.count
      const authData = Buffer.concat([
        sha256(tamper.rpId ?? site.rpId),
        Buffer.from([UP | (tamper.userVerified === false ? 0 : UV)]),
        counterBytes(count),
      ])
      const data = clientData('webauthn.get', String(options.challenge), tamper)
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey)
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      }
    },
  }
}
