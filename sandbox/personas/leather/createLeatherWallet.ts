// Leather as a sandbox persona: one `window.LeatherProvider` whose `request(method, params)` serves
// Bitcoin and Stacks, written from Leather's own code and docs (docs/wallets/leather.md cites them):
// `@leather.io/rpc` (leather-io/mono, packages/rpc) for every request and answer shape,
// `@leather.io/provider` for the injection (`LeatherProvider`, `btc_providers`, `isLeather`, the
// promise that rejects with the error envelope), and the extension's request handlers
// (leather-io/extension, src/background/messaging/rpc-methods) for defaults and validation.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { base64 } from '@scure/base'
import { regtestNetwork } from '../../bitcoin/bitcoinSandboxChain.js'
import { devStacksPublicKeyHex, stacksTestnetAddressOf } from '../../stacks/devStacks.js'
import { answerStacksRequest } from '../../walletPage/answerStacksRequest.js'
import { bitcoinKeyring, type BitcoinKeyring, type Esplora, invalidParams, isRecord, PersonaRequestError } from '../shared/bitcoinKeyring.js'
import { createPersonaWallet, type PersonaMethod, type PersonaWallet } from '../shared/createPersonaWallet.js'
import { Address } from '@scure/btc-signer'

/** Leather's `WalletDefaultNetworkConfigurationIds` and the Bitcoin mode of each (the extension's `defaultNetworkIdToBitcoinNetworkMode`). */
const bitcoinModeOf: Record<string, 'mainnet' | 'testnet' | 'signet' | 'regtest'> = {
  mainnet: 'mainnet',
  testnet: 'testnet',
  testnet4: 'testnet',
  signet: 'signet',
  sbtcTestnet: 'regtest',
  sbtcDevenv: 'regtest',
  devnet: 'regtest',
}

/** Leather's provider object as the page sees it (`@leather.io/provider`'s `initInpageProvider`). */
export type LeatherProviderObject = {
  isLeather: true
  request(method: string, params?: unknown): Promise<unknown>
  getProductInfo(): { version: string; name: 'Leather' }
}

/** What Leather pushes to `window.btc_providers` (WBIP004), its icon typed `data:image/svg` as Leather's own is. */
export const leatherListing = {
  id: 'LeatherProvider',
  name: 'Leather',
  icon: `data:image/svg;base64,${base64.encode(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#12100f"/><path d="M10 23c3-1 5-4 6-9 1-4 4-6 6-5-1 4-5 6-8 7" fill="none" stroke="#f7f5f3" stroke-width="2.4" stroke-linecap="round"/></svg>'))}`,
  webUrl: 'https://leather.io',
  methods: ['open', 'getInfo', 'supportedMethods', 'openSwap', 'getAddresses', 'stx_updateProfile', 'stx_signMessage', 'stx_transferStx', 'stx_transferSip10Ft', 'stx_transferSip9Nft', 'stx_signTransaction', 'stx_signStructuredMessage', 'stx_getAddresses', 'stx_deployContract', 'stx_callContract', 'signPsbt', 'signMessage', 'sendTransfer'],
}

export type LeatherWallet = {
  provider: LeatherProviderObject
  wallet: PersonaWallet
  /** Whether the visitor approved `getAddresses` for this site (kept across reloads, as the extension keeps it). */
  connection: { connected(): boolean; disconnect(): void }
  /** The addresses `getAddresses` answers: native SegWit, Taproot, Stacks. */
  addresses(): LeatherAddress[]
}

type LeatherAddress =
  | { symbol: 'BTC'; type: 'p2wpkh' | 'p2tr'; address: string; publicKey: string; derivationPath: string; tweakedPublicKey?: string }
  | { symbol: 'STX'; address: string; publicKey: string }

const connectedKey = 'portico-persona:leather:connected'

