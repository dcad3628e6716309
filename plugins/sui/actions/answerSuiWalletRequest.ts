import { bcs } from '@mysten/sui/bcs'
import { Transaction } from '@mysten/sui/transactions'
import { base64 } from '@scure/base'

import { ProviderRpcError, type Network } from '../../../kernel/kernel.js'
import type { Wallet, WalletAccount } from '../discovery/SuiWalletTypes.js'
import { SuiWalletFeatureError } from '../errors.js'

export type AnswerSuiWalletRequestParameters = {
  /** A method of WalletConnect's sui namespace. */
  method: string
  params: unknown
  wallet: Wallet
  /** The wallet's account the request names (`params.address`). */
  account: WalletAccount
  /** The Wallet Standard chain (`sui:localnet`, …). */
  chain: `sui:${string}` | undefined
  /** The network whose node executes what a wallet without an executing feature only signed. */
  network: Network | undefined
  fetch?: typeof fetch | undefined
}

/** The largest personal message, in UTF-8 bytes. */
const maxMessageBytes = 64 * 1024
const maxTransactionChars = 200_000

const invalidParams = (message: string) => new ProviderRpcError({ code: -32602, message })

/** `rawTransaction` (BCS `SenderSignedData`, base64) as the signed TransactionData bytes and the signature, as `@mysten/wallet-standard` reads a legacy answer. */
function signedOf(rawTransaction: unknown): { bytes: string; signature: string } | undefined {
  if (typeof rawTransaction !== 'string') return undefined
  try {
    const [first] = bcs.SenderSignedData.parse(base64.decode(rawTransaction))
    const signature = first?.txSignatures[0]
    return first && signature ? { bytes: bcs.TransactionData.serialize(first.intentMessage.value).toBase64(), signature } : undefined
  } catch {
    return undefined
  }
}

/**
 * Answers one request of WalletConnect's sui vocabulary (what the Sui signer and `portico.request`
 * send) with a Wallet Standard wallet's features, in the answer shapes of WalletConnect's Sui RPC
 * reference and Sui's Wallet Standard:
 * - `sui_signPersonalMessage { message: text, address }` → `{ signature, bytes }`, through
 *   `sui:signPersonalMessage`, else the legacy `sui:signMessage`;
 * - `sui_signTransaction { transaction: TransactionData JSON or base64, address }` →
 *   `{ signature, transactionBytes }`, through `sui:signTransaction` (the transaction as its
 *   `{ toJSON() }`), else the legacy `sui:signTransactionBlock` (as a `Transaction` block);
 * - `sui_signAndExecuteTransaction` → `{ digest, bytes, signature, effects? }`, through
 *   `sui:signAndExecuteTransaction`, else the legacy `sui:signAndExecuteTransactionBlock` (its raw
 *   input and effects read as `@mysten/wallet-standard` does), else the wallet's signature executed
 *   by the network's node.
 * The wallet resolves what the transaction leaves open (gas) and shows it to the visitor.
 *
 * @returns the answer
 * @throws ProviderRpcError (-32602 bad params, 4200 another method), SuiWalletFeatureError, or what the wallet threw
 * @example
 * await answerSuiWalletRequest({ method: 'sui_signTransaction', params: { transaction, address }, wallet, account, chain: 'sui:mainnet', network })
 */
