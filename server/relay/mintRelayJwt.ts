import { ed25519 } from '@noble/curves/ed25519'
import { base64urlnopad, utf8 } from '@scure/base'
import { encodeDidKey } from './encodeDidKey.js'

export type MintRelayJwtParameters = {
  /** The relay URL the token is for, e.g. `ws://127.0.0.1:4700/relay`. */
  aud: string
  /** 32-byte ed25519 secret key; a fresh random one when omitted. */
  secretKey?: Uint8Array
  /** Issued-at, in seconds. Default: now. */
  iat?: number
  /** Lifetime in seconds. Default 86400 (one day, as the WalletConnect client does). */
  ttlSeconds?: number
  sub?: string
  /** Header overrides, for tests of refused tokens. */
  header?: Record<string, unknown>
}

export type MintRelayJwtReturnType = {
  jwt: string
  /** The `iss` did:key, which is also the relay's client id. */
  clientId: string
  secretKey: Uint8Array
}

function encodeJson(value: unknown): string {
  return base64urlnopad.encode(utf8.decode(JSON.stringify(value)))
}

/**
 * Mints a relay JWT the way a WalletConnect client does (EdDSA over ed25519, `iss` a did:key), for
 * tests, benchmarks and tools that speak to the relay with a raw websocket.
 *
 * @param parameters {@link MintRelayJwtParameters}
 * @returns The token, its client id and the secret key ({@link MintRelayJwtReturnType}).
 * @example
 * const { jwt } = mintRelayJwt({ aud: 'ws://127.0.0.1:4700/relay' })
 * new WebSocket(`ws://127.0.0.1:4700/relay?auth=${jwt}&projectId=demo`)
 */
export function mintRelayJwt(parameters: MintRelayJwtParameters): MintRelayJwtReturnType {
  const secretKey = parameters.secretKey ?? ed25519.utils.randomPrivateKey()
  const publicKey = ed25519.getPublicKey(secretKey)
  const clientId = encodeDidKey(publicKey)
  const iat = parameters.iat ?? Math.floor(Date.now() / 1000)
  const exp = iat + (parameters.ttlSeconds ?? 86_400)
  const header = { alg: 'EdDSA', typ: 'JWT', ...parameters.header }
  const payload = {
    iss: clientId,
    sub: parameters.sub ?? base64urlnopad.encode(ed25519.utils.randomPrivateKey()),
    aud: parameters.aud,
    iat,
    exp,
  }
  const data = `${encodeJson(header)}.${encodeJson(payload)}`
  const signature = ed25519.sign(utf8.decode(data), secretKey)
  return { jwt: `${data}.${base64urlnopad.encode(signature)}`, clientId, secretKey }
}
