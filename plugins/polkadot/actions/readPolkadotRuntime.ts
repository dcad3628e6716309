import { getDynamicBuilder, getLookupFn } from '@polkadot-api/metadata-builders'
import { decAnyMetadata, unifyMetadata, type UnifiedMetadata } from '@polkadot-api/substrate-bindings'
import type { Network } from '../../../kernel/kernel.js'
import { PolkadotRpcRequestError } from '../errors.js'
import { fromHex } from '../utils/toHex.js'
import { callPolkadotRpc, type PolkadotWebSocketClass } from './callPolkadotRpc.js'

/** What a transaction is built against: the runtime's versions, its metadata and the chain's genesis. */
export type PolkadotRuntime = {
  genesisHash: `0x${string}`
  specVersion: number
  transactionVersion: number
  /** The SCALE-encoded metadata as the node gave it (what a signer may check the call against). */
  metadataBytes: Uint8Array
  metadata: UnifiedMetadata
  lookup: ReturnType<typeof getLookupFn>
  builder: ReturnType<typeof getDynamicBuilder>
}

const hex = /^0x(?:[0-9a-f]{2})*$/i
const cache = new Map<string, Promise<PolkadotRuntime>>()

async function load(network: Network, fetch: typeof globalThis.fetch | undefined, WebSocket: PolkadotWebSocketClass | undefined, specVersion: number, transactionVersion: number): Promise<PolkadotRuntime> {
  const [genesisHash, metadataHex] = await Promise.all([
    callPolkadotRpc<string>({ network, fetch, WebSocket, method: 'chain_getBlockHash', params: [0] }),
    callPolkadotRpc<string>({ network, fetch, WebSocket, method: 'state_getMetadata', params: [] }),
  ])
  if (typeof genesisHash !== 'string' || !/^0x[0-9a-f]{64}$/i.test(genesisHash)) throw new PolkadotRpcRequestError({ method: 'chain_getBlockHash', message: 'the answer is not a block hash' })
  if (typeof metadataHex !== 'string' || !hex.test(metadataHex)) throw new PolkadotRpcRequestError({ method: 'state_getMetadata', message: 'the answer is not metadata' })
  let metadata: UnifiedMetadata
  try {
    metadata = unifyMetadata(decAnyMetadata(metadataHex))
  } catch (cause) {
    throw new PolkadotRpcRequestError({ method: 'state_getMetadata', message: `the metadata cannot be read (${(cause as Error).message})`, cause })
  }
  const lookup = getLookupFn(metadata)
  return { genesisHash: genesisHash.toLowerCase() as `0x${string}`, specVersion, transactionVersion, metadataBytes: fromHex(metadataHex), metadata, lookup, builder: getDynamicBuilder(lookup) }
}

/**
 * Reads the runtime a transaction will be checked against: `state_getRuntimeVersion`, then (once
 * per node and spec version) the genesis hash and `state_getMetadata`, decoded with polkadot-api's
 * SCALE bindings.
 *
 * @returns the runtime
 * @throws PolkadotRpcRequestError when the node fails or answers something unreadable
 * @example
 * const runtime = await readPolkadotRuntime({ network })
 */
export async function readPolkadotRuntime({ network, fetch, WebSocket }: { network: Network; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<PolkadotRuntime> {
  const version = await callPolkadotRpc<{ specVersion?: unknown; transactionVersion?: unknown }>({ network, fetch, WebSocket, method: 'state_getRuntimeVersion', params: [] })
  const { specVersion, transactionVersion } = version ?? {}
  if (!Number.isSafeInteger(specVersion) || !Number.isSafeInteger(transactionVersion)) throw new PolkadotRpcRequestError({ method: 'state_getRuntimeVersion', message: 'the answer is not a runtime version' })
  const key = `${network.rpcUrls.default.webSocket?.[0] ?? network.rpcUrls.default.http[0]}#${String(specVersion)}`
  let entry = cache.get(key)
  if (!entry) {
    entry = load(network, fetch, WebSocket, specVersion as number, transactionVersion as number)
    cache.set(key, entry)
    entry.catch(() => cache.delete(key))
  }
  return entry
}
