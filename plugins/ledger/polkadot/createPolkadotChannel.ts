import { merkleizeMetadata } from '@polkadot-api/merkleize-metadata'
import { createV4Tx } from '@polkadot-api/signers-common'
import { decAnyMetadata, unifyMetadata, type UnifiedMetadata } from '@polkadot-api/substrate-bindings'
import { ProviderRpcError, type CaipNetworkId, type ConnectionChannel, type Network } from '../../../kernel/kernel.js'
import type { LedgerHttpChannelParameters } from '../chains/types.js'
import { invalidParams } from '../eip155/readTransaction.js'
import { polkadotAccount, polkadotApp, polkadotCall } from './polkadotApp.js'
import { encodePolkadotPayload, hexBytes, type PolkadotSignerPayload } from './polkadotPayload.js'

/** The polkadot methods a Ledger connection answers (docs/guides/hardware-wallets.md §2): WalletConnect's polkadot vocabulary. */
export const polkadotLedgerMethods = ['polkadot_signMessage', 'polkadot_signTransaction'] as const

/** The shared channel parameters (`LedgerHttpChannelParameters`, chains/types.ts). */
export type PolkadotChannelParameters = LedgerHttpChannelParameters

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const toHex = (bytes: Uint8Array): `0x${string}` => `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
const open = new TextEncoder().encode('<Bytes>')
const close = new TextEncoder().encode('</Bytes>')
const wrapped = (bytes: Uint8Array) => bytes.length >= open.length + close.length && open.every((b, i) => bytes[i] === b) && close.every((b, i) => bytes[bytes.length - close.length + i] === b)
/** The longest message the channel signs (the app takes a blob length in 16 bits). */
const maxMessageBytes = 60_000

/** A runtime's metadata as the proof is made from it: the node's bytes and their decoding. */
type RuntimeMetadata = { bytes: Uint8Array; metadata: UnifiedMetadata }
const metadataHashMissing = (name: string) =>
  new ProviderRpcError({ code: 4200, message: `The Ledger Polkadot app signs only where the runtime checks a metadata hash (CheckMetadataHash, RFC-0078); ${name}'s runtime does not` })

/**
 * The Ledger connection's channel for polkadot (docs/guides/hardware-wallets.md §2), answering what
 * `portico/polkadot` sends over a connection's channel, as a WalletConnect wallet does:
 * `polkadot_signMessage { address, message }` (hex or text, wrapped in `<Bytes>…</Bytes>` as every
 * Polkadot wallet signs it, then the generic app's `SIGN_RAW`) ⇒ `{ signature }`;
 * `polkadot_signTransaction { address, transactionPayload }` (a `SignerPayloadJSON`) ⇒
 * `{ signature, signedTransaction? }`: the signing payload goes to the device with its metadata
 * proof (RFC-0078), made with `@polkadot-api/merkleize-metadata` from the runtime metadata the
 * network's node serves at the payload's block. On a runtime with `CheckMetadataHash` the payload's
 * mode is set to enabled with the metadata's digest, as the generic app requires, and the signed
 * extrinsic is returned too (the site's payload said "disabled"). Signatures are the app's: the
 * MultiSignature type byte `00` (ed25519) then 64 bytes.
 *
 * @example
 * const channel = createPolkadotChannel({ device, path, address, networks: () => networks })
 * await channel.request({ method: 'polkadot_signMessage', params: { address, message: 'hi' }, chainId })
 */