export async function answerSuiWalletRequest({ method, params, wallet, account, chain, network, fetch }: AnswerSuiWalletRequestParameters): Promise<unknown> {
  const features = wallet.features as Record<string, Record<string, unknown> | undefined>
  const has = (feature: string, name: string) => typeof features[feature]?.[name] === 'function'
  const call = async (feature: string, name: string, input: Record<string, unknown>) =>
    (await (features[feature]?.[name] as (input: unknown) => Promise<unknown>).call(features[feature], { ...input, account, ...(chain ? { chain } : {}) })) as Record<string, unknown> | null | undefined
  const { message, transaction } = (typeof params === 'object' && params !== null ? params : {}) as { message?: unknown; transaction?: unknown }

  if (method === 'sui_signPersonalMessage') {
    const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : undefined
    if (!bytes || bytes.length > maxMessageBytes) throw invalidParams(`sui_signPersonalMessage takes { message: text of at most ${maxMessageBytes} bytes, address }`)
    let signature: unknown
    if (has('sui:signPersonalMessage', 'signPersonalMessage')) signature = (await call('sui:signPersonalMessage', 'signPersonalMessage', { message: bytes }))?.signature
    // The legacy `{ messageBytes, signature }` of wallets that still offer only it signs the same intent message.
    else if (has('sui:signMessage', 'signMessage')) signature = (await call('sui:signMessage', 'signMessage', { message: bytes }))?.signature
    else throw new SuiWalletFeatureError({ feature: 'sui:signPersonalMessage', wallet: wallet.name })
    return { signature, bytes: base64.encode(bytes) }
  }

  if (method !== 'sui_signTransaction' && method !== 'sui_signAndExecuteTransaction') throw new ProviderRpcError({ code: 4200, message: `${method} is not a method of the sui namespace Portico asks ${wallet.name}` })
  if (typeof transaction !== 'string' || transaction.length === 0 || transaction.length > maxTransactionChars) throw invalidParams(`${method} takes { transaction: TransactionData JSON or base64, address }`)
  // Wallet Standard 2.0.0 features take the transaction as `{ toJSON() }`; the legacy ones a block the wallet `serialize()`s.
  const current = { transaction: { toJSON: async () => transaction } }
  const block = () => {
    try {
      return { transactionBlock: Transaction.from(transaction) }
    } catch (cause) {
      throw new ProviderRpcError({ code: -32602, message: `${method}: the transaction is not Sui TransactionData`, cause })
    }
  }
  /** The wallet's signature alone: `{ bytes, signature }`. */
  const sign = async (): Promise<{ bytes: unknown; signature: unknown }> => {
    if (has('sui:signTransaction', 'signTransaction')) {
      const output = await call('sui:signTransaction', 'signTransaction', current)
      return { bytes: output?.bytes, signature: output?.signature }
    }
    if (has('sui:signTransactionBlock', 'signTransactionBlock')) {
      const output = await call('sui:signTransactionBlock', 'signTransactionBlock', block())
      return { bytes: output?.transactionBlockBytes, signature: output?.signature }
    }
    throw new SuiWalletFeatureError({ feature: method === 'sui_signTransaction' ? 'sui:signTransaction' : 'sui:signAndExecuteTransaction', wallet: wallet.name })
  }

  if (method === 'sui_signTransaction') {
    const { bytes, signature } = await sign()
    return { signature, transactionBytes: bytes }
  }
  if (has('sui:signAndExecuteTransaction', 'signAndExecuteTransaction')) {
    const output = await call('sui:signAndExecuteTransaction', 'signAndExecuteTransaction', current)
    return { digest: output?.digest, bytes: output?.bytes, signature: output?.signature, effects: output?.effects }
  }
  if (has('sui:signAndExecuteTransactionBlock', 'signAndExecuteTransactionBlock')) {
    const output = await call('sui:signAndExecuteTransactionBlock', 'signAndExecuteTransactionBlock', { ...block(), options: { showRawInput: true, showRawEffects: true, showEffects: true } })
    const rawEffects = output?.rawEffects
    const effects = Array.isArray(rawEffects) && rawEffects.length > 0 && rawEffects.every((b) => Number.isInteger(b) && b >= 0 && b < 256) ? base64.encode(Uint8Array.from(rawEffects as number[])) : undefined
    return { digest: output?.digest, ...signedOf(output?.rawTransaction), ...(effects ? { effects } : {}) }
  }
  // A wallet that only signs: the network's node executes its signature.
  const { bytes, signature } = await sign()
  if (typeof bytes !== 'string' || typeof signature !== 'string') throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no signed transaction' })
  if (!network) throw new ProviderRpcError({ code: -32603, message: `No network to execute the transaction on (${String(chain)})` })
  let decoded: Uint8Array
  try {
    decoded = base64.decode(bytes)
  } catch {
    throw new ProviderRpcError({ code: -32603, message: 'The wallet returned transaction bytes that are not base64' })
  }
  const { createSuiNodeClient } = await import('./createSuiNodeClient.js')
  const node = await createSuiNodeClient({ network, fetch })
  const executed = await node.execute(decoded, [signature])
  return { digest: executed.digest, bytes, signature }
}
