// The polkadot example of "Your own transaction" (docs/plugins/polkadot.md, "Sign your own
// transactions"): what a site writes with polkadot-api's own modules, no generated descriptors.
// It builds `Utility.batch_all` of `Balances.transfer_keep_alive` calls from the runtime's
// metadata (polkadot-api's dynamic builder, which its unsafe API uses), has any polkadot-api
// `PolkadotSigner` sign it (`portico.getSigner('polkadot')`), submits it over the node's JSON-RPC
// and reads its outcome from the block's `System.Events`. The demo page, the polkadot conformance
// run and the signer's tests all run this file.
import { getDynamicBuilder, getLookupFn } from '@polkadot-api/metadata-builders'
import type { PolkadotSigner } from '@polkadot-api/pjs-signer'
import { AccountId, Blake2256, compact, decAnyMetadata, u32, unifyMetadata } from '@polkadot-api/substrate-bindings'

export type PolkadotBatchTransfer = { to: string; amount: bigint }
export type SendPolkadotBatchParameters = {
  /** Any polkadot-api signer: `await portico.getSigner('polkadot')`. */
  signer: PolkadotSigner
  /** The node's JSON-RPC over HTTP (a network's `rpcUrls.default.http[0]`). */
  rpcUrl: string
  transfers: readonly PolkadotBatchTransfer[]
  /** How long to follow the transaction to its block (default 60 s). */
  timeoutMs?: number
}
export type SendPolkadotBatchReturnType = { hash: `0x${string}`; blockHash: `0x${string}`; blockNumber: number }

/** The chain said no: at submission (`stage: 'pool'`, the node's reason) or in its block (`stage: 'block'`, the dispatch error). */
export class PolkadotBatchRefusedError extends Error {
  override name = 'PolkadotBatchRefusedError'
  constructor(
    readonly stage: 'pool' | 'block',
    /** `Balances.InsufficientBalance`, `Token.FundsUnavailable`, or the node's words. */
    readonly reason: string,
  ) {
    super(`The chain refused the batch${stage === 'pool' ? '' : ' in its block'}: ${reason}`)
  }
}