/**
 * Creates Leather's provider around the shared request loop: `getInfo`, `supportedMethods`,
 * `getAddresses` and `stx_getAddresses` (one flow in Leather: both answer the native SegWit, Taproot
 * and Stacks addresses of the active account, and both open its prompt every time). The Bitcoin and
 * Stacks methods come from {@link leatherBitcoinMethods} and {@link leatherStacksMethods}.
 *
 * @param storage where the site's approval survives a reload (the page's localStorage)
 * @example
 * const leather = createLeatherWallet()
 * leather.wallet.define('bip122', leatherBitcoinMethods({ keyring: bitcoinKeyring(0), esplora }))
 */
export function createLeatherWallet({ storage }: { storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> } = {}): LeatherWallet {
  const keyring = bitcoinKeyring(0)
  let connected = storage?.getItem(connectedKey) === 'yes'
  let counter = 0
  const wallet = createPersonaWallet({
    errorsResolve: false,
    rejection: { code: 4001, message: 'User rejected request' },
    nextId: () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `leather-${++counter}`),
  })
  const addresses = (): LeatherAddress[] => {
    const taproot = keyring.taproot()
    return [
      { symbol: 'BTC', type: 'p2wpkh', address: keyring.payment.address, publicKey: bytesToHex(keyring.payment.publicKey), derivationPath: keyring.payment.derivationPath },
      { symbol: 'BTC', type: 'p2tr', address: taproot.address, publicKey: bytesToHex(taproot.publicKey), tweakedPublicKey: bytesToHex(taproot.internalKey), derivationPath: taproot.derivationPath },
      { symbol: 'STX', address: stacksTestnetAddressOf(hexToBytes(devStacksPublicKeyHex)), publicKey: devStacksPublicKeyHex },
    ]
  }
  const getAddresses: PersonaMethod = {
    asks: true,
    async run() {
      connected = true
      storage?.setItem(connectedKey, 'yes')
      return { addresses: addresses() }
    },
  }
  wallet.define('shared', {
    getInfo: { asks: false, run: async () => ({ version: '6.70.0', supportedMethods: leatherListing.methods, platform: 'extension' }) },
    supportedMethods: { asks: false, run: async () => ({ documentation: 'https://leather.gitbook.io/developers', methods: leatherListing.methods.map((name) => ({ name, docsUrl: 'https://leather.gitbook.io/developers' })) }) },
    getAddresses,
    stx_getAddresses: getAddresses,
  })
  const provider: LeatherProviderObject = Object.freeze({
    isLeather: true as const,
    request: (method: string, params?: unknown) => wallet.request(method, params) as Promise<unknown>,
    getProductInfo: () => ({ version: '6.70.0', name: 'Leather' as const }),
  })
  return {
    provider,
    wallet,
    addresses,
    connection: {
      connected: () => connected,
      disconnect() {
        // Leather has no disconnect event: the site just loses its approval.
        connected = false
        storage?.removeItem(connectedKey)
        wallet.changed()
      },
    },
  }
}

/** A request's `network` as a Bitcoin mode; Leather's default when it is absent is mainnet (its docs and handlers say so). */
function bitcoinNetworkOf(params: Record<string, unknown>, fallback: string | undefined): 'mainnet' | 'testnet' | 'signet' | 'regtest' | undefined {
  const name = params.network ?? fallback
  if (name === undefined) return undefined
  if (typeof name !== 'string' || !Object.hasOwn(bitcoinModeOf, name)) throw invalidParams(`network: Invalid enum value. Expected ${Object.keys(bitcoinModeOf).join(' | ')}`)
  return bitcoinModeOf[name]
}

/** This persona holds the sandbox's regtest keys: a request for another network is refused, where Leather would sign with that network's keys. */
function requireRegtest(mode: string | undefined, method: string) {
  if (mode !== undefined && mode !== 'regtest') throw invalidParams(`${method}: this Leather persona holds regtest keys only (network devnet); the request is for ${mode}`)
}

