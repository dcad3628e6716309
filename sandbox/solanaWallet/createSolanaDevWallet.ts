import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

import { once } from '../utils/once.js'
import {
  type StandardDevWalletActivity,
  type StandardDevWalletControl,
  type StandardDevWalletMode,
  type StandardDevWalletState,
  createStandardDevWallet,
  isRecord,
} from '../walletStandard/createStandardDevWallet.js'
import { sendSignedTransaction } from './sendSignedTransaction.js'
import { signTransactionBytes } from './signTransactionBytes.js'
import { SolanaDevWalletError } from './SolanaDevWalletError.js'
import { solanaDevWalletIcon } from './solanaDevWalletIcon.js'

/** `approve`: requests are approved; `reject`: each request fails with code 4001. */
export type SolanaDevWalletMode = StandardDevWalletMode

/** What the wallet remembers (in `storage`) across reloads. */
export type SolanaDevWalletState = StandardDevWalletState

/** A record of one request, for the panel and tests. */
export type SolanaDevWalletActivity = StandardDevWalletActivity

export type CreateSolanaDevWalletParameters = {
  /**
   * 64 bytes: the ed25519 private seed, then the public key (Solana CLI keypair layout); or a
   * function giving them, called on the first signature, with `publicKey` given (the sandbox's
   * page: no key math when it loads).
   */
  secretKey: Uint8Array | (() => Uint8Array)
  /** The 32-byte public key, needed when `secretKey` is a function (it must match what that gives). */
  publicKey?: Uint8Array
  /** Where `signAndSendTransaction` sends, per Wallet Standard chain (e.g. the sandbox's RPC proxy). */
  rpcUrl(chain: string): string | undefined
  /** Wallet Standard chains it offers (default `['solana:localnet']`). */
  chains?: readonly `solana:${string}`[]
  /** Shown to sites (default "Portico Dev Wallet"). */
  name?: string
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  storageKey?: string
  fetch?: typeof fetch
}

export type SolanaDevWalletControl = StandardDevWalletControl

export type CreateSolanaDevWalletReturnType = { wallet: Wallet; control: SolanaDevWalletControl }


/** Checks a Solana CLI secret key: 64 bytes whose second half is the ed25519 public key of the first. */
function checkedSecretKey(secretKey: Uint8Array): Uint8Array {
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== 64) throw new SolanaDevWalletError(-32602, 'The secret key must be 64 bytes')
  if (!ed25519.getPublicKey(secretKey.subarray(0, 32)).every((b, i) => b === secretKey[32 + i])) {
    throw new SolanaDevWalletError(-32602, 'The secret key does not match its public key')
  }
  return secretKey
}

/**
 * Creates "Portico Dev Wallet" for Solana as a Wallet Standard wallet object, signing with a real
 * ed25519 key: `standard:connect` (with `silent`), `standard:disconnect`, `standard:events`,
 * `solana:signMessage`, `solana:signTransaction` and `solana:signAndSendTransaction` (sent to
 * `rpcUrl(chain)` with `sendTransaction`). Register it with `registerWalletStandardWallet`.
 *
 * @param parameters - key, chains, RPC URL, storage
 * @returns the wallet and its controls
 * @example
 * const { wallet, control } = createSolanaDevWallet({ secretKey: devSolanaSecretKey(), rpcUrl: () => rpc.rpcUrl })
 */
export function createSolanaDevWallet(parameters: CreateSolanaDevWalletParameters): CreateSolanaDevWalletReturnType {
  const { storage, storageKey = 'porticoSolanaDevWallet' } = parameters
  const given = parameters.secretKey
  if (typeof given === 'function' && !(parameters.publicKey instanceof Uint8Array && parameters.publicKey.length === 32)) {
    throw new SolanaDevWalletError(-32602, 'A secret key given as a function needs its 32-byte public key')
  }
  const publicKey = typeof given === 'function' ? parameters.publicKey!.slice() : checkedSecretKey(given).slice(32, 64)
  const secretKey =
    typeof given === 'function'
      ? once(() => {
          const bytes = checkedSecretKey(given())
          if (!bytes.subarray(32).every((b, i) => b === publicKey[i])) throw new SolanaDevWalletError(-32602, 'The secret key does not match its public key')
          return bytes
        })
      : () => given
  const chains = Object.freeze([...(parameters.chains ?? ['solana:localnet'])]) as readonly `solana:${string}`[]
  const address = base58.encode(publicKey)
  const fetchFn = parameters.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const account: WalletAccount = Object.freeze({
    address,
    publicKey,
    chains,
    features: Object.freeze(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const),
    label: 'Dev account',
  })

  const requireChain = (input: unknown): string => {
    const chain = isRecord(input) ? input.chain : undefined
    if (typeof chain !== 'string' || !chains.includes(chain as `solana:${string}`)) {
      throw new SolanaDevWalletError(-32602, `Unsupported chain ${JSON.stringify(chain)?.slice(0, 40)}; this wallet knows ${chains.join(', ')}`)
    }
    return chain
  }
  const transactionOf = (input: unknown): Uint8Array => {
    const transaction = isRecord(input) ? input.transaction : undefined
    if (!(transaction instanceof Uint8Array)) throw new SolanaDevWalletError(-32602, 'The transaction must be bytes')
    return transaction
  }

  async function sendToChain(chain: string, signed: Uint8Array, options: unknown): Promise<void> {
    const url = parameters.rpcUrl(chain)
    if (!url) throw new SolanaDevWalletError(-32603, `No RPC URL for ${chain}`)
    await sendSignedTransaction({ url, signed, options, fetch: fetchFn })
  }

  return createStandardDevWallet({
    account,
    name: parameters.name ?? 'Portico Dev Wallet',
    icon: solanaDevWalletIcon,
    chains,
    storage,
    storageKey,
    error: (code, message) => new SolanaDevWalletError(code, message),
    features: ({ approved, requireAccount }) => ({
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: unknown[]) {
          return approved('solana:signMessage', () =>
            inputs.map((input) => {
              requireAccount(input)
              const message = isRecord(input) ? input.message : undefined
              if (!(message instanceof Uint8Array) || message.length > 64 * 1024) throw new SolanaDevWalletError(-32602, 'The message must be at most 64 KiB of bytes')
              return { signedMessage: message, signature: ed25519.sign(message, secretKey().subarray(0, 32)), signatureType: 'ed25519' as const }
            }),
          )
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: unknown[]) {
          return approved('solana:signTransaction', () =>
            inputs.map((input) => {
              requireAccount(input)
              if (isRecord(input) && input.chain !== undefined) requireChain(input)
              return { signedTransaction: signTransactionBytes(transactionOf(input), secretKey()).signed }
            }),
          )
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: unknown[]) {
          return approved('solana:signAndSendTransaction', async () => {
            const outputs: { signature: Uint8Array }[] = []
            for (const input of inputs) {
              requireAccount(input)
              const chain = requireChain(input)
              const { signed } = signTransactionBytes(transactionOf(input), secretKey())
              await sendToChain(chain, signed, isRecord(input) ? input.options : undefined)
              outputs.push({ signature: signed.slice(1, 65) })
            }
            return outputs
          })
        },
      },
    }),
  })
}
