import { base58, base64 } from '@scure/base'
import { ProviderRpcError, type CaipNetworkId, type ConnectionChannel } from '../../../kernel/kernel.js'
import { invalidParams } from '../eip155/readTransaction.js'
import { solanaApp } from './solanaApp.js'
import { toLedgerPath } from '../utils/derivationPaths.js'
import { offchainMessage, readWireTransaction, withSignature } from './solanaWire.js'
import type { LedgerHttpChannelParameters } from '../chains/types.js'

/** The solana methods a Ledger connection answers (docs/guides/hardware-wallets.md §2). */
export const solanaLedgerMethods = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const

/** The shared channel parameters (`LedgerHttpChannelParameters`, chains/types.ts). */
export type SolanaChannelParameters = LedgerHttpChannelParameters

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The Ledger connection's channel for solana (docs/guides/hardware-wallets.md §2):
 * `solana_signMessage` as an off-chain message (`E0 07`), `solana_signTransaction` (the message
 * bytes signed with `E0 06`, the signature put in the account's slot) and
 * `solana_signAndSendTransaction` (signed, then `sendTransaction` to the network's RPC).
 *
 * @example
 * const channel = createSolanaChannel({ device, path, address, networks: () => networks })
 * await channel.request({ method: 'solana_signMessage', params: { message: base58Text, pubkey: address }, chainId })
 */
export function createSolanaChannel({ device, path, address, networks, fetch: fetchFn }: SolanaChannelParameters): ConnectionChannel {
  const ledgerPath = toLedgerPath(path)

  async function signTransaction(params: unknown): Promise<Uint8Array> {
    const encoded = isRecord(params) ? params.transaction : undefined
    if (typeof encoded !== 'string' || encoded.length > 4096 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw invalidParams('Expected { transaction: base64 }')
    let tx
    try {
      tx = readWireTransaction(base64.decode(encoded))
    } catch (cause) {
      throw invalidParams(`The transaction is not a Solana transaction: ${(cause as Error).message}`)
    }
    if (!tx.signers.includes(address)) throw invalidParams(`The Ledger account ${address} is not a signer of this transaction`)
    const { signature } = await device.run({ app: 'Solana' }, (transport) => solanaApp(transport).signTransaction(ledgerPath, Buffer.from(tx.message)))
    return withSignature(tx, address, new Uint8Array(signature))
  }

  async function send(chainId: CaipNetworkId, signed: Uint8Array, sendOptions: unknown): Promise<void> {
    const network = networks().find((n) => n.caipNetworkId === chainId)
    const url = network?.rpcUrls.default.http[0]
    if (!url) throw invalidParams(`No configured network ${String(chainId).slice(0, 60)}`)
    const options = isRecord(sendOptions) ? sendOptions : {}
    const config = { encoding: 'base64', preflightCommitment: typeof options.preflightCommitment === 'string' ? options.preflightCommitment : 'confirmed', ...(typeof options.skipPreflight === 'boolean' ? { skipPreflight: options.skipPreflight } : {}) }
    let answer: { result?: unknown; error?: { code?: number; message?: string } }
    try {
      const response = await (fetchFn ?? globalThis.fetch)(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base64.encode(signed), config] }) })
      answer = (await response.json()) as typeof answer
    } catch (cause) {
      throw new ProviderRpcError({ code: -32603, message: 'The Solana RPC could not be reached', cause })
    }
    if (answer.error || typeof answer.result !== 'string') throw new ProviderRpcError({ code: -32603, message: `The transaction was not accepted: ${String(answer.error?.message ?? 'no signature').slice(0, 200)}` })
  }

  return {
    chains: () => networks().map((n) => n.caipNetworkId as CaipNetworkId),
    supports: (method) => (solanaLedgerMethods as readonly string[]).includes(method),
    async request({ method, params, chainId }) {
      switch (method) {
        case 'solana_signMessage': {
          const message = isRecord(params) ? params.message : undefined
          const pubkey = isRecord(params) ? params.pubkey : undefined
          if (typeof message !== 'string' || message.length > 100_000 || !/^[1-9A-HJ-NP-Za-km-z]+$/.test(message)) throw invalidParams('Expected { message: base58, pubkey }')
          if (pubkey !== undefined && pubkey !== address) throw invalidParams(`The pubkey must be the Ledger account ${address}`)
          let bytes: Uint8Array
          try {
            bytes = offchainMessage(base58.decode(message))
          } catch (cause) {
            throw invalidParams((cause as Error).message)
          }
          const { signature } = await device.run({ app: 'Solana' }, (transport) => solanaApp(transport).signOffchainMessage(ledgerPath, Buffer.from(bytes)))
          return { signature: base58.encode(new Uint8Array(signature)) }
        }
        case 'solana_signTransaction':
          return { transaction: base64.encode(await signTransaction(params)) }
        case 'solana_signAndSendTransaction': {
          const signed = await signTransaction(params)
          await send(chainId, signed, isRecord(params) ? params.sendOptions : undefined)
          // The transaction's id is its first signature.
          return { signature: base58.encode(readWireTransaction(signed).signatures[0] as Uint8Array) }
        }
        default:
          throw new ProviderRpcError({ code: 4200, message: `A Ledger does not answer ${String(method).slice(0, 60)}` })
      }
    },
  }
}
