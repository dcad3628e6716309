import { ProviderRpcError } from '../kernel/errors/index.js'

/**
 * The transaction payload `@polkadot/api` and the extensions speak (`SignerPayloadJSON`): hex
 * fields, the call in `method`, the signed extensions' names in `signedExtensions`.
 */
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
  metadataHash?: string | null
  mode?: number
  withSignedTransaction?: boolean
}

/** A transaction's signing payload in parts: the call, each signed extension's extrinsic value, and the bytes signed. */
export type EncodePolkadotSignerPayloadReturnType = {
  /** The call (`method`'s bytes). */
  callData: Uint8Array
  /** Each signed extension's value in the extrinsic, in the payload's order. */
  extra: Uint8Array[]
  /**
   * call ‖ values ‖ additionally-signed data, not hashed: a signer signs the Blake2-256 of it when
   * it is longer than 256 bytes (a Ledger app takes it whole and hashes it itself).
   */
  bytes: Uint8Array
}

const empty = new Uint8Array()
const invalid = (message: string) => new ProviderRpcError({ code: -32602, message })

/** `0x…` hex to bytes (at most `max` bytes; exactly `length` when given). */
function hexBytes(value: unknown, what: string, length?: number, max = 1 << 20): Uint8Array {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value) || value.length > 2 + 2 * max) throw invalid(`The payload's ${what} is not hex`)
  const bytes = Uint8Array.from(value.slice(2).match(/../g) ?? [], (h) => parseInt(h, 16))
  if (length !== undefined && bytes.length !== length) throw invalid(`The payload's ${what} is not ${length} bytes`)
  return bytes
}

/** A hex number of at most 128 bits (or a safe non-negative integer, as some dapps send). */
function hexNumber(value: unknown, what: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,32}$/.test(value)) throw invalid(`The payload's ${what} is not a hex number`)
  return BigInt(value)
}

/** `value` in `length` little-endian bytes. */
function littleEndian(value: bigint, length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  for (let i = 0, v = value; i < length; i++, v >>= 8n) bytes[i] = Number(v & 255n)
  return bytes
}

function u32(value: bigint): Uint8Array {
  if (value > 0xffffffffn) throw invalid('A version does not fit in 32 bits')
  return littleEndian(value, 4)
}

/**
 * SCALE's compact encoding of an unsigned integer (the nonce, the tip): one, two or four bytes
 * with the mode in the low two bits, or a length byte then the value's little-endian bytes.
 * Written here rather than taken from `@polkadot-api/substrate-bindings`, an optional peer that
 * `portico/chain-kit`, which every chain plugin imports, must not load.
 */
function compact(value: bigint): Uint8Array {
  if (value < 1n << 6n) return littleEndian(value << 2n, 1)
  if (value < 1n << 14n) return littleEndian((value << 2n) | 1n, 2)
  if (value < 1n << 30n) return littleEndian((value << 2n) | 2n, 4)
  let length = 4
  while (value >> BigInt(8 * length) > 0n) length++
  return new Uint8Array([((length - 4) << 2) | 3, ...littleEndian(value, length)])
}

/**
 * Encodes a `SignerPayloadJSON` as Substrate defines the signing payload: the call, each signed
 * extension's value in the payload's order, then each one's additionally-signed data. Only the
 * extensions whose encoding the payload fully gives are taken (the ones `@polkadot/api` and
 * polkadot-api's pjs signer fill); any other one is refused rather than signed blindly, as is an
 * `assetId` (fees are paid in the native currency only). The bytes are not hashed: a signer signs
 * the Blake2-256 of them when they are longer than 256 bytes.
 *
 * @param payload the `SignerPayloadJSON` (`version` 4)
 * @returns the call, each extension's extrinsic value, and the bytes to sign
 * @throws ProviderRpcError -32602 for a malformed payload or an unknown signed extension, naming what is wrong
 * @example
 * const { bytes } = encodePolkadotSignerPayload(payload) // Uint8Array
 */
export function encodePolkadotSignerPayload(payload: PolkadotSignerPayload): EncodePolkadotSignerPayloadReturnType {
  if (payload?.version !== 4) throw invalid('Only version 4 extrinsic payloads can be signed')
  if (!Array.isArray(payload.signedExtensions) || payload.signedExtensions.length > 32) throw invalid("The payload's signedExtensions are not a list")
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
        pair = [empty, u32(hexNumber(payload.specVersion, 'specVersion'))]
        break
      case 'CheckTxVersion':
        pair = [empty, u32(hexNumber(payload.transactionVersion, 'transactionVersion'))]
        break
      case 'CheckGenesis':
        pair = [empty, hexBytes(payload.genesisHash, 'genesisHash', 32)]
        break
      case 'CheckMortality':
      case 'CheckEra': {
        const era = hexBytes(payload.era, 'era', undefined, 2)
        if (era.length !== 1 && era.length !== 2) throw invalid("The payload's era is not an era")
        pair = [era, hexBytes(payload.blockHash, 'blockHash', 32)]
        break
      }
      case 'CheckNonce':
        pair = [compact(hexNumber(payload.nonce, 'nonce')), empty]
        break
      case 'ChargeTransactionPayment':
        pair = [compact(hexNumber(payload.tip, 'tip')), empty]
        break
      case 'ChargeAssetTxPayment':
        if (payload.assetId !== undefined && payload.assetId !== null) throw invalid("The payload's assetId is not signed: fees are paid in the native currency only")
        pair = [new Uint8Array([...compact(hexNumber(payload.tip, 'tip')), 0]), empty]
        break
      case 'CheckMetadataHash': {
        const mode = payload.mode ?? 0
        if (mode !== 0 && mode !== 1) throw invalid("The payload's metadata-hash mode is not 0 or 1")
        pair = [new Uint8Array([mode]), mode === 1 ? new Uint8Array([1, ...hexBytes(payload.metadataHash, 'metadataHash', 32)]) : new Uint8Array([0])]
        break
      }
      default:
        throw invalid(`The signed extension ${String(identifier).slice(0, 60)} is not known, so it is not signed`)
    }
    extra.push(pair[0])
    additional.push(pair[1])
  }
  const bytes = new Uint8Array([...callData, ...extra.flatMap((v) => [...v]), ...additional.flatMap((v) => [...v])])
  return { callData, extra, bytes }
}
