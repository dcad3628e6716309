import { SuiClient } from '@mysten/sui/client'
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

import { type StandardDevWalletControl, createStandardDevWallet, isRecord } from '../walletStandard/createStandardDevWallet.js'
import { SuiDevWalletError } from './SuiDevWalletError.js'

/** What the wallet needs of its key: `@mysten/sui`'s `Ed25519Keypair`, or one that derives it on the first signature. */
export type SuiDevWalletKeypair = Pick<Ed25519Keypair, 'toSuiAddress' | 'getPublicKey' | 'signTransaction' | 'signPersonalMessage'>

export type CreateSuiDevWalletParameters = {
  keypair: SuiDevWalletKeypair
  /** The full-node JSON-RPC per Wallet Standard chain (e.g. the sandbox's proxy for `sui:localnet`). */
  rpcUrl(chain: string): string | undefined
  /** Wallet Standard chains it offers (default `['sui:localnet']`). */
  chains?: readonly `sui:${string}`[]
  /** Shown to sites (default "Portico Dev Wallet"). */
  name?: string
  icon: Wallet['icon']
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  storageKey?: string
}
export type SuiDevWalletControl = StandardDevWalletControl
export type CreateSuiDevWalletReturnType = { wallet: Wallet; control: SuiDevWalletControl }

/** The largest personal message it signs. */
const maxMessageBytes = 64 * 1024

/**
 * Creates "Portico Dev Wallet" for Sui as a Wallet Standard wallet object signing with a real
 * ed25519 key (`@mysten/sui`'s `Ed25519Keypair`): `standard:connect` (with `silent`),
 * `standard:disconnect`, `standard:events`, `sui:signPersonalMessage` 1.1.0, `sui:signTransaction`
 * 2.0.0 and `sui:signAndExecuteTransaction` 2.0.0. A transaction arrives as the standard's
 * `{ toJSON() }`; the wallet resolves what the site left open (sender, gas price, a budget from a
 * dry run, gas coins) against `rpcUrl(chain)` with `Transaction.build`, signs the intent message and,
 * for the latter, executes it there. Register it with `registerWalletStandardWallet`.
 *
 * @param parameters the key, chains, node URL, icon and storage
 * @returns the wallet and its controls
 * @example
 * const { wallet, control } = createSuiDevWallet({ keypair: devSuiKeypair(), rpcUrl: () => sui.rpcUrl, icon })
 */
export function createSuiDevWallet(parameters: CreateSuiDevWalletParameters): CreateSuiDevWalletReturnType {
  const { keypair } = parameters
  const chains = Object.freeze([...(parameters.chains ?? ['sui:localnet'])]) as readonly `sui:${string}`[]
  const address = keypair.toSuiAddress()
  const account: WalletAccount = Object.freeze({
    address,
    publicKey: keypair.getPublicKey().toRawBytes(),
    chains,
    features: Object.freeze(['sui:signPersonalMessage', 'sui:signTransaction', 'sui:signAndExecuteTransaction'] as const),
    label: 'Dev account',
  })
  const clients = new Map<string, SuiClient>()
  const clientFor = (chain: unknown): SuiClient => {
    if (typeof chain !== 'string' || !chains.includes(chain as `sui:${string}`)) {
      throw new SuiDevWalletError(-32602, `Unsupported chain ${JSON.stringify(chain)?.slice(0, 40)}; this wallet knows ${chains.join(', ')}`)
    }
    const url = parameters.rpcUrl(chain)
    if (!url) throw new SuiDevWalletError(-32603, `No node URL for ${chain}`)
    let client = clients.get(url)
    if (!client) clients.set(url, (client = new SuiClient({ url })))
    return client
  }
  /** Resolves and signs the standard's `{ transaction: { toJSON() }, chain }` input. */
  const sign = async (input: unknown) => {
    const client = clientFor(isRecord(input) ? input.chain : undefined)
    const given = isRecord(input) ? (input.transaction as { toJSON?: unknown } | undefined) : undefined
    if (typeof given?.toJSON !== 'function') throw new SuiDevWalletError(-32602, 'The transaction must have toJSON() (a Transaction or its serialized form)')
    let transaction: Transaction
    try {
      transaction = Transaction.from(String(await (given.toJSON as () => Promise<string>)()))
    } catch (error) {
      throw new SuiDevWalletError(-32602, `The transaction cannot be read: ${(error as Error).message}`)
    }
    transaction.setSenderIfNotSet(address)
    let bytes: Uint8Array
    try {
      bytes = await transaction.build({ client })
    } catch (error) {
      throw new SuiDevWalletError(-32603, (error as Error).message)
    }
    return { client, ...(await keypair.signTransaction(bytes)) }
  }

  return createStandardDevWallet({
    account,
    name: parameters.name ?? 'Portico Dev Wallet',
    icon: parameters.icon,
    chains,
    storage: parameters.storage,
    storageKey: parameters.storageKey ?? 'porticoSuiDevWallet',
    error: (code, message) => new SuiDevWalletError(code, message),
    features: ({ approved, requireAccount }) => ({
      'sui:signPersonalMessage': {
        version: '1.1.0',
        async signPersonalMessage(input: unknown) {
          return approved('sui:signPersonalMessage', async () => {
            requireAccount(input)
            const message = isRecord(input) ? input.message : undefined
            if (!(message instanceof Uint8Array) || message.length > maxMessageBytes) throw new SuiDevWalletError(-32602, 'The message must be at most 64 KiB of bytes')
            return keypair.signPersonalMessage(message)
          })
        },
      },
      'sui:signTransaction': {
        version: '2.0.0',
        async signTransaction(input: unknown) {
          return approved('sui:signTransaction', async () => {
            requireAccount(input)
            const { bytes, signature } = await sign(input)
            return { bytes, signature }
          })
        },
      },
      'sui:signAndExecuteTransaction': {
        version: '2.0.0',
        async signAndExecuteTransaction(input: unknown) {
          return approved('sui:signAndExecuteTransaction', async () => {
            requireAccount(input)
            const { client, bytes, signature } = await sign(input)
            try {
              const result = await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showRawEffects: true } })
              return { digest: result.digest, bytes, signature, effects: base64.encode(Uint8Array.from(result.rawEffects ?? [])) }
            } catch (error) {
              throw new SuiDevWalletError(-32603, (error as Error).message)
            }
          })
        },
      },
    }),
  })
}