export function createPolkadotChannel({ device, path, address, networks, fetch: fetchFn }: PolkadotChannelParameters): ConnectionChannel {
  const metadataCache = new Map<string, Promise<RuntimeMetadata | undefined>>()
  let publicKey: Promise<Uint8Array> | undefined

  function networkOf(chainId: CaipNetworkId): Network {
    const network = networks().find((n) => n.caipNetworkId === chainId)
    if (!network) throw invalidParams(`No configured network ${String(chainId).slice(0, 60)}`)
    return network
  }

  /** The account's public key, read once from the device (in the request's network prefix) and checked against the address. */
  const key = (network: Network) =>
    (publicKey ??= polkadotAccount(device, path, network).then(
      (account) => {
        if (account.address !== address) throw new ProviderRpcError({ code: 4100, message: `The Ledger's key at ${path} is not the account ${address}` })
        return hexBytes(`0x${account.publicKey}`, 'public key', 32)
      },
      (error: unknown) => {
        publicKey = undefined
        throw error
      },
    ))

  const checkAddress = (asked: unknown) => {
    if (asked !== undefined && asked !== address) throw new ProviderRpcError({ code: 4100, message: `The Ledger account is ${address}, not ${String(asked).slice(0, 80)}` })
  }

  async function rpc<T>(network: Network, method: string, params: unknown[]): Promise<T> {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw invalidParams(`${network.name} has no HTTP node to read its metadata from`)
    let answer: { result?: T; error?: { message?: unknown } }
    try {
      const response = await (fetchFn ?? globalThis.fetch)(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
      answer = (await response.json()) as typeof answer
    } catch (cause) {
      throw new ProviderRpcError({ code: -32603, message: `${network.name}'s node could not be reached`, cause })
    }
    if (answer.error || answer.result === undefined) throw new ProviderRpcError({ code: -32603, message: `${method} failed: ${String(answer.error?.message ?? 'no result').slice(0, 200)}` })
    return answer.result
  }

  /**
   * The runtime's v15 metadata at the payload's block, as wallets read it for a proof
   * (`Metadata_metadata_at_version(15)`: `state_getMetadata` answers v14 on most chains), cached by
   * network and block; `undefined` when the runtime has no v15 metadata (it predates RFC-0078).
   */
  function metadataAt(network: Network, blockHash: string): Promise<RuntimeMetadata | undefined> {
    const cacheKey = `${network.caipNetworkId}#${blockHash}`
    let entry = metadataCache.get(cacheKey)
    if (!entry) {
      entry = rpc<string>(network, 'state_call', ['Metadata_metadata_at_version', '0x0f000000', blockHash]).then(
        (hex) => {
          // Option<OpaqueMetadata>: 00 none, or 01 ‖ compact length ‖ the metadata.
          const answer = hexBytes(hex, 'metadata', undefined, 16 << 20)
          if (answer[0] !== 1) return undefined
          const first = answer[1] ?? 0
          const lengthBytes = [1, 2, 4][first & 3] ?? 5 + (first >> 2)
          const bytes = answer.subarray(1 + lengthBytes)
          return { bytes, metadata: unifyMetadata(decAnyMetadata(bytes)) }
        },
        (error: unknown) => {
          // A runtime without the versioned metadata API (before v15) answers an error.
          if (error instanceof ProviderRpcError && /Metadata_metadata_at_version|not found|does not exist|unknown|exported method/i.test(error.message)) return undefined
          throw error
        },
      )
      metadataCache.set(cacheKey, entry)
      entry.catch(() => metadataCache.delete(cacheKey))
    }
    return entry
  }

  async function signTransaction(params: Record<string, unknown>, chainId: CaipNetworkId): Promise<{ signature: string; signedTransaction?: string }> {
    const input = params.transactionPayload
    if (!isRecord(input)) throw invalidParams('Expected { address, transactionPayload: SignerPayloadJSON }')
    const payload = { ...input } as PolkadotSignerPayload
    checkAddress(payload.address)
    const network = networkOf(chainId)
    const genesis = (network as { polkadot?: { genesisHash?: unknown } }).polkadot?.genesisHash
    if (typeof genesis === 'string' && typeof payload.genesisHash === 'string' && genesis.toLowerCase() !== payload.genesisHash.toLowerCase()) throw invalidParams(`The payload is for another chain than ${network.name}`)
    const blockHash = hexBytes(payload.blockHash, 'blockHash', 32)
    const [account, runtime] = await Promise.all([key(network), metadataAt(network, toHex(blockHash))])
    // The generic app signs only with the metadata hash enabled and equal to the proof's digest:
    // a runtime without CheckMetadataHash is refused here, before the device (which would refuse it too).
    if (!runtime || !(runtime.metadata.extrinsic.signedExtensions[0] ?? []).some((e) => e.identifier === 'CheckMetadataHash')) throw metadataHashMissing(network.name)
    const { bytes: metadataBytes, metadata } = runtime
    let merkleizer: ReturnType<typeof merkleizeMetadata>
    try {
      const { decimals, symbol } = network.nativeCurrency
      merkleizer = merkleizeMetadata(metadataBytes, { decimals, tokenSymbol: symbol, specVersion: Number(payload.specVersion) })
    } catch (cause) {
      throw new ProviderRpcError({ code: -32603, message: `The metadata proof cannot be made for this runtime: ${String((cause as Error).message).slice(0, 200)}`, cause })
    }
    if (!payload.signedExtensions?.includes('CheckMetadataHash')) throw invalidParams("The payload's signedExtensions do not name CheckMetadataHash, which this runtime has")
    Object.assign(payload, { mode: 1, metadataHash: toHex(merkleizer.digest()) })
    const signing = encodePolkadotPayload(payload)
    const proof = merkleizer.getProofForExtrinsicPayload(signing.bytes)
    const { signature } = await device.run({ app: 'Polkadot' }, (transport) => polkadotCall(() => polkadotApp(transport).signWithMetadataEd25519(path, Buffer.from(signing.bytes), Buffer.from(proof))))
    const signed = new Uint8Array(signature)
    if (signed.length !== 65 || signed[0] !== 0) throw new ProviderRpcError({ code: -32603, message: 'The Polkadot app answered something that is not an ed25519 signature' })
    return { signature: toHex(signed), signedTransaction: toHex(createV4Tx(metadata, account, signed, signing.extra, signing.callData)) }
  }

  return {
    chains: () => networks().map((n) => n.caipNetworkId as CaipNetworkId),
    supports: (method) => (polkadotLedgerMethods as readonly string[]).includes(method),
    async request({ method, params, chainId }) {
      const input = isRecord(params) ? params : {}
      switch (method) {
        case 'polkadot_signMessage': {
          checkAddress(input.address)
          const message = input.message
          if (typeof message !== 'string') throw invalidParams('Expected { address, message: hex or text }')
          const bytes = /^0x(?:[0-9a-fA-F]{2})*$/.test(message) ? hexBytes(message, 'message', undefined, maxMessageBytes) : new TextEncoder().encode(message)
          const data = wrapped(bytes) ? bytes : new Uint8Array([...open, ...bytes, ...close])
          if (data.length > maxMessageBytes) throw invalidParams(`The message is longer than ${maxMessageBytes} bytes`)
          await key(networkOf(chainId))
          const { signature } = await device.run({ app: 'Polkadot' }, (transport) => polkadotCall(() => polkadotApp(transport).signRawEd25519(path, Buffer.from(data))))
          return { signature: toHex(new Uint8Array(signature)) }
        }
        case 'polkadot_signTransaction':
          return signTransaction(input, chainId)
        default:
          throw new ProviderRpcError({ code: 4200, message: `A Ledger does not answer ${String(method).slice(0, 60)}` })
      }
    },
  }
}