const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}` as `0x${string}`
const bytes = (value: string) => Uint8Array.from(value.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16))
const concat = (...parts: ArrayLike<number>[]) => new Uint8Array(parts.flatMap((part) => Array.from(part)))

/** A mortal era of 64 blocks from `blockNumber` (the SCALE `Era` encoding). */
function mortalEra(blockNumber: number): Uint8Array {
  const period = 64
  const encoded = 5 + ((blockNumber % period) << 4) // trailing zeros of 64, less one; then the phase
  return new Uint8Array([encoded & 255, encoded >> 8])
}

/** A dispatch error as polkadot-api decodes it, named by its variants: `Balances.InsufficientBalance`, `Token.FundsUnavailable`. */
type Variant = { type: string; value?: unknown }
const nameOf = (error: Variant): string => {
  const inner = error.value as Variant | undefined
  return typeof inner?.type === 'string' ? `${error.type === 'Module' ? '' : `${error.type}.`}${nameOf(inner)}` : error.type
}

/**
 * Sends several native transfers as one `Utility.batch_all`, signed by a polkadot-api signer: all
 * land, or none does.
 *
 * @returns the extrinsic's hash and the block that holds it
 * @throws PolkadotBatchRefusedError when the node refuses it or its block says it failed (why, by name)
 * @example
 * const signer = await portico.getSigner('polkadot')
 * await sendPolkadotBatch({ signer, rpcUrl, transfers: [{ to: alice, amount: 10n ** 12n }, { to: bob, amount: 2n * 10n ** 12n }] })
 */
export async function sendPolkadotBatch({ signer, rpcUrl, transfers, timeoutMs = 60_000 }: SendPolkadotBatchParameters): Promise<SendPolkadotBatchReturnType> {
  let id = 0
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const answer = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } }
    if (answer.error) throw Object.assign(new Error(`${answer.error.message}${answer.error.data ? `: ${String(answer.error.data)}` : ''}`), { code: answer.error.code })
    return answer.result as T
  }

  // What the transaction is built against: the runtime's metadata and versions, the chain, a recent block, the nonce.
  const from = AccountId().dec(signer.publicKey)
  const [metadataHex, version, genesisHash, header, nonce] = await Promise.all([
    rpc<string>('state_getMetadata'),
    rpc<{ specVersion: number; transactionVersion: number }>('state_getRuntimeVersion'),
    rpc<string>('chain_getBlockHash', [0]),
    rpc<{ number: string }>('chain_getHeader'),
    rpc<number>('system_accountNextIndex', [from]),
  ])
  const atBlockNumber = Number.parseInt(header.number, 16)
  const atBlockHash = await rpc<string>('chain_getBlockHash', [atBlockNumber])
  const metadata = unifyMetadata(decAnyMetadata(metadataHex))
  const builder = getDynamicBuilder(getLookupFn(metadata))

  // Utility.batch_all([Balances.transfer_keep_alive, …]), encoded from the runtime's own metadata.
  const batch = builder.buildCall('Utility', 'batch_all')
  const calls = transfers.map(({ to, amount }) => ({ type: 'Balances', value: { type: 'transfer_keep_alive', value: { dest: { type: 'Id', value: to }, value: amount } } }))
  const callData = concat(batch.location, batch.codec.enc({ calls }))

  // The signed extensions the runtime lists: versions, genesis, a 64-block era, the nonce, no tip.
  const empty = new Uint8Array()
  const known: Record<string, () => [Uint8Array, Uint8Array]> = {
    CheckSpecVersion: () => [empty, u32.enc(version.specVersion)],
    CheckTxVersion: () => [empty, u32.enc(version.transactionVersion)],
    CheckGenesis: () => [empty, bytes(genesisHash)],
    CheckMortality: () => [mortalEra(atBlockNumber), bytes(atBlockHash)],
    CheckNonce: () => [compact.enc(nonce), empty],
    ChargeTransactionPayment: () => [compact.enc(0), empty],
    ChargeAssetTxPayment: () => [concat(compact.enc(0), [0]), empty],
    CheckMetadataHash: () => [new Uint8Array([0]), new Uint8Array([0])],
  }
  const signedExtensions = Object.fromEntries(
    (Object.values(metadata.extrinsic.signedExtensions)[0] ?? []).map(({ identifier, type, additionalSigned }) => {
      const [value, signed] = known[identifier]?.() ?? [builder.buildDefinition(type).enc(undefined), builder.buildDefinition(additionalSigned).enc(undefined)]
      return [identifier, { identifier, value, additionalSigned: signed }]
    }),
  )

  // The wallet signs (through Portico, whichever connector holds the connection); the node checks it.
  const signed = await signer.signTx(callData, signedExtensions, bytes(metadataHex), atBlockNumber)
  const hash = hex(Blake2256(signed))
  try {
    await rpc('author_submitExtrinsic', [hex(signed)])
  } catch (error) {
    throw new PolkadotBatchRefusedError('pool', (error as Error).message)
  }

  // Its block, and what the block's events say of it.
  const events = builder.buildStorage('System', 'Events')
  const deadline = Date.now() + timeoutMs
  for (let next = atBlockNumber + 1; Date.now() < deadline; ) {
    const head = Number.parseInt((await rpc<{ number: string }>('chain_getHeader')).number, 16)
    for (; next <= head; next++) {
      const blockHash = await rpc<`0x${string}`>('chain_getBlockHash', [next])
      const { block } = await rpc<{ block: { extrinsics: string[] } }>('chain_getBlock', [blockHash])
      const index = block.extrinsics.findIndex((extrinsic) => hex(Blake2256(bytes(extrinsic))) === hash)
      if (index === -1) continue
      const records = events.value.dec(await rpc<string>('state_getStorage', [events.keys.enc(), blockHash])) as { phase: { type: string; value?: number }; event: { type: string; value: { type: string; value: { dispatch_error?: Variant } } } }[]
      const outcome = records.find((r) => r.phase.type === 'ApplyExtrinsic' && r.phase.value === index && r.event.type === 'System' && /^Extrinsic(Success|Failed)$/.test(r.event.value.type))
      if (outcome?.event.value.type === 'ExtrinsicFailed') throw new PolkadotBatchRefusedError('block', nameOf(outcome.event.value.value.dispatch_error!))
      return { hash, blockHash, blockNumber: next }
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The batch ${hash} was not in a block within ${timeoutMs / 1000} s`)
}
