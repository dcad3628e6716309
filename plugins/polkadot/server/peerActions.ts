// The actions of `portico/polkadot/server` that use the plugin's optional peers (polkadot-api's SCALE
// bindings and signers, @scure/sr25519), each loading its module on its first call through
// `loadPolkadotPeer`: a backend without a peer imports the entry and gets, when it calls one of
// these, a `MissingPeerDependencyError` naming the package and the install command (not Node's
// ERR_MODULE_NOT_FOUND at import). Same parameters and results as the actions they load.
import type { SignPayload, SignRaw } from '@polkadot-api/pjs-signer'
import type { Network, SendRequest } from '../../../kernel/kernel.js'
import type { PolkadotTransferPlan } from '../actions/planPolkadotTransfer.js'
import type { PolkadotWebSocketClass } from '../actions/polkadotWebSocketRpc.js'
import type { PolkadotAccount } from '../actions/readPolkadotAccount.js'
import type { PolkadotRuntime } from '../actions/readPolkadotRuntime.js'
import { loadPolkadotPeer } from '../peers.js'

/**
 * Reads the runtime a transaction will be checked against: `state_getRuntimeVersion`, then (once per
 * node and spec version) the genesis hash and `state_getMetadata`, decoded with polkadot-api's SCALE
 * bindings.
 *
 * @param parameters - `{ network, fetch?, WebSocket? }`
 * @returns the runtime
 * @example
 * const runtime = await readPolkadotRuntime({ network: westendAssetHub })
 */
export async function readPolkadotRuntime(input: { network: Network; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<PolkadotRuntime> {
  return (await loadPolkadotPeer(() => import('../actions/readPolkadotRuntime.js'))).readPolkadotRuntime(input)
}

/**
 * Reads an account's `System.Account` entry from the node (`state_getStorage`) and decodes it; an
 * account that does not exist yet reads as all zeros.
 *
 * @param parameters - `{ network, publicKey, fetch?, WebSocket? }`
 * @returns the account
 * @example
 * const { free } = await readPolkadotAccount({ network, publicKey })
 */
export async function readPolkadotAccount(input: { network: Network; publicKey: Uint8Array; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<PolkadotAccount> {
  return (await loadPolkadotPeer(() => import('../actions/readPolkadotAccount.js'))).readPolkadotAccount(input)
}

/**
 * Plans a native transfer with `balances.transferKeepAlive`: checks the amount, reads the runtime,
 * the nonce and a recent block, encodes the call from the runtime's metadata, asks the runtime for
 * the fee (`TransactionPaymentApi_query_info` on the unsigned-equivalent extrinsic), and applies the
 * existential-deposit rule before any wallet is asked: the sender keeps at least the deposit, and a
 * new receiving account gets at least the deposit.
 *
 * @param parameters - `{ request, fetch?, WebSocket? }`
 * @returns the plan to sign and send
 * @example
 * const plan = await planPolkadotTransfer({ request })
 */
export async function planPolkadotTransfer(input: { request: SendRequest; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<PolkadotTransferPlan> {
  return (await loadPolkadotPeer(() => import('../actions/planPolkadotTransfer.js'))).planPolkadotTransfer(input)
}

/**
 * Has the wallet sign a planned transfer through its `signPayload` (the injected extension's signer,
 * or `polkadot_signTransaction` over WalletConnect), assembles the signed extrinsic with polkadot-api's
 * pjs signer, and submits it (`author_submitExtrinsic`).
 *
 * @param parameters - `{ network, plan, address, signPayload, signRaw, fetch?, WebSocket? }`
 * @returns the transaction hash
 * @example
 * const hash = await sendPolkadotTransfer({ network, plan, address, signPayload, signRaw })
 */
export async function sendPolkadotTransfer(input: { network: Network; plan: PolkadotTransferPlan; address: string; signPayload: SignPayload; signRaw: SignRaw; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<`0x${string}`> {
  return (await loadPolkadotPeer(() => import('../actions/sendPolkadotTransfer.js'))).sendPolkadotTransfer(input)
}

/**
 * Finds the outcome of an extrinsic on the node: which block holds it, and whether the block's
 * `System.Events` for that index say `ExtrinsicSuccess` or `ExtrinsicFailed`.
 *
 * @param parameters - `{ network, hash, timeoutMs, fromBlock?, fetch?, WebSocket?, intervalMs? }`
 * @returns `'confirmed'`, `'failed'` or `'pending'`
 * @example
 * const status = await waitForPolkadotTransaction({ network, hash, timeoutMs: 60_000 })
 */
export async function waitForPolkadotTransaction(input: { network: Network; hash: string; timeoutMs: number; fromBlock?: number; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined; intervalMs?: number }): Promise<'confirmed' | 'failed' | 'pending'> {
  return (await loadPolkadotPeer(() => import('../actions/waitForPolkadotTransaction.js'))).waitForPolkadotTransaction(input)
}

/**
 * Checks a Polkadot message signature (`signRaw` of an extension) for an SS58 address with
 * `@scure/sr25519`, `@noble/curves` (ed25519, secp256k1) and blake2b — not the signer's code.
 *
 * @param parameters - `{ message, signature, address }`
 * @returns whether the signature is the address's
 * @example
 * await verifyPolkadotSignature({ message, signature, address }) // true
 */
export async function verifyPolkadotSignature(input: { message: string; signature: string; address: string }): Promise<boolean> {
  return (await loadPolkadotPeer(() => import('../actions/verifyPolkadotSignature.js'))).verifyPolkadotSignature(input)
}
