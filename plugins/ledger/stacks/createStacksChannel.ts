import type { StacksNetwork } from '@stacks/network'
import { broadcastTransaction, createAddress, createMessageSignature, deserializeTransaction, makeUnsignedSTXTokenTransfer, type StacksTransactionWire } from '@stacks/transactions'
import { ProviderRpcError, type CaipNetworkId, type ConnectionChannel, type Network } from '../../../kernel/kernel.js'
import { invalidParams } from '../eip155/readTransaction.js'
import { checked, isStacksMainnet, stacksAccount, stacksApp } from './stacksApp.js'
import type { LedgerHttpChannelParameters } from '../chains/types.js'

/** The stacks methods a Ledger connection answers (docs/guides/hardware-wallets.md §2). */
export const stacksLedgerMethods = ['stx_signMessage', 'stx_transferStx', 'stx_signTransaction'] as const

/** The shared channel parameters (`LedgerHttpChannelParameters`, chains/types.ts). */
export type StacksChannelParameters = LedgerHttpChannelParameters

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const hexPattern = /^(0x)?([0-9a-fA-F]{2})+$/

/**
 * The Ledger connection's channel for stacks (docs/guides/hardware-wallets.md §2), in the
 * WalletConnect `stacks` vocabulary the stacks plugin sends: `stx_signMessage { message }` →
 * `{ signature (r ‖ s ‖ v hex), publicKey }`, signed by the Stacks app over the Stacks message
 * prefix; `stx_transferStx { recipient, amount, memo?, fee? }` → `{ txid, transaction }`, the
 * unsigned transfer built with `@stacks/transactions` (nonce from the network's Stacks API), its
 * SIP-005 pre-sign hash signed on the device, broadcast to the API's `/v2/transactions`;
 * `stx_signTransaction { transaction, broadcast? }` → `{ transaction, txid? }`.
 *
 * @example
 * const channel = createStacksChannel({ device, path, address, networks: () => networks })
 * await channel.request({ method: 'stx_signMessage', params: { message: 'hello' }, chainId: 'stacks:2147483649' })
 */
