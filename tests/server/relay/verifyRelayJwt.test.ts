import { ed25519 } from '@noble/curves/ed25519'
import { base64urlnopad, utf8 } from '@scure/base'
// The WalletConnect client's own JWT library (a dependency of @walletconnect/core), used to prove interop.
import { encodeIss, generateKeyPair, signJWT, verifyJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { decodeDidKey } from '../../../server/relay/decodeDidKey.js'
import { encodeDidKey } from '../../../server/relay/encodeDidKey.js'
import { mintRelayJwt } from '../../../server/relay/mintRelayJwt.js'
import { RelayAuthError } from '../../../server/relay/RelayAuthError.js'
import { verifyRelayJwt } from '../../../server/relay/verifyRelayJwt.js'

const aud = 'ws://127.0.0.1:4700/relay'
const nowMs = Date.now()
const nowSeconds = Math.floor(nowMs / 1000)

function refusal(jwt: string, path = '/relay', at = nowMs): string {
  try {
    verifyRelayJwt({ jwt, path, nowMs: at })
  } catch (error) {
    expect(error).toBeInstanceOf(RelayAuthError)
    expect((error as RelayAuthError).status).toBe(401)
    return (error as RelayAuthError).shortMessage
  }
  throw new Error('the JWT was accepted')
}

function reencode(jwt: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = jwt.split('.') as [string, string, string]
  const claims = JSON.parse(utf8.encode(base64urlnopad.decode(payload))) as Record<string, unknown>
  change(claims)
  return [header, base64urlnopad.encode(utf8.decode(JSON.stringify(claims))), signature].join('.')
}

describe('verifyRelayJwt', () => {
  it('accepts a token signed by the WalletConnect client library and returns its did:key', async () => {
    const keyPair = generateKeyPair()
    const jwt = await signJWT('some-sub', aud, 86_400, keyPair)
    const verified = verifyRelayJwt({ jwt, path: '/relay', nowMs: Date.now() })
    expect(verified.clientId).toBe(encodeIss(keyPair.publicKey))
    expect(verified.clientId).toMatch(/^did:key:z6Mk/)
    expect(verified.sub).toBe('some-sub')
    expect(verified.exp - verified.iat).toBe(86_400)
  })

  it('mints tokens the WalletConnect client library accepts', async () => {
    const { jwt, clientId, secretKey } = mintRelayJwt({ aud })
    expect(await verifyJWT(jwt)).toBe(true)
    expect(clientId).toBe(encodeIss(ed25519.getPublicKey(secretKey)))
    expect(verifyRelayJwt({ jwt, path: '/relay', nowMs }).clientId).toBe(clientId)
  })

  it('checks the audience by path only, with or without a trailing slash', () => {
    expect(verifyRelayJwt({ jwt: mintRelayJwt({ aud: 'wss://relay.example.org/relay/' }).jwt, path: '/relay', nowMs }).aud).toBe(
      'wss://relay.example.org/relay/',
    )
    expect(refusal(mintRelayJwt({ aud: 'ws://127.0.0.1:4700/other' }).jwt)).toMatch(/aud/)
    expect(refusal(mintRelayJwt({ aud: 'ftp://127.0.0.1/relay' }).jwt)).toMatch(/aud/)
    expect(refusal(mintRelayJwt({ aud: 'not a url' }).jwt)).toMatch(/aud/)
  })

  it('refuses a tampered payload, a foreign signature and a swapped issuer', () => {
    const { jwt } = mintRelayJwt({ aud })
    expect(refusal(reencode(jwt, (claims) => (claims.exp = (claims.exp as number) + 1)))).toMatch(/signature/)
    const other = mintRelayJwt({ aud })
    expect(refusal(reencode(jwt, (claims) => (claims.iss = other.clientId)))).toMatch(/signature/)
    const [h, p] = jwt.split('.')
    expect(refusal(`${h}.${p}.${other.jwt.split('.')[2]}`)).toMatch(/signature/)
    expect(refusal(`${h}.${p}.${base64urlnopad.encode(new Uint8Array(63))}`)).toMatch(/64 bytes/)
  })

  it('refuses expired tokens, tokens from the future and exp before iat', () => {
    expect(refusal(mintRelayJwt({ aud, iat: nowSeconds - 100, ttlSeconds: 50 }).jwt)).toMatch(/expired/)
    expect(refusal(mintRelayJwt({ aud, iat: nowSeconds + 3600 }).jwt)).toMatch(/future/)
    // Within the 60 s skew a clock slightly ahead is fine.
    expect(verifyRelayJwt({ jwt: mintRelayJwt({ aud, iat: nowSeconds + 30 }).jwt, path: '/relay', nowMs }).iat).toBe(nowSeconds + 30)
    expect(refusal(mintRelayJwt({ aud, ttlSeconds: -10, iat: nowSeconds + 20 }).jwt)).toMatch(/exp/)
    // The relay's clock decides: the same token is refused once "now" passes exp.
    const { jwt } = mintRelayJwt({ aud, iat: nowSeconds, ttlSeconds: 10 })
    expect(refusal(jwt, '/relay', nowMs + 11_000)).toMatch(/expired/)
  })

  it('refuses a token that lives longer than a day, the lifetime the client mints (issue 12, point 9)', () => {
    expect(refusal(mintRelayJwt({ aud, iat: nowSeconds, ttlSeconds: 30 * 86_400 }).jwt)).toMatch(/lives longer than 86400 s/)
    expect(refusal(mintRelayJwt({ aud, iat: nowSeconds, ttlSeconds: 86_401 }).jwt)).toMatch(/lives longer/)
    expect(verifyRelayJwt({ jwt: mintRelayJwt({ aud, iat: nowSeconds, ttlSeconds: 86_400 }).jwt, path: '/relay', nowMs }).exp).toBe(nowSeconds + 86_400)
  })

  it('refuses other algorithms and malformed tokens with a clear message', () => {
    expect(refusal(mintRelayJwt({ aud, header: { alg: 'none' } }).jwt)).toMatch(/EdDSA/)
    expect(refusal(mintRelayJwt({ aud, header: { alg: 'HS256' } }).jwt)).toMatch(/EdDSA/)
    expect(refusal(mintRelayJwt({ aud, header: { typ: 'JWS' } }).jwt)).toMatch(/typ/)
    expect(refusal('')).toMatch(/Missing/)
    expect(refusal('abc')).toMatch(/three/)
    expect(refusal('a.b.c.d')).toMatch(/three/)
    expect(refusal('!!!.@@@.###')).toMatch(/base64url/)
    expect(refusal(`${base64urlnopad.encode(utf8.decode('[1]'))}.e30.e30`)).toMatch(/object/)
    expect(refusal('x'.repeat(5000))).toMatch(/longer/)
    const { jwt } = mintRelayJwt({ aud })
    expect(refusal(reencode(jwt, (claims) => delete claims.iss))).toMatch(/iss/)
    expect(refusal(reencode(jwt, (claims) => (claims.iss = 'did:web:example.org')))).toMatch(/did:key/)
  })
})

describe('encodeDidKey / decodeDidKey', () => {
  it('round-trips an ed25519 key the way the WalletConnect client encodes it', () => {
    const { publicKey } = generateKeyPair()
    expect(encodeDidKey(publicKey)).toBe(encodeIss(publicKey))
    expect(decodeDidKey(encodeIss(publicKey))).toEqual(publicKey)
  })

  it('refuses other key types, lengths and encodings', () => {
    // did:key of a secp256k1 key (multicodec 0xe7): the well-known example from the did:key spec.
    expect(() => decodeDidKey('did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme')).toThrow(/ed25519/)
    expect(() => decodeDidKey('did:key:z0OIl')).toThrow(/base58/)
    expect(() => decodeDidKey('did:key:f00')).toThrow(/did:key/)
    expect(() => encodeDidKey(new Uint8Array(31))).toThrow(/32 bytes/)
  })
})
