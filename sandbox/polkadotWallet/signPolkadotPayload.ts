import { blake2b } from '@noble/hashes/blake2.js'
import * as sr25519 from '@scure/sr25519'
import { compact } from '@polkadot-api/substrate-bindings'
import { bytesToHex as toHex, hexToBytes } from 'viem'
import { PolkadotDevWalletError } from './PolkadotDevWalletError.js'

/** The `SignerPayloadJSON` an injected extension's `signPayload` receives (hex fields). */
export type SignerPayload = {
  address: string
  blockHash: string
  blockNumber: string
  era: string
  genesisHash: string
  method: string
  nonce: string
  specVersion: string
  tip: string
  transactionVersion: string
  signedExtensions: string[]
  version: number
  assetId?: unknown
  mode?: number
  metadataHash?: string
}

const hexBytes = (value: unknown, what: string, length?: number): Uint8Array => {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value) || value.length > 2 + 2 * 1_000_000) throw new PolkadotDevWalletError(-32602, `The payload's ${what} is not hex`)
  const bytes = hexToBytes(value as `0x${string}`)
  if (length !== undefined && bytes.length !== length) throw new PolkadotDevWalletError(-32602, `The payload's ${what} is not ${length} bytes`)
  return bytes
}
const hexNumber = (value: unknown, what: string): bigint => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,32}$/.test(value)) throw new PolkadotDevWalletError(-32602, `The payload's ${what} is not a hex number`)
  return BigInt(value)
}
const u32le = (value: bigint) => {
  if (value > 0xffffffffn) throw new PolkadotDevWalletError(-32602, 'A version does not fit in 32 bits')
  const n = Number(value)
  return new Uint8Array([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255])
}
const empty = new Uint8Array()

/**
 * The bytes an extension signs for a `SignerPayloadJSON`, built the way Substrate defines the
 * signing payload: the call, each signed extension's value (in the payload's order), then each one's
 * additionally-signed data; blake2b-256 of it when longer than 256 bytes. Known extensions only: an
 * extension the wallet cannot fill is refused rather than signed blindly.
 *
 * @throws PolkadotDevWalletError for a malformed payload or an unknown signed extension
 * @example
 * encodeSigningPayload(payload) // Uint8Array
 */
export function encodeSigningPayload(payload: SignerPayload): Uint8Array {
  if (payload?.version !== 4) throw new PolkadotDevWalletError(-32602, 'Only version 4 extrinsic payloads can be signed')
  if (!Array.isArray(payload.signedExtensions) || payload.signedExtensions.length > 32) throw new PolkadotDevWalletError(-32602, "The payload's signed extensions are not a list")
  const method = hexBytes(payload.method, 'method')
  const values: Uint8Array[] = []
  const additional: Uint8Array[] = []
  for (const identifier of payload.signedExtensions) {
    let pair: [Uint8Array, Uint8Array]
    switch (identifier) {
      case 'CheckNonZeroSender':
      case 'CheckWeight':
      case 'StorageWeightReclaim':
      case 'PrevalidateAttests':
        pair = [empty, empty]
        break
      case 'CheckSpecVersion':
        pair = [empty, u32le(hexNumber(payload.specVersion, 'specVersion'))]
        break
      case 'CheckTxVersion':
        pair = [empty, u32le(hexNumber(payload.transactionVersion, 'transactionVersion'))]
        break
      case 'CheckGenesis':
        pair = [empty, hexBytes(payload.genesisHash, 'genesisHash', 32)]
        break
      case 'CheckMortality':
      case 'CheckEra': {
        const era = hexBytes(payload.era, 'era')
        if (era.length !== 1 && era.length !== 2) throw new PolkadotDevWalletError(-32602, "The payload's era is not an era")
        pair = [era, hexBytes(payload.blockHash, 'blockHash', 32)]
        break
      }
      case 'CheckNonce':
        pair = [compact.enc(hexNumber(payload.nonce, 'nonce')), empty]
        break
      case 'ChargeTransactionPayment':
        pair = [compact.enc(hexNumber(payload.tip, 'tip')), empty]
        break
      case 'ChargeAssetTxPayment': {
        if (payload.assetId !== undefined && payload.assetId !== null) throw new PolkadotDevWalletError(-32602, 'The dev wallet pays fees in the native currency only')
        pair = [new Uint8Array([...compact.enc(hexNumber(payload.tip, 'tip')), 0]), empty]
        break
      }
      case 'CheckMetadataHash': {
        const mode = payload.mode ?? 0
        if (mode !== 0 && mode !== 1) throw new PolkadotDevWalletError(-32602, "The payload's metadata-hash mode is not 0 or 1")
        pair = [new Uint8Array([mode]), mode === 1 ? new Uint8Array([1, ...hexBytes(payload.metadataHash, 'metadataHash', 32)]) : new Uint8Array([0])]
        break
      }
      default:
        throw new PolkadotDevWalletError(-32602, `The dev wallet does not know the signed extension ${String(identifier).slice(0, 60)}`)
    }
    values.push(pair[0])
    additional.push(pair[1])
  }
  const bytes = new Uint8Array([...method, ...values.flatMap((v) => [...v]), ...additional.flatMap((v) => [...v])])
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