export function createStacksChannel({ device, path, address, networks, fetch: fetchFn }: StacksChannelParameters): ConnectionChannel {
  let publicKey: Promise<string> | undefined
  const publicKeyOf = (network: Network | undefined) =>
    (publicKey ??= stacksAccount(device, path, network).then(
      (account) => {
        if (account.address !== address) throw invalidParams(`The device's account at ${path} is ${account.address}, not ${address}`)
        return account.publicKey
      },
      (error: unknown) => {
        publicKey = undefined
        throw error
      },
    ))

  /** The network a request names, as `@stacks/transactions` takes it: chain id, versions, the API on `fetch`. */
  function stacksNetworkOf(chainId: CaipNetworkId): { network: Network; stacks: StacksNetwork } {
    const network = networks().find((n) => n.caipNetworkId === chainId)
    const baseUrl = network?.rpcUrls.default.http[0]?.replace(/\/+$/, '')
    if (!network || !baseUrl) throw invalidParams(`No configured network ${String(chainId).slice(0, 60)}`)
    const mainnet = isStacksMainnet(network)
    const client = { baseUrl, ...(fetchFn ? { fetch: fetchFn } : {}) }
    return {
      network,
      stacks: mainnet
        ? { chainId: Number(network.id), transactionVersion: 0x00, peerNetworkId: 0x17000000, magicBytes: 'X2', bootAddress: 'SP000000000000000000002Q6VF78', addressVersion: { singleSig: 22, multiSig: 20 }, client }
        : { chainId: Number(network.id), transactionVersion: 0x80, peerNetworkId: 0xff000000, magicBytes: 'T2', bootAddress: 'ST000000000000000000002AMW42H', addressVersion: { singleSig: 26, multiSig: 21 }, client },
    }
  }

  /** The origin's signature from the device, put in the transaction's spending condition. */
  async function signOrigin(tx: StacksTransactionWire): Promise<void> {
    const { signatureVRS } = await device.run({ app: 'Stacks' }, async (transport) => checked(await stacksApp(transport).sign(path, Buffer.from(tx.serializeBytes()))))
    ;(tx.auth.spendingCondition as { signature: ReturnType<typeof createMessageSignature> }).signature = createMessageSignature(Buffer.from(signatureVRS).toString('hex'))
  }

  async function broadcast(tx: StacksTransactionWire, stacks: StacksNetwork): Promise<string> {
    let result: Awaited<ReturnType<typeof broadcastTransaction>>
    try {
      result = await broadcastTransaction({ transaction: tx, network: stacks })
    } catch (cause) {
      throw new ProviderRpcError({ code: -32603, message: 'The Stacks API could not be reached', cause })
    }
    if (!('txid' in result) || 'error' in result) {
      const { reason, error } = result as { reason?: unknown; error?: unknown }
      throw new ProviderRpcError({ code: -32603, message: `The transaction was not accepted: ${String(reason ?? error)}`.slice(0, 300) })
    }
    return result.txid
  }

  /** A named account (`address`, `sender`) must be the Ledger's. */
  function ownAccount(params: Record<string, unknown>): void {
    const named = params.address ?? params.sender
    if (named !== undefined && named !== address) throw invalidParams(`The account must be the Ledger account ${address}`)
  }

  return {
    chains: () => networks().map((n) => n.caipNetworkId as CaipNetworkId),
    supports: (method) => (stacksLedgerMethods as readonly string[]).includes(method),
    async request({ method, params, chainId }) {
      const input = isRecord(params) ? params : {}
      switch (method) {
        case 'stx_signMessage': {
          ownAccount(input)
          if (typeof input.message !== 'string' || input.message.length > 65_536) throw invalidParams('Expected { message: string }')
          const message = input.message
          const key = await publicKeyOf(networks().find((n) => n.caipNetworkId === chainId))
          const { signatureCompact } = await device.run({ app: 'Stacks' }, async (transport) => checked(await stacksApp(transport).sign_msg(path, message)))
          return { signature: Buffer.from(signatureCompact).toString('hex'), publicKey: key }
        }
        case 'stx_transferStx': {
          ownAccount(input)
          const { recipient, amount, memo, fee } = input
          if (typeof recipient !== 'string' || typeof amount !== 'string' || !/^\d{1,20}$/.test(amount) || BigInt(amount) <= 0n) throw invalidParams('Expected { recipient, amount: µSTX as a string }')
          if (memo !== undefined && (typeof memo !== 'string' || new TextEncoder().encode(memo).length > 34)) throw invalidParams('The memo is a string of at most 34 bytes')
          if (fee !== undefined && (typeof fee !== 'string' || !/^\d{1,15}$/.test(fee))) throw invalidParams('The fee is µSTX as a string')
          const { network, stacks } = stacksNetworkOf(chainId)
          const key = await publicKeyOf(network)
          let tx: StacksTransactionWire
          try {
            tx = await makeUnsignedSTXTokenTransfer({ recipient, amount: BigInt(amount), publicKey: key, network: stacks, ...(memo ? { memo } : {}), ...(fee !== undefined ? { fee: BigInt(fee) } : {}) })
          } catch (cause) {
            throw invalidParams(`Cannot build the transfer: ${(cause as Error).message}`.slice(0, 300))
          }
          await signOrigin(tx)
          return { txid: await broadcast(tx, stacks), transaction: tx.serialize() }
        }
        case 'stx_signTransaction': {
          const hex = input.transaction
          if (typeof hex !== 'string' || !hexPattern.test(hex) || hex.length > 4 << 20) throw invalidParams('Expected { transaction: hex }')
          if (input.broadcast !== undefined && typeof input.broadcast !== 'boolean') throw invalidParams('broadcast is true or false')
          let tx: StacksTransactionWire
          try {
            tx = deserializeTransaction(hex.replace(/^0x/, ''))
          } catch (cause) {
            throw invalidParams(`Not a Stacks transaction: ${(cause as Error).message}`.slice(0, 300))
          }
          const { network, stacks } = stacksNetworkOf(chainId)
          await publicKeyOf(network)
          if (tx.auth.spendingCondition.signer !== createAddress(address).hash160) throw invalidParams(`The transaction's origin is not the Ledger account ${address}`)
          await signOrigin(tx)
          const txid = input.broadcast === true ? await broadcast(tx, stacks) : undefined
          return { transaction: tx.serialize(), ...(txid ? { txid } : {}) }
        }
        default:
          throw new ProviderRpcError({ code: 4200, message: `A Ledger does not answer ${String(method).slice(0, 60)}` })
      }
    },
  }
}
