import { compact } from '@polkadot-api/substrate-bindings'
import { invalidParams } from '../eip155/readTransaction.js'

/** The `SignerPayloadJSON` `polkadot_signTransaction` carries (`@polkadot/api`'s, hex fields). */
export type PolkadotSignerPayload = {
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
  metadataHash?: string | null
}

const empty = new Uint8Array()
const hexPattern = /^0x(?:[0-9a-fA-F]{2})*$/

/** Hex to bytes (`0x…`, at most `max` bytes), or a -32602 naming the field. */
export function hexBytes(value: unknown, what: string, length?: number, max = 1 << 20): Uint8Array {
  if (typeof value !== 'string' || !hexPattern.test(value) || value.length > 2 + 2 * max) throw invalidParams(`The payload's ${what} is not hex`)
  const bytes = Uint8Array.from(value.slice(2).match(/../g) ?? [], (h) => parseInt(h, 16))
  if (length !== undefined && bytes.length !== length) throw invalidParams(`The payload's ${what} is not ${length} bytes`)
  return bytes
}

const hexNumber = (value: unknown, what: string): bigint => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,32}$/.test(value)) throw invalidParams(`The payload's ${what} is not a hex number`)
  return BigInt(value)
}

const u32le = (value: bigint) => {
  if (value > 0xffffffffn) throw invalidParams('A version does not fit in 32 bits')
  const n = Number(value)
  return new Uint8Array([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255])
}

/** A transaction's signing payload in parts: the call, each signed extension's extrinsic value, and the bytes signed. */
export type PolkadotSigningPayload = {
  callData: Uint8Array
  /** Each signed extension's value in the extrinsic, in the payload's order. */
  extra: Uint8Array[]
  /** call ‖ values ‖ additionally-signed data: what the Ledger takes as its blob (not hashed: the app hashes one over 256 bytes). */
  bytes: Uint8Array
}

/**
 * Encodes a `SignerPayloadJSON` as Substrate defines the signing payload: the call, each signed
 * extension's value in the payload's order, then each one's additionally-signed data. Only the
 * extensions whose encoding the payload fully gives are taken (the ones `@polkadot/api` and
 * polkadot-api's pjs signer fill); any other one is refused rather than signed blindly.
 *
 * @throws ProviderRpcError -32602 for a malformed payload or an unknown signed extension
 * @example
 * encodePolkadotPayload(payload).bytes // Uint8Array
 */
export function encodePolkadotPayload(payload: PolkadotSignerPayload): PolkadotSigningPayload {
  if (payload?.version !== 4) throw invalidParams('Only version 4 extrinsic payloads can be signed')
  if (!Array.isArray(payload.signedExtensions) || payload.signedExtensions.length > 32) throw invalidParams("The payload's signedExtensions are not a list")
  const callData = hexBytes(payload.method, 'method')
  const extra: Uint8Array[] = []
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
        const era = hexBytes(payload.era, 'era', undefined, 2)
        if (era.length !== 1 && era.length !== 2) throw invalidParams("The payload's era is not an era")
        pair = [era, hexBytes(payload.blockHash, 'blockHash', 32)]
        break
      }
      case 'CheckNonce':
        pair = [compact.enc(hexNumber(payload.nonce, 'nonce')), empty]
        break
      case 'ChargeTransactionPayment':
        pair = [compact.enc(hexNumber(payload.tip, 'tip')), empty]
        break
      case 'ChargeAssetTxPayment':
        if (payload.assetId !== undefined && payload.assetId !== null) throw invalidParams('A Ledger connection pays fees in the native currency only')
        pair = [new Uint8Array([...compact.enc(hexNumber(payload.tip, 'tip')), 0]), empty]
        break
      case 'CheckMetadataHash': {
        const mode = payload.mode ?? 0
        if (mode !== 0 && mode !== 1) throw invalidParams("The payload's metadata-hash mode is not 0 or 1")
        pair = [new Uint8Array([mode]), mode === 1 ? new Uint8Array([1, ...hexBytes(payload.metadataHash, 'metadataHash', 32)]) : new Uint8Array([0])]
        break
      }
      default:
        throw invalidParams(`A Ledger connection does not sign the signed extension ${String(identifier).slice(0, 60)}`)
    }
    extra.push(pair[0])
    additional.push(pair[1])
  }
  const bytes = new Uint8Array([...callData, ...extra.flatMap((v) => [...v]), ...additional.flatMap((v) => [...v])])
  return { callData, extra, bytes }
}
