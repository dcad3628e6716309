import { base64 } from '@scure/base'
import { ProviderRpcError, type CaipNetworkId, type ConnectionChannel, type Network } from '../../../kernel/kernel.js'
import { invalidParams } from '../eip155/readTransaction.js'
import type { LedgerHttpChannelParameters } from '../chains/types.js'
import { cosmosAccount, cosmosChainOf, runCosmos } from './cosmosApp.js'
import { aminoJson, compactSignature } from './aminoJson.js'

/** The cosmos methods a Ledger connection answers (docs/guides/hardware-wallets.md §2): amino JSON only, as the Cosmos app signs. */
export const cosmosLedgerMethods = ['cosmos_getAccounts', 'cosmos_signAmino'] as const

/** The shared channel parameters (`LedgerHttpChannelParameters`, chains/types.ts); the chain plugin broadcasts. */
export type CosmosChannelParameters = Omit<LedgerHttpChannelParameters, 'fetch'>

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const decimal = (value: unknown) => typeof value === 'string' && /^\d{1,20}$/.test(value)
/** The largest sign doc sent to the device (the Cosmos app's buffer is a few KiB; a transfer is about 400 bytes). */
const maxSignDoc = 16_384

/** An amino `StdSignDoc`'s shape, checked before the device is asked. */
function readSignDoc(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw invalidParams('signDoc must be an amino StdSignDoc')
  const { chain_id: chainId, account_number: accountNumber, sequence, fee, msgs, memo } = value
  if (typeof chainId !== 'string' || !decimal(accountNumber) || !decimal(sequence) || typeof memo !== 'string') throw invalidParams('signDoc needs chain_id, account_number, sequence and memo as strings')
  if (!isRecord(fee) || !Array.isArray(fee.amount) || typeof fee.gas !== 'string') throw invalidParams('signDoc.fee must be { amount, gas }')
  if (!Array.isArray(msgs) || msgs.length === 0 || !msgs.every((m) => isRecord(m) && typeof m.type === 'string')) throw invalidParams('signDoc.msgs must be amino messages ({ type, value })')
  return value
}

/**
 * Whether a doc is an ADR-036 off-chain message (`sign/MsgSignData`, empty chain id, zeros): the
 * only doc signed without the network's chain id, and only for the account itself.
 */
function isAdr36(doc: Record<string, unknown>, address: string): boolean {
  const msgs = doc.msgs as Record<string, unknown>[]
  if (!msgs.some((m) => m.type === 'sign/MsgSignData')) return false
  const signers = msgs.map((m) => (isRecord(m.value) ? m.value.signer : undefined))
  if (msgs.length !== 1 || doc.chain_id !== '' || doc.account_number !== '0' || doc.sequence !== '0' || signers[0] !== address) throw invalidParams(`An ADR-036 message is one sign/MsgSignData by ${address} with an empty chain id`)
  return true
}

/**
 * The Ledger connection's channel for cosmos (docs/guides/hardware-wallets.md §2), in the
 * WalletConnect `cosmos` vocabulary the cosmos plugin sends: `cosmos_getAccounts` → the account's
 * `{ algo, address, pubkey }` from the Cosmos app; `cosmos_signAmino { signerAddress, signDoc }` →
 * `{ signed, signature: { pub_key, signature } }`, the doc's canonical amino JSON (keys sorted, no
 * spaces, as the app checks) signed on the device with the network's bech32 prefix, the app's DER
 * signature returned as the 64-byte low-S `r ‖ s` the chain verifies. The Cosmos app signs amino JSON
 * only (`SIGN_MODE_LEGACY_AMINO_JSON`): `supports('cosmos_signDirect')` is false, so the plugin's
 * transfers are amino; an ADR-036 doc (`sign/MsgSignData`) is the sign-in and message signature.
 *
 * @example
 * const channel = createCosmosChannel({ device, path, address, networks: () => networks })
 * await channel.request({ method: 'cosmos_signAmino', params: { signerAddress: address, signDoc }, chainId: 'cosmos:portico-local-1' })
 */
export function createCosmosChannel({ device, path, address, networks }: CosmosChannelParameters): ConnectionChannel {
  const networkOf = (chainId: CaipNetworkId): Network => {
    const network = networks().find((n) => n.caipNetworkId === chainId)
    if (!network) throw invalidParams(`No configured network ${String(chainId).slice(0, 60)}`)
    return network
  }
  /** The device's key for the network's prefix, checked against the connected address. */
  async function ownKey(network: Network): Promise<Uint8Array> {
    const account = await cosmosAccount(device, path, network)
    if (account.address !== address) throw invalidParams(`The device's account at ${path} is ${account.address}, not ${address}`)
    return account.publicKey
  }

  return {
    chains: () => networks().map((n) => n.caipNetworkId as CaipNetworkId),
    supports: (method) => (cosmosLedgerMethods as readonly string[]).includes(method),
    async request({ method, params, chainId }) {
      switch (method) {
        case 'cosmos_getAccounts': {
          const publicKey = await ownKey(networkOf(chainId))
          return [{ algo: 'secp256k1', address, pubkey: base64.encode(publicKey) }]
        }
        case 'cosmos_signAmino': {
          if (!isRecord(params) || typeof params.signerAddress !== 'string') throw invalidParams('cosmos_signAmino needs { signerAddress, signDoc }')
          if (params.signerAddress !== address) throw invalidParams(`The signer must be the Ledger account ${address}`)
          const network = networkOf(chainId)
          const doc = readSignDoc(params.signDoc)
          const { chainId: cosmosChainId, bech32Prefix } = cosmosChainOf(network)
          if (!isAdr36(doc, address) && doc.chain_id !== cosmosChainId) throw invalidParams(`signDoc.chain_id must be ${String(cosmosChainId)}`)
          const json = aminoJson(doc)
          if (json.length > maxSignDoc) throw invalidParams(`The sign doc is over ${maxSignDoc} bytes`)
          const publicKey = await ownKey(network)
          const { signature } = await runCosmos(device, (app) => app.sign(path, Buffer.from(json), bech32Prefix))
          return {
            signed: doc,
            signature: { pub_key: { type: 'tendermint/PubKeySecp256k1', value: base64.encode(publicKey) }, signature: base64.encode(compactSignature(new Uint8Array(signature))) },
          }
        }
        default:
          throw new ProviderRpcError({ code: 4200, message: `A Ledger does not answer ${String(method).slice(0, 60)} (the Cosmos app signs amino JSON only)` })
      }
    },
  }
}
