import { blake2b } from '@noble/hashes/blake2.js'
import * as sr25519 from '@scure/sr25519'
import { bytesToHex as toHex, hexToBytes } from 'viem'
import { encodePolkadotSignerPayload, type PolkadotSignerPayload } from '../../chain-kit/index.js'
import { ProviderRpcError } from '../../kernel/errors/index.js'
import { PolkadotDevWalletError } from './PolkadotDevWalletError.js'

/** The `SignerPayloadJSON` an injected extension's `signPayload` receives (hex fields). */
export type SignerPayload = PolkadotSignerPayload

const hexBytes = (value: unknown, what: string): Uint8Array => {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value) || value.length > 2 + 2 * 1_000_000) throw new PolkadotDevWalletError(-32602, `The payload's ${what} is not hex`)
  return hexToBytes(value as `0x${string}`)
}

/**
 * The bytes an extension signs for a `SignerPayloadJSON`: the signing payload `portico/chain-kit`'s
 * `encodePolkadotSignerPayload` builds (the call, each signed extension's value, then each one's
 * additionally-signed data; known extensions only, an extension the wallet cannot fill is refused
 * rather than signed blindly), blake2b-256 of it when longer than 256 bytes.
 *
 * @throws PolkadotDevWalletError -32602 for a malformed payload or an unknown signed extension
 * @example
 * encodeSigningPayload(payload) // Uint8Array
 */
export function encodeSigningPayload(payload: SignerPayload): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = encodePolkadotSignerPayload(payload).bytes
  } catch (error) {
    if (error instanceof ProviderRpcError) throw new PolkadotDevWalletError(error.code, error.shortMessage)
    throw error
  }
  return bytes.length > 256 ? blake2b(bytes, { dkLen: 32 }) : bytes
}

/**
 * Signs a `SignerPayloadJSON` with an sr25519 secret, as an extension's `signPayload` answers: the
 * signature as a `MultiSignature` (`0x01` for sr25519, then 64 bytes).
 *
 * @example
 * signPolkadotPayload(payload, secretKey) // '0x01…'
 */
export function signPolkadotPayload(payload: SignerPayload, secretKey: Uint8Array): `0x${string}` {
  return toHex(new Uint8Array([1, ...sr25519.sign(secretKey, encodeSigningPayload(payload))]))
}

/**
 * Signs `signRaw` data as extensions do: the bytes wrapped in `<Bytes>…</Bytes>` (unless already
 * wrapped), a plain 64-byte sr25519 signature.
 *
 * @example
 * signPolkadotRaw('0x68656c6c6f', secretKey) // '0x…' (64 bytes)
 */
export function signPolkadotRaw(data: string, secretKey: Uint8Array): `0x${string}` {
  const bytes = hexBytes(data, 'data')
  const open = new TextEncoder().encode('<Bytes>')
  const close = new TextEncoder().encode('</Bytes>')
  const wrapped = startsWith(bytes, open) ? bytes : new Uint8Array([...open, ...bytes, ...close])
  return toHex(sr25519.sign(secretKey, wrapped))
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b)
}
