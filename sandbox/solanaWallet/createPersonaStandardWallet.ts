import { base58 } from '@scure/base'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { isRecord } from '../walletStandard/createStandardDevWallet.js'
import type { SolanaPersona, SolanaPersonaAccount } from './createSolanaPersona.js'

/** The Solana clusters of `@solana/wallet-standard-chains`, which the three wallets' wrappers list. */
export const solanaStandardChains = Object.freeze(['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const)

type SignInInput = Record<string, unknown>

export type CreatePersonaStandardWalletParameters = {
  persona: SolanaPersona
  icon: WalletIcon
  /** The account the wallet's injected provider has connected (its `publicKey`), if any. */
  current(): SolanaPersonaAccount | undefined
  /** Subscribes `refresh` to the provider events after which the wrapper reads `current()` again. */
  watch(refresh: () => void): void
  /** `standard:connect`: what the wrapper asks of its provider, `silent` as the site gave it. */
  connect(silent: boolean): Promise<void>
  disconnect(): Promise<void>
  /**
   * How the wrapper finds the signing account in an input: `identity` (it must be the very
   * `WalletAccount` object the wallet handed out, else `Error('invalid account')`), or `publicKey`
   * (the wallet signs with the key in `input.account.publicKey`).
   */
  accountRule: 'identity' | 'publicKey'
  /** The version of `solana:signMessage` (1.1.0 adds `signatureType` to the output). */
  signMessageVersion: '1.0.0' | '1.1.0'
  supportedTransactionVersions: readonly ('legacy' | 0)[]
  /** The provider's calls behind the signing features (each asks the visitor). */
  signMessage(account: SolanaPersonaAccount, message: Uint8Array): Promise<Uint8Array>
  signTransaction(account: SolanaPersonaAccount, transaction: Uint8Array): Promise<Uint8Array>
  signAndSendTransaction(account: SolanaPersonaAccount, chain: string, transaction: Uint8Array, options: unknown): Promise<string>
  /** `solana:signIn` when the wallet offers it: resolves with the account that signed in, the message and its signature. */
  signIn?(input: SignInInput): Promise<{ account: SolanaPersonaAccount; signedMessage: Uint8Array; signature: Uint8Array }>
  /** The wallet's own feature (`phantom:`, `solflare:`, `backpack:`), giving its injected provider. */
  ownFeature: Record<`${string}:`, unknown>
}

/**
 * A persona's Wallet Standard wallet, built as Phantom's, Solflare's and Backpack's own wrappers
 * are: a thin layer over the wallet's injected provider that keeps one `WalletAccount` for the
 * provider's `publicKey`, emits `change` when it changes (on the provider events the wallet
 * listens to), and calls the provider for each feature. The differences between the wallets
 * (silent connect, the account rule, feature versions, `solana:signIn`) are parameters.
 *
 * @returns the wallet, ready for `registerWalletStandardWallet`
 * @example
 * const wallet = createPersonaStandardWallet({ persona, icon, current, watch, connect, … })
 */
export function createPersonaStandardWallet(parameters: CreatePersonaStandardWalletParameters): Wallet {
  const { persona } = parameters
  let account: WalletAccount | null = null
  let accountOf: SolanaPersonaAccount | undefined
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const accounts = () => (account ? [account] : [])
  const emit = () => {
    for (const listener of [...listeners]) {
      try {
        listener({ accounts: accounts() })
      } catch {
        // a site's listener must not break the wallet
      }
    }
  }
  const refresh = () => {
    const now = parameters.current()
    if (now) {
      if (accountOf?.address === now.address) return
      accountOf = now
      account = Object.freeze({
        address: now.address,
        publicKey: now.publicKey.slice(),
        chains: solanaStandardChains,
        features: Object.freeze(['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', ...(parameters.signIn ? ['solana:signIn' as const] : [])]),
      }) as WalletAccount
      emit()
    } else if (account) {
      account = null
      accountOf = undefined
      emit()
    }
  }
  parameters.watch(refresh)
  refresh()

  /** The persona account an input signs with, by the wallet's rule. */
  const signer = (input: unknown): SolanaPersonaAccount => {
    const given = isRecord(input) ? input.account : undefined
    if (parameters.accountRule === 'identity') {
      if (!account || !accountOf) throw new Error('not connected')
      if (given !== account) throw new Error('invalid account')
      return accountOf
    }
    const key = isRecord(given) ? given.publicKey : undefined
    const found = persona.accountOf(key)
    if (!found) throw new Error('invalid account')
    return found
  }
  const bytesOf = (input: unknown, field: 'transaction' | 'message'): Uint8Array => {
    const value = isRecord(input) ? input[field] : undefined
    if (!(value instanceof Uint8Array)) throw new Error(`invalid ${field}`)
    return value
  }
  const chainOf = (input: unknown, required: boolean): string | undefined => {
    const chain = isRecord(input) ? input.chain : undefined
    if (chain === undefined && !required) return undefined
    if (typeof chain !== 'string' || !solanaStandardChains.includes(chain as never)) throw new Error('invalid chain')
    return chain
  }
  // One input at a time, in order, as the wallets' wrappers do for several inputs.
  const each = async <T>(inputs: unknown[], run: (input: unknown) => Promise<T>) => {
    const outputs: T[] = []
    for (const input of inputs) outputs.push(await run(input))
    return outputs
  }

  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        await parameters.connect(input?.silent === true)
        refresh()
        return { accounts: accounts() }
      },
    },
    'standard:disconnect': { version: '1.0.0', disconnect: () => parameters.disconnect() },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) {
        if (event !== 'change' || typeof listener !== 'function') return () => {}
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: parameters.supportedTransactionVersions,
      signAndSendTransaction: (...inputs: unknown[]) =>
        each(inputs, async (input) => {
          const from = signer(input)
          const chain = chainOf(input, true) as string
          const signature = await parameters.signAndSendTransaction(from, chain, bytesOf(input, 'transaction'), isRecord(input) ? input.options : undefined)
          return { signature: base58.decode(signature) }
        }),
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: parameters.supportedTransactionVersions,
      signTransaction: (...inputs: unknown[]) =>
        each(inputs, async (input) => {
          const from = signer(input)
          chainOf(input, false)
          return { signedTransaction: await parameters.signTransaction(from, bytesOf(input, 'transaction')) }
        }),
    },
    'solana:signMessage': {
      version: parameters.signMessageVersion,
      signMessage: (...inputs: unknown[]) =>
        each(inputs, async (input) => {
          const from = signer(input)
          const message = bytesOf(input, 'message')
          const signature = await parameters.signMessage(from, message)
          return parameters.signMessageVersion === '1.1.0' ? { signedMessage: message, signature, signatureType: 'ed25519' as const } : { signedMessage: message, signature }
        }),
    },
    ...(parameters.signIn
      ? {
          'solana:signIn': {
            version: '1.0.0',
            signIn: (...inputs: unknown[]) =>
              each(inputs, async (input) => {
                const signedIn = await parameters.signIn!(isRecord(input) ? input : {})
                refresh()
                if (!account || accountOf?.address !== signedIn.account.address) throw new Error('not connected')
                return { account, signedMessage: signedIn.signedMessage, signature: signedIn.signature, signatureType: 'ed25519' as const }
              }),
          },
        }
      : {}),
    ...parameters.ownFeature,
  }

  const wallet: Wallet = Object.freeze({
    version: '1.0.0' as const,
    name: persona.name,
    icon: parameters.icon,
    chains: solanaStandardChains as unknown as IdentifierString[],
    get accounts() {
      return accounts()
    },
    features: Object.freeze(features) as Wallet['features'],
  })
  return wallet
}
