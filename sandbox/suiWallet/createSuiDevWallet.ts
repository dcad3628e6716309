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
  /**
   * The wallet's features and their versions (a persona's dialect); `false` leaves one out. Default:
   * the dev wallet's `sui:signPersonalMessage` 1.1.0, `sui:signTransaction` 2.0.0 and
   * `sui:signAndExecuteTransaction` 2.0.0, and no legacy ones.
   */
  features?: SuiDevWalletFeatures
  /** The wallet's own error for a code (4001 rejected, 4100 not connected); default `SuiDevWalletError`. */
  error?(code: number, message: string): Error
  /** The chains listed on the account (default: all of `chains`). */
  accountChains?: readonly `sui:${string}`[]
}

/** Which Wallet Standard features a Sui wallet offers, by version (`false`: not offered). */
export type SuiDevWalletFeatures = {
  'sui:signPersonalMessage'?: string | false
  'sui:signTransaction'?: string | false
  'sui:signAndExecuteTransaction'?: string | false
  /** Legacy: `{ transactionBlock }` in, `{ transactionBlockBytes, signature }` out. */
  'sui:signTransactionBlock'?: string | false
  /** Legacy: `{ transactionBlock, options }` in, the JSON-RPC transaction response out. */
  'sui:signAndExecuteTransactionBlock'?: string | false
  /** Legacy: `{ message }` in, `{ messageBytes, signature }` out (the same personal-message intent). */
  'sui:signMessage'?: string | false
  /** Takes the effects of a transaction the site executed itself (answers nothing). */
  'sui:reportTransactionEffects'?: string | false
  /** Whether `standard:disconnect` is offered (default true). */
  'standard:disconnect'?: boolean
}
const defaultFeatures: SuiDevWalletFeatures = { 'sui:signPersonalMessage': '1.1.0', 'sui:signTransaction': '2.0.0', 'sui:signAndExecuteTransaction': '2.0.0' }
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
  const dialect = parameters.features ?? defaultFeatures
  const offered = (Object.keys(dialect) as (keyof SuiDevWalletFeatures)[]).filter((f) => f.startsWith('sui:') && typeof dialect[f] === 'string')
  const error = parameters.error ?? ((code: number, message: string) => new SuiDevWalletError(code, message))
  const account: WalletAccount = Object.freeze({
    address,
    publicKey: keypair.getPublicKey().toRawBytes(),
    chains: Object.freeze([...(parameters.accountChains ?? chains)]) as readonly `sui:${string}`[],
    features: Object.freeze([...offered]) as readonly `${string}:${string}`[],
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
  /**
   * Resolves and signs the standard's `{ transaction: { toJSON() }, chain }` input, or the legacy
   * `{ transactionBlock: { serialize() }, chain }` one.
   */
  const sign = async (input: unknown) => {
    const client = clientFor(isRecord(input) ? input.chain : undefined)
    const given = isRecord(input) ? (input.transaction as { toJSON?: unknown } | undefined) : undefined
    const block = isRecord(input) ? (input.transactionBlock as { serialize?: unknown } | undefined) : undefined
    let serialized: () => Promise<string>
    if (typeof given?.toJSON === 'function') serialized = async () => String(await (given.toJSON as () => Promise<string>)())
    else if (typeof block?.serialize === 'function') serialized = async () => String((block.serialize as () => string)())
    else throw new SuiDevWalletError(-32602, 'The transaction must have toJSON() (a Transaction or its serialized form)')
    let transaction: Transaction
    try {
      transaction = Transaction.from(await serialized())
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

  const made = createStandardDevWallet({
    account,
    name: parameters.name ?? 'Portico Dev Wallet',
    icon: parameters.icon,
    chains,
    storage: parameters.storage,
    storageKey: parameters.storageKey ?? 'porticoSuiDevWallet',
    error,
    features: ({ approved, requireAccount }) => {
      const messageOf = (input: unknown) => {
        const message = isRecord(input) ? input.message : undefined
        if (!(message instanceof Uint8Array) || message.length > maxMessageBytes) throw new SuiDevWalletError(-32602, 'The message must be at most 64 KiB of bytes')
        return message
      }
      const execute = async (client: SuiClient, bytes: Uint8Array, signature: string, options: Record<string, unknown> = {}) => {
        try {
          return await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { ...options, showRawEffects: true } })
        } catch (failure) {
          throw new SuiDevWalletError(-32603, (failure as Error).message)
        }
      }
      const all: Wallet['features'] = {
        'sui:signPersonalMessage': {
          version: dialect['sui:signPersonalMessage'],
          async signPersonalMessage(input: unknown) {
            return approved('sui:signPersonalMessage', async () => {
              requireAccount(input)
              return keypair.signPersonalMessage(messageOf(input))
            })
          },
        },
        'sui:signMessage': {
          version: dialect['sui:signMessage'],
          async signMessage(input: unknown) {
            return approved('sui:signMessage', async () => {
              requireAccount(input)
              const message = messageOf(input)
              const { signature } = await keypair.signPersonalMessage(message)
              return { messageBytes: base64.encode(message), signature }
            })
          },
        },
        'sui:signTransaction': {
          version: dialect['sui:signTransaction'],
          async signTransaction(input: unknown) {
            return approved('sui:signTransaction', async () => {
              requireAccount(input)
              const { bytes, signature } = await sign(input)
              return { bytes, signature }
            })
          },
        },
        'sui:signTransactionBlock': {
          version: dialect['sui:signTransactionBlock'],
          async signTransactionBlock(input: unknown) {
            return approved('sui:signTransactionBlock', async () => {
              requireAccount(input)
              const { bytes, signature } = await sign(input)
              return { transactionBlockBytes: bytes, signature }
            })
          },
        },
        'sui:signAndExecuteTransaction': {
          version: dialect['sui:signAndExecuteTransaction'],
          async signAndExecuteTransaction(input: unknown) {
            return approved('sui:signAndExecuteTransaction', async () => {
              requireAccount(input)
              const { client, bytes, signature } = await sign(input)
              const result = await execute(client, base64.decode(bytes), signature)
              return { digest: result.digest, bytes, signature, effects: base64.encode(Uint8Array.from(result.rawEffects ?? [])) }
            })
          },
        },
        'sui:signAndExecuteTransactionBlock': {
          version: dialect['sui:signAndExecuteTransactionBlock'],
          async signAndExecuteTransactionBlock(input: unknown) {
            return approved('sui:signAndExecuteTransactionBlock', async () => {
              requireAccount(input)
              const { client, bytes, signature } = await sign(input)
              const options = isRecord(input) && isRecord(input.options) ? input.options : {}
              return execute(client, base64.decode(bytes), signature, options)
            })
          },
        },
        'sui:reportTransactionEffects': {
          version: dialect['sui:reportTransactionEffects'],
          async reportTransactionEffects() {},
        },
      }
      return Object.fromEntries(Object.entries(all).filter(([name]) => offered.includes(name as keyof SuiDevWalletFeatures)))
    },
  })
  if (dialect['standard:disconnect'] === false) {
    const { wallet, control } = made
    const features = { ...wallet.features }
    delete features['standard:disconnect']
    return {
      wallet: { version: wallet.version, name: wallet.name, icon: wallet.icon, chains: wallet.chains, features, get accounts() { return wallet.accounts } },
      control,
    }
  }
  return made
}