/**
 * Leather's Bitcoin methods over the dev keys (`@leather.io/rpc`'s schemas, the extension's handlers):
 * `signPsbt { hex, signAtIndex?, allowedSighash?, broadcast?, network? }` → `{ hex, txid? }` (the signed PSBT, not
 * finalized unless broadcast; each input signed with the sighash type its PSBT input names, one of `allowedSighash`); `signMessage { message, paymentType?: 'p2wpkh' | 'p2tr', network?, type?: 'bip322' }`
 * → `{ signature, address, message }` (BIP-322 simple; `network` defaults to mainnet);
 * `sendTransfer { recipients: [{ address, amount: digits }], network? }` (or the legacy
 * `{ address, amount }`) → `{ txid }`, recipients checked against the network (mainnet when absent).
 *
 * @example
 * wallet.define('bip122', leatherBitcoinMethods({ keyring: bitcoinKeyring(0), esplora: { url } }))
 */
export function leatherBitcoinMethods({ keyring, esplora }: { keyring: BitcoinKeyring; esplora: Esplora }): Record<string, PersonaMethod> {
  const params = (value: unknown, method: string) => {
    if (!isRecord(value)) throw new PersonaRequestError(-32600, 'Parameters undefined')
    if (value.account !== undefined && value.account !== 0) throw invalidParams(`${method}: this persona has account 0 only`)
    return value
  }
  return {
    signPsbt: {
      asks: true,
      async run(value) {
        const input = params(value, 'signPsbt')
        if (typeof input.hex !== 'string') throw invalidParams('hex: Required')
        if (!/^([0-9a-fA-F]{2})+$/.test(input.hex)) throw invalidParams('Invalid PSBT hex')
        requireRegtest(bitcoinNetworkOf(input, undefined), 'signPsbt')
        const at = input.signAtIndex
        if (at !== undefined && !(Number.isInteger(at) || (Array.isArray(at) && at.every((i) => Number.isInteger(i))))) throw invalidParams('signAtIndex: Expected number or number[]')
        const allowed = input.allowedSighash
        if (allowed !== undefined && !(Array.isArray(allowed) && allowed.every((t) => Number.isInteger(t)))) throw invalidParams('allowedSighash: Expected array of numbers')
        const tx = keyring.signPsbt(hexToBytes(input.hex), at === undefined ? undefined : Array.isArray(at) ? (at as number[]) : [at as number], allowed as number[] | undefined)
        const hex = bytesToHex(tx.toPSBT())
        if (input.broadcast === true) {
          tx.finalize()
          return { hex, txid: await keyring.broadcast(tx.hex, esplora) }
        }
        return { hex }
      },
    },
    signMessage: {
      asks: true,
      async run(value) {
        const input = params(value, 'signMessage')
        if (typeof input.message !== 'string') throw invalidParams('message: Required')
        if (input.type !== undefined && input.type !== 'bip322') throw invalidParams("type: Invalid enum value. Expected 'bip322'")
        const paymentType = input.paymentType ?? 'p2wpkh'
        if (paymentType !== 'p2wpkh' && paymentType !== 'p2tr') throw invalidParams('Unsupported payment type. Leather only supports signing messages for Native Segwit (p2wpkh) and Taproot (p2tr) addresses.')
        requireRegtest(bitcoinNetworkOf(input, 'mainnet'), 'signMessage')
        const address = paymentType === 'p2tr' ? keyring.taproot().address : keyring.payment.address
        return { signature: keyring.signBip322(address, input.message), address, message: input.message }
      },
    },
    sendTransfer: {
      asks: true,
      async run(value) {
        const input = params(value, 'sendTransfer')
        const recipients = Array.isArray(input.recipients) ? input.recipients : typeof input.address === 'string' ? [{ address: input.address, amount: input.amount }] : undefined
        if (!recipients || recipients.length === 0) throw invalidParams('recipients: Required')
        const mode = bitcoinNetworkOf(input, 'mainnet')
        const checked = recipients.map((r: unknown) => {
          if (!isRecord(r) || typeof r.address !== 'string') throw invalidParams('recipients: each needs an address')
          if (typeof r.amount !== 'string' || !/^\d{1,16}$/.test(r.amount)) throw invalidParams('Sat denominated amounts only')
          try {
            Address(mode === 'regtest' ? regtestNetwork : mode === 'mainnet' ? { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 } : { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }).decode(r.address)
          } catch {
            throw invalidParams('Address is for incorrect network')
          }
          return { address: r.address, amount: BigInt(r.amount) }
        })
        requireRegtest(mode, 'sendTransfer')
        return { txid: await keyring.sendTransfer(checked, esplora) }
      },
    },
  }
}

