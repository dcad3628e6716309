import { bcs } from '@mysten/sui/bcs'
import { messageWithIntent, toSerializedSignature } from '@mysten/sui/cryptography'
import { Ed25519PublicKey } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { base64 } from '@scure/base'
import { ProviderRpcError, type CaipNetworkId, type ConnectionChannel } from '../../../kernel/kernel.js'
import { invalidParams } from '../eip155/readTransaction.js'
import { suiAccount, suiApp } from './suiApp.js'
import type { LedgerHttpChannelParameters } from '../chains/types.js'

/** The sui methods a Ledger connection answers (docs/guides/hardware-wallets.md §2): WalletConnect's sui vocabulary. */
export const suiLedgerMethods = ['sui_signPersonalMessage', 'sui_signTransaction', 'sui_signAndExecuteTransaction'] as const

/** The shared channel parameters (`LedgerHttpChannelParameters`, chains/types.ts). */
export type SuiChannelParameters = LedgerHttpChannelParameters

/** Longest personal message (UTF-8 bytes) and transaction text the channel takes. */
const maxMessageBytes = 64 * 1024
const maxTransactionChars = 256 * 1024

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The Ledger connection's channel for sui (docs/guides/hardware-wallets.md §2), answering what
 * `portico/sui` sends over a connection's channel, as a WalletConnect wallet does:
 * `sui_signPersonalMessage { message, address }` (the PersonalMessage intent of the message's
 * BCS bytes, signed by the Sui app) ⇒ `{ signature }`; `sui_signTransaction { transaction, address }`
 * (TransactionData JSON or base64, built with `@mysten/sui` — resolved against the network's node
 * only when the site left gas open — and its TransactionData intent signed) ⇒
 * `{ signature, transactionBytes }`; `sui_signAndExecuteTransaction` (signed, then executed by the
 * network's node) ⇒ `{ digest, bytes, signature, effects? }`. Signatures are Sui's serialized
 * form: flag `00` ‖ ed25519 signature ‖ public key, base64.
 *
 * @example
 * const channel = createSuiChannel({ device, path, address, networks: () => networks })
 * await channel.request({ method: 'sui_signPersonalMessage', params: { message: 'hi', address }, chainId: 'sui:localnet' })
 */
export function createSuiChannel({ device, path, address, networks, fetch: fetchFn }: SuiChannelParameters): ConnectionChannel {
  let publicKey: Promise<Uint8Array> | undefined
  /** The account's public key, read once from the device and checked against the address. */
  const key = () =>
    (publicKey ??= suiAccount(device, path).then(
      (account) => {
        if (account.address !== address.toLowerCase()) throw new ProviderRpcError({ code: 4100, message: `The Ledger's key at ${path} is not the account ${address}` })
        return account.publicKey
      },
      (error: unknown) => {
        publicKey = undefined
        throw error
      },
    ))

  const checkAddress = (params: unknown) => {
    const asked = isRecord(params) ? params.address : undefined
    if (asked !== undefined && (typeof asked !== 'string' || asked.toLowerCase() !== address.toLowerCase())) throw new ProviderRpcError({ code: 4100, message: `The Ledger account is ${address}, not ${String(asked).slice(0, 80)}` })
  }

  /** Signs an intent message on the device; the serialized signature (base64). */
  async function sign(intentMessage: Uint8Array, withData: boolean): Promise<string> {
    const publicKeyBytes = await key()
    const { signature } = await device.run({ app: 'Sui', withData }, (transport) => suiApp(transport).signTransaction(path, intentMessage))
    return toSerializedSignature({ signatureScheme: 'ED25519', signature: new Uint8Array(signature), publicKey: new Ed25519PublicKey(publicKeyBytes) })
  }

  function nodeUrl(chainId: CaipNetworkId): string {
    const url = networks().find((n) => n.caipNetworkId === chainId)?.rpcUrls.default.http[0]
    if (!url) throw invalidParams(`No configured network ${String(chainId).slice(0, 60)}`)
    return url
  }
  const isGraphql = (url: string) => /\/graphql\/?$/.test(new URL(url).pathname)
  async function client(url: string) {
    if (isGraphql(url)) {
      const { SuiGraphQLClient } = await import('@mysten/sui/graphql')
      return new SuiGraphQLClient({ url, ...(fetchFn ? { fetch: fetchFn } : {}) })
    }
    const { SuiClient, SuiHTTPTransport } = await import('@mysten/sui/client')
    return new SuiClient({ transport: new SuiHTTPTransport({ url, ...(fetchFn ? { fetch: fetchFn } : {}) }) })
  }

  /** The transaction's TransactionData bytes: built as it is when resolved, else resolved against the network's node. */
  async function transactionBytes(params: unknown, chainId: CaipNetworkId): Promise<Uint8Array> {
    const text = isRecord(params) ? params.transaction : undefined
    if (typeof text !== 'string' || text.length === 0 || text.length > maxTransactionChars) throw invalidParams('Expected { transaction: TransactionData JSON or base64, address }')
    let transaction: Transaction
    try {
      transaction = Transaction.from(text)
    } catch (cause) {
      throw new ProviderRpcError({ code: -32602, message: 'The transaction is not Sui TransactionData', cause })
    }
    transaction.setSenderIfNotSet(address)
    let bytes: Uint8Array
    try {
      bytes = await transaction.build()
    } catch {
      // Gas left open by the site: resolved by the network's JSON-RPC node, as a wallet does (@mysten/sui's GraphQL client resolves nothing yet).
      const url = nodeUrl(chainId)
      if (isGraphql(url)) throw invalidParams("The transaction's gas (price, payment, budget) must be set: this network's GraphQL node does not resolve it")
      try {
        bytes = await transaction.build({ client: await client(url) })
      } catch (cause) {
        if (cause instanceof ProviderRpcError) throw cause
        throw new ProviderRpcError({ code: -32603, message: `The transaction could not be built: ${String((cause as Error).message).slice(0, 200)}`, cause })
      }
    }
    const sender = bcs.TransactionData.parse(bytes).V1?.sender
    if (!sender || sender.toLowerCase() !== address.toLowerCase()) throw invalidParams(`The transaction's sender is not the Ledger account ${address}`)
    return bytes
  }

  /** Executes a signed transaction on the network's node: its digest and effects (base64 BCS, when the node gives them). */
  async function execute(chainId: CaipNetworkId, bytes: Uint8Array, signature: string): Promise<{ digest: string; effects?: string }> {
    const url = nodeUrl(chainId)
    try {
      if (isGraphql(url)) {
        const graphql = await client(url)
        const { transaction } = await graphql.core.executeTransaction({ transaction: bytes, signatures: [signature] })
        return { digest: transaction.digest, ...(transaction.effects?.bcs ? { effects: base64.encode(transaction.effects.bcs) } : {}) }
      }
      const response = await (fetchFn ?? globalThis.fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sui_executeTransactionBlock', params: [base64.encode(bytes), [signature], { showRawEffects: true }, 'WaitForLocalExecution'] }),
      })
      const answer = (await response.json()) as { result?: { digest?: unknown; rawEffects?: unknown }; error?: { message?: unknown } }
      if (answer.error || typeof answer.result?.digest !== 'string') throw new Error(String(answer.error?.message ?? 'no digest'))
      const raw = answer.result.rawEffects
      const effects = Array.isArray(raw) && raw.length > 0 && raw.every((b) => Number.isInteger(b) && b >= 0 && b < 256) ? base64.encode(Uint8Array.from(raw as number[])) : undefined
      return { digest: answer.result.digest, ...(effects ? { effects } : {}) }
    } catch (cause) {
      throw new ProviderRpcError({ code: -32603, message: `The transaction was not accepted: ${String((cause as Error).message).slice(0, 200)}`, cause })
    }
  }

  return {
    chains: () => networks().map((n) => n.caipNetworkId as CaipNetworkId),
    supports: (method) => (suiLedgerMethods as readonly string[]).includes(method),
    async request({ method, params, chainId }) {
      switch (method) {
        case 'sui_signPersonalMessage': {
          checkAddress(params)
          const message = isRecord(params) ? params.message : undefined
          const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : undefined
          if (!bytes || bytes.length === 0 || bytes.length > maxMessageBytes) throw invalidParams(`Expected { message: text of 1 to ${maxMessageBytes} bytes, address }`)
          const signature = await sign(messageWithIntent('PersonalMessage', bcs.byteVector().serialize(bytes).toBytes()), false)
          return { signature, bytes: base64.encode(bytes) }
        }
        case 'sui_signTransaction':
        case 'sui_signAndExecuteTransaction': {
          checkAddress(params)
          const bytes = await transactionBytes(params, chainId)
          const signature = await sign(messageWithIntent('TransactionData', bytes), true)
          if (method === 'sui_signTransaction') return { signature, transactionBytes: base64.encode(bytes) }
          const { digest, effects } = await execute(chainId, bytes, signature)
          return { digest, bytes: base64.encode(bytes), signature, ...(effects ? { effects } : {}) }
        }
        default:
          throw new ProviderRpcError({ code: 4200, message: `A Ledger does not answer ${String(method).slice(0, 60)}` })
      }
    },
  }
}