/** The Stacks networks this persona signs for: the sandbox chain, which Leather would know as a `devnet` network. */
function requireSandboxStacks(network: unknown, method: string) {
  if (network !== undefined && network !== 'devnet' && network !== 'mocknet') throw invalidParams(`${method}: this Leather persona signs for the Portico sandbox chain (network devnet), not ${String(network).slice(0, 30)}`)
}

/**
 * Leather's Stacks methods (SIP-030 as `@leather.io/rpc` types them), signed with the dev Stacks key
 * for the sandbox chain: `stx_transferStx { recipient, amount (µSTX, number or string), memo?, fee?, network? }`,
 * `stx_callContract { contract, functionName, functionArgs?: hex[], postConditions?: hex[], postConditionMode?, fee? }`
 * → `{ txid, transaction }`; `stx_signMessage { message, messageType?: 'utf8', network? }` →
 * `{ signature, publicKey }`; `stx_signTransaction { transaction }` (or `{ txHex }`) → `{ transaction, txHex }`.
 * Post conditions are hex strings (Leather's schema); objects are refused.
 *
 * @example
 * wallet.define('stacks', leatherStacksMethods({ privateKey, chain }))
 */
export function leatherStacksMethods({ privateKey, chain, fetch: fetchFn }: { privateKey: () => Uint8Array; chain: { chainId: number; apiUrl: string }; fetch?: typeof fetch }): Record<string, PersonaMethod> {
  const answer = async (method: string, value: unknown, adapt: (input: Record<string, unknown>) => Record<string, unknown> = (input) => input) => {
    if (!isRecord(value)) throw new PersonaRequestError(-32600, 'Parameters undefined')
    requireSandboxStacks(value.network, method)
    const { network: _network, ...rest } = adapt(value)
    try {
      return await answerStacksRequest({ method, params: rest, privateKey: privateKey(), chain, ...(fetchFn ? { fetch: fetchFn } : {}) })
    } catch (error) {
      throw new PersonaRequestError(typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603, (error as Error).message ?? 'failed')
    }
  }
  const integer = (value: unknown, name: string) => {
    if (value === undefined) return undefined
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN
    if (!Number.isSafeInteger(n) || n < 0) throw invalidParams(`${name}: Amount must be an integer describing µSTX`)
    return String(n)
  }
  return {
    stx_transferStx: {
      asks: true,
      run: (value) => answer('stx_transferStx', value, (input) => ({ ...input, amount: integer(input.amount, 'amount'), ...(input.fee !== undefined ? { fee: integer(input.fee, 'fee') } : {}) })),
    },
    stx_callContract: {
      asks: true,
      run: (value) =>
        answer('stx_callContract', value, (input) => {
          if (input.postConditions !== undefined && !(Array.isArray(input.postConditions) && input.postConditions.every((pc) => typeof pc === 'string'))) throw invalidParams('postConditions: Expected string, received object')
          return { ...input, ...(input.fee !== undefined ? { fee: integer(input.fee, 'fee') } : {}) }
        }),
    },
    stx_signMessage: {
      asks: true,
      run: (value) =>
        answer('stx_signMessage', value, (input) => {
          if ((input.messageType ?? 'utf8') !== 'utf8') throw invalidParams('This persona signs utf8 messages only')
          const { messageType: _type, ...rest } = input
          return rest
        }),
    },
    stx_signTransaction: {
      asks: true,
      async run(value) {
        const result = (await answer('stx_signTransaction', value)) as { transaction: string }
        return { transaction: result.transaction, txHex: result.transaction }
      },
    },
  }
}
