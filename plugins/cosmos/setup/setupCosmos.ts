import type { Keplr } from '@keplr-wallet/types'
import { base64 } from '@scure/base'
import { ChainNotSupportedError, ProviderRpcError, type CaipNetworkId, type ConnectResult, type Network, type Disposer, type PluginContext, type SendRequest, registerChainAdapter, type ChainAdapter } from '../../../kernel/kernel.js'
import { lazySignInVerifier } from '../../../chain-kit/index.js'
import type { CosmosAminoSignDoc, CosmosStdSignature, CosmosTransferSigner } from '../actions/CosmosTransferSigner.js'
import { cosmosKeystoreEvents, createCosmosWalletDiscovery, defaultCosmosWallets, type DiscoveredCosmosWallet } from '../discovery/createCosmosWalletDiscovery.js'
import { adr36SignDoc } from '../utils/adr36SignDoc.js'
import { cosmosDataOf } from '../utils/cosmosDataOf.js'
import { isCosmosAddress } from '../utils/isCosmosAddress.js'
import { toKeplrChainInfo } from '../utils/toKeplrChainInfo.js'
import type { CosmosEnvironment, CosmosOptions } from '../cosmos.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

const namespace = 'cosmos'
type Active = { wallet: DiscoveredCosmosWallet; network: Network; address: string }

const rejection = /reject|denied|declined|cancel/i
/** What a wallet threw, read without trusting its shape: its numeric `code` and its message. */
function readWalletError(error: unknown): { code?: number; message?: string } {
  let code: unknown
  let message: unknown
  try {
    if (typeof error === 'string') message = error
    else if (typeof error === 'object' && error !== null) ({ code, message } = error as { code?: unknown; message?: unknown })
  } catch {
    // a hostile getter: nothing to read
  }
  return { ...(typeof code === 'number' && Number.isInteger(code) ? { code } : {}), ...(typeof message === 'string' && message.length > 0 ? { message: message.slice(0, 300) } : {}) }
}
/**
 * Whether the visitor said no: Keplr's `Error('Request rejected')`, Leap's "Chain approval rejected",
 * "Transaction declined" and "Rejected by the user.", Cosmostation's plain `{ code: 4001, message }`.
 */
function isRejection(error: unknown): boolean {
  const { code, message } = readWalletError(error)
  return code === 4001 || (message !== undefined && rejection.test(message))
}
/**
 * A wallet's failure as a typed error: a refusal is `ProviderRpcError` 4001 (Keplr and Leap throw a
 * bare `Error`, Cosmostation a plain `{ code, message }` object); any other thrown `Error` stays as
 * it is, and anything else (a plain object, a string) becomes a `ProviderRpcError` with what it said.
 */
function walletError(error: unknown): unknown {
  if (error instanceof ProviderRpcError) return error
  const { code, message } = readWalletError(error)
  if (isRejection(error)) return new ProviderRpcError({ code: 4001, message: message ?? 'Request rejected', cause: error })
  if (error instanceof Error) return error
  return new ProviderRpcError({ code: code ?? -32603, message: message ? `The wallet failed: ${message}` : 'The wallet failed without saying why', cause: error })
}
const sigBytes = (value: unknown): Uint8Array => {
  const bytes = typeof value === 'string' && value.length <= 200 ? base64.decode(value) : undefined
  if (!bytes || bytes.length !== 64) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
  return bytes
}
const stdSignature = (value: unknown): CosmosStdSignature => {
  const sig = value as CosmosStdSignature | undefined
  if (sig?.pub_key?.type !== 'tendermint/PubKeySecp256k1' || typeof sig.pub_key.value !== 'string' || sig.pub_key.value.length > 100) {
    throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
  }
  sigBytes(sig.signature)
  return { pub_key: { type: sig.pub_key.type, value: sig.pub_key.value }, signature: sig.signature }
}
/** Keplr's `Long`-typed account number, without the `long` package. */
const longOf = (value: bigint) => ({ low: Number(value & 0xffffffffn) | 0, high: Number(value >> 32n) | 0, unsigned: true, toString: () => value.toString() })

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const invalidParams = (message: string) => new ProviderRpcError({ code: -32602, message })
const base64Field = (value: unknown, name: string): Uint8Array => {
  if (typeof value !== 'string' || value.length > 2_000_000) throw invalidParams(`${name} must be base64`)
  try {
    return base64.decode(value)
  } catch {
    throw invalidParams(`${name} must be base64`)
  }
}
const runWallet = async <T,>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    throw walletError(error)
  }
}

/**
 * Answers one WalletConnect cosmos request with a Keplr-compatible wallet's own API (Keplr's, Leap's,
 * Cosmostation's Keplr mode): `cosmos_getAccounts` → `getKey`, `cosmos_signDirect` → `signDirect`
 * (base64 fields and a string account number in, the wallet's bytes and `Long` or string out),
 * `cosmos_signAmino` → `signAmino`. Answers in the WalletConnect shapes; a refusal is a
 * `ProviderRpcError` 4001 whatever the wallet's words, malformed params are -32602 and reach no wallet.
 */
async function answerKeplrRequest(wallet: DiscoveredCosmosWallet, chainId: string, method: string, params: unknown): Promise<unknown> {
  const provider = wallet.provider
  if (method === 'cosmos_getAccounts') {
    const key = await runWallet(() => provider.getKey(chainId))
    if (!isCosmosAddress(key?.bech32Address) || !(key.pubKey instanceof Uint8Array) || key.pubKey.length !== 33) throw new ProviderRpcError({ code: -32603, message: `${wallet.name} returned no valid account` })
    return [{ algo: typeof key.algo === 'string' ? key.algo : 'secp256k1', address: key.bech32Address, pubkey: base64.encode(key.pubKey) }]
  }
  if (method !== 'cosmos_signDirect' && method !== 'cosmos_signAmino') throw new ProviderRpcError({ code: 4200, message: `${wallet.name} does not support ${method.slice(0, 60)}` })
  if (!isRecord(params) || typeof params.signerAddress !== 'string' || !isRecord(params.signDoc)) throw invalidParams(`${method} needs { signerAddress, signDoc }`)
  const { signerAddress, signDoc } = params as { signerAddress: string; signDoc: Record<string, unknown> }
  if (method === 'cosmos_signAmino') {
    if (signDoc.chain_id !== chainId) throw invalidParams(`signDoc.chain_id must be ${chainId}`)
    const answer = await runWallet(() => provider.signAmino(chainId, signerAddress, signDoc as unknown as Parameters<Keplr['signAmino']>[2]))
    return { signed: answer?.signed, signature: stdSignature(answer?.signature) }
  }
  if (signDoc.chainId !== chainId) throw invalidParams(`signDoc.chainId must be ${chainId}`)
  if (typeof signDoc.accountNumber !== 'string' || !/^\d{1,20}$/.test(signDoc.accountNumber)) throw invalidParams('signDoc.accountNumber must be a decimal string')
  const doc = { chainId, accountNumber: longOf(BigInt(signDoc.accountNumber)), bodyBytes: base64Field(signDoc.bodyBytes, 'signDoc.bodyBytes'), authInfoBytes: base64Field(signDoc.authInfoBytes, 'signDoc.authInfoBytes') }
  const answer = await runWallet(() => provider.signDirect(chainId, signerAddress, doc as unknown as Parameters<Keplr['signDirect']>[2]))
  const signed = answer?.signed as { bodyBytes?: unknown; authInfoBytes?: unknown; accountNumber?: unknown } | undefined
  if (!(signed?.bodyBytes instanceof Uint8Array) || !(signed.authInfoBytes instanceof Uint8Array)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signed transaction' })
  // Keplr answers a `Long`, Leap a Long-like value, Cosmostation the string it was sent: each reads back as its decimal string.
  const accountNumber = String(signed.accountNumber ?? signDoc.accountNumber)
  return {
    signed: { chainId, accountNumber, authInfoBytes: base64.encode(signed.authInfoBytes), bodyBytes: base64.encode(signed.bodyBytes) },
    signature: stdSignature(answer.signature),
  }
}

/**
 * The cosmos plugin's `setup`, loaded with the kernel (`cosmos().load()`): Keplr-compatible discovery, the
 * connection hooks, the signers (injected or channel), the taps of every hook it answers, address
 * validation, explorer links and the sign-in verifier.
 *
 * @example
 * const dispose = setupCosmos(context, {}, {})
 */
export function setupCosmos(portico: PluginContext, options: CosmosOptions, environment: CosmosEnvironment): Disposer {
  const target = environment.window ?? (typeof window === 'undefined' ? undefined : (window as unknown as EventTarget & Record<string, unknown>))
  const discovery = createCosmosWalletDiscovery(target, [...(options.wallets ?? []), ...defaultCosmosWallets])
  const fetchFn = environment.fetch
  let active: Active | undefined

  const networkOf = (caipNetworkId: string) => portico.stores.networks.networksOf(namespace).find((n) => n.caipNetworkId === caipNetworkId)

  /** Enables `network` in the wallet (suggesting the chain first when the wallet does not know it) and reads the key. */
  async function enableOn(wallet: DiscoveredCosmosWallet, network: Network): Promise<{ address: string; isNanoLedger: boolean; publicKey: Uint8Array }> {
    const chain = cosmosDataOf(network)
    const provider = wallet.provider
    try {
      await provider.enable(chain.chainId)
    } catch (error) {
      // A refusal is final (Cosmostation's comes as a plain { code: 4001 } object); any other failure
      // (Keplr's and Cosmostation's "There is no chain info for …", Leap's "Invalid chain id") means
      // the wallet does not know the chain: suggest it, then ask again.
      if (isRejection(error) || typeof provider.experimentalSuggestChain !== 'function') throw walletError(error)
      try {
        await provider.experimentalSuggestChain(toKeplrChainInfo(network) as Parameters<Keplr['experimentalSuggestChain']>[0])
        await provider.enable(chain.chainId)
      } catch (suggestError) {
        throw walletError(suggestError)
      }
    }
    let key: Awaited<ReturnType<Keplr['getKey']>>
    try {
      key = await provider.getKey(chain.chainId)
    } catch (error) {
      throw walletError(error)
    }
    if (!isCosmosAddress(key?.bech32Address, chain.bech32Prefix) || !(key.pubKey instanceof Uint8Array) || key.pubKey.length !== 33) {
      throw new ProviderRpcError({ code: 4100, message: `${wallet.name} returned no valid ${chain.bech32Prefix} account` })
    }
    return { address: key.bech32Address, isNanoLedger: key.isNanoLedger === true, publicKey: key.pubKey }
  }

  async function connectWallet(wallet: DiscoveredCosmosWallet, requested: Network | undefined, silent: boolean): Promise<ConnectResult | undefined> {
    const network = requested ?? portico.stores.networks.activeOf(namespace) ?? portico.stores.networks.networksOf(namespace)[0]
    if (!network) throw new ProviderRpcError({ code: 4901, message: 'No Cosmos network is configured' })
    let key: Awaited<ReturnType<typeof enableOn>>
    try {
      key = await enableOn(wallet, network)
    } catch (error) {
      if (silent) return undefined
      throw error
    }
    active = { wallet, network, address: key.address }
    return { connectorId: wallet.id, accounts: [{ address: key.address, type: 'eoa' as const }], caipNetworkId: network.caipNetworkId as CaipNetworkId }
  }

  function injectedSigner(wallet: DiscoveredCosmosWallet, network: Network, address: string): CosmosTransferSigner {
    const { chainId } = cosmosDataOf(network)
    const provider = wallet.provider
    let key: { isNanoLedger: boolean; publicKey: Uint8Array } | undefined
    const call = async <T,>(run: () => Promise<T>): Promise<T> => {
      try {
        return await run()
      } catch (error) {
        throw walletError(error)
      }
    }
    return {
      async account() {
        key ??= await enableOn(wallet, network)
        return { publicKey: key.publicKey, aminoOnly: key.isNanoLedger }
      },
      ...(typeof provider.signDirect === 'function'
        ? {
            async signDirect(doc: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }) {
              const answer = await call(() => provider.signDirect(chainId, address, { ...doc, accountNumber: longOf(doc.accountNumber) } as unknown as Parameters<Keplr['signDirect']>[2]))
              const signed = answer?.signed as { bodyBytes?: unknown; authInfoBytes?: unknown } | undefined
              if (!(signed?.bodyBytes instanceof Uint8Array) || !(signed.authInfoBytes instanceof Uint8Array)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signed transaction' })
              return { bodyBytes: signed.bodyBytes, authInfoBytes: signed.authInfoBytes, signature: sigBytes(answer.signature?.signature) }
            },
          }
        : {}),
      async signAmino(doc: CosmosAminoSignDoc) {
        const answer = await call(() => provider.signAmino(chainId, address, doc as unknown as Parameters<Keplr['signAmino']>[2]))
        return { signed: answer.signed as unknown as CosmosAminoSignDoc, signature: sigBytes(answer.signature?.signature) }
      },
    }
  }

  /** Public keys the channel's wallet shared, by chain and address (asked once per connection). */
  const channelKeys = new Map<string, Uint8Array>()

  /** A signer over another connector's channel (WalletConnect): `cosmos_getAccounts`, `cosmos_signDirect`, `cosmos_signAmino`. */
  function channelSigner(network: Network, address: string): CosmosTransferSigner {
    const chainId = network.caipNetworkId
    const request = (method: string, params: unknown) => portico.request({ namespace, chainId, method, params })
    // A channel without cosmos_signDirect (a Ledger: the Cosmos app signs amino JSON only) gets amino transfers.
    const aminoOnly = () => portico.channel(namespace)?.supports('cosmos_signDirect', chainId) === false
    return {
      async account() {
        const known = channelKeys.get(`${chainId}:${address}`)
        if (known) return { publicKey: known, aminoOnly: aminoOnly() }
        const accounts = (await request('cosmos_getAccounts', {})) as { address?: unknown; pubkey?: unknown; algo?: unknown }[] | null
        const found = Array.isArray(accounts) ? accounts.find((a) => a?.address === address) : undefined
        const publicKey = typeof found?.pubkey === 'string' && found.pubkey.length <= 100 ? base64.decode(found.pubkey) : undefined
        if (!publicKey || publicKey.length !== 33) throw new ProviderRpcError({ code: -32603, message: 'The wallet did not share the account public key' })
        channelKeys.set(`${chainId}:${address}`, publicKey)
        return { publicKey, aminoOnly: aminoOnly() }
      },
      async signDirect(doc) {
        const answer = (await request('cosmos_signDirect', {
          signerAddress: address,
          signDoc: { chainId: doc.chainId, accountNumber: doc.accountNumber.toString(), authInfoBytes: base64.encode(doc.authInfoBytes), bodyBytes: base64.encode(doc.bodyBytes) },
        })) as { signature?: { signature?: unknown }; signed?: { bodyBytes?: unknown; authInfoBytes?: unknown } } | null
        const body = typeof answer?.signed?.bodyBytes === 'string' ? base64.decode(answer.signed.bodyBytes) : doc.bodyBytes
        const authInfo = typeof answer?.signed?.authInfoBytes === 'string' ? base64.decode(answer.signed.authInfoBytes) : doc.authInfoBytes
        return { bodyBytes: body, authInfoBytes: authInfo, signature: sigBytes(answer?.signature?.signature) }
      },
      async signAmino(doc) {
        const answer = (await request('cosmos_signAmino', { signerAddress: address, signDoc: doc })) as { signature?: { signature?: unknown }; signed?: unknown } | null
        return { signed: (answer?.signed ?? doc) as CosmosAminoSignDoc, signature: sigBytes(answer?.signature?.signature) }
      },
    }
  }

  /** The signer for a request's connector and address, or undefined when this plugin has no part in it. */
  function signerFor(connectorId: string, address: string, network: Network): CosmosTransferSigner | undefined {
    if (active && active.wallet.id === connectorId && active.address === address) return injectedSigner(active.wallet, network, address)
    if (portico.channel(namespace)?.connectorId === connectorId) return channelSigner(network, address)
    return undefined
  }

  function runReport(report: () => void) {
    try {
      report()
    } catch (error) {
      portico.reportError(error, { namespace, action: 'walletEvent' })
    }
  }
  /** Keplr's key changed (another account, or the site disconnected in the wallet): read it again. */
  const onKeystoreChange = () => {
    const current = active
    if (!current) return
    // Only read the key: asking to enable again could prompt the visitor. No key: the site was disconnected.
    const { chainId, bech32Prefix } = cosmosDataOf(current.network)
    Promise.resolve()
      .then(() => current.wallet.provider.getKey(chainId))
      .then((key) => {
        if (!isCosmosAddress(key?.bech32Address, bech32Prefix)) throw new Error('no account')
        if (active !== current || key.bech32Address === current.address) return
        current.address = key.bech32Address
        runReport(() => portico.reportAccountsChanged(namespace, [key.bech32Address]))
      })
      .catch(() => {
        if (active !== current) return
        active = undefined
        runReport(() => portico.reportDisconnected(namespace))
      })
  }
  for (const event of cosmosKeystoreEvents) target?.addEventListener(event, onKeystoreChange)

  portico.hooks.networkChanged.tap(namespace, (event) => {
    if (event.namespace !== namespace || !active || active.network.caipNetworkId !== event.network.caipNetworkId) return
    const connection = portico.stores.connections.get(namespace)
    if (connection.status === 'connected' && connection.accounts[0]?.address !== active.address) {
      const address = active.address
      runReport(() => portico.reportAccountsChanged(namespace, [address]))
    }
  })
  /** The transfer's parameters as sendCosmosTransfer takes them, for a request whose wallet is here. */
  const transferOf = (request: SendRequest) => {
    const signer = signerFor(request.connectorId, request.from, request.network)
    if (!signer) return undefined
    const denom = request.token ? request.token.split(':').slice(2).join(':') : undefined
    return {
      network: request.network,
      from: request.from,
      to: request.to,
      amount: request.amount,
      signer,
      ...(denom ? { denom } : {}),
      ...(request.decimals !== undefined ? { decimals: request.decimals } : {}),
      ...(options.gasAdjustment ? { gasAdjustment: options.gasAdjustment } : {}),
      ...(fetchFn ? { fetch: fetchFn } : {}),
    }
  }

  // Wallets injected late still appear.
  const stopWatching = discovery.onChange(() => {
    void portico.discoverWallets(namespace)
  })

  const adapter: ChainAdapter = {
    namespace,
    slip44: 118, // SLIP-44's coin type for Cosmos Hub ATOM
    // The prefix of the chain in use: the wallet's chain (set before the kernel records a
    // connection), else the connected or active Cosmos network.
    isAddress: (address) => {
      const connection = portico.stores.connections.get(namespace)
      const network = active?.network ?? (connection.caipNetworkId ? networkOf(connection.caipNetworkId) : undefined) ?? portico.stores.networks.activeOf(namespace)
      const prefix = (network as { cosmos?: { bech32Prefix?: unknown } } | undefined)?.cosmos?.bech32Prefix
      return isCosmosAddress(address, typeof prefix === 'string' ? prefix : undefined)
    },
    explorers: {
      address: (network, address) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/address/${address}` : undefined),
      transaction: (network, hash) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/tx/${hash}` : undefined),
    },
    // Portico's built-in wallets of this namespace, loaded when a view first lists them.
    builtinWallets: async () => (await import('../../../wallets/byNamespace/cosmosWallets.js')).cosmosWallets(),
    signInVerifier: lazySignInVerifier('Cosmos', async () => (await import('../actions/verifyCosmosSignature.js')).verifyCosmosSignature),
    async discoverWallets(context) {
      for (const wallet of discovery.wallets()) context.add({ id: wallet.id, name: wallet.name, namespace, type: 'INJECTED', ...(wallet.icon ? { imageUrl: wallet.icon } : {}) })
    },
    async connect(request) {
      const wallet = discovery.get(request.connectorId)
      if (!wallet) return undefined
      return connectWallet(wallet, request.network, false)
    },
    async reconnect(request) {
      const wallet = await discovery.waitFor(request.connectorId, options.reconnectTimeoutMs ?? 1_500)
      if (!wallet) return undefined
      return connectWallet(wallet, request.network, true)
    },
    async disconnect(request) {
      const current = active?.wallet.id === request.connectorId ? active : undefined
      active = undefined
      channelKeys.clear()
      if (!current) return
      const chainId = cosmosDataOf(current.network).chainId
      // Keplr ends a site's access with `disable`; Leap has none and offers `disconnect(chainId)` instead.
      const provider = current.wallet.provider as Keplr & { disconnect?: (chainId: string) => Promise<unknown> }
      const end = typeof provider.disable === 'function' ? () => provider.disable(chainId) : typeof provider.disconnect === 'function' ? () => provider.disconnect!(chainId) : undefined
      await Promise.resolve()
        .then(end)
        .catch(() => undefined)
    },
    // A Cosmos wallet connects per chain id: moving to another chain enables it (suggesting it
    // if need be) and reads that chain's address, reported once the network has moved.
    async switchNetwork(request) {
      if (!active || active.wallet.id !== request.connectorId) return undefined
      const key = await enableOn(active.wallet, request.network)
      active = { wallet: active.wallet, network: request.network, address: key.address }
      return { caipNetworkId: request.network.caipNetworkId }
    },
    async signMessage(request) {
      const network = networkOf(request.caipNetworkId) ?? active?.network
      if (!network) return undefined
      if (active && active.wallet.id === request.connectorId && active.address === request.address) {
        const provider = active.wallet.provider
        try {
          const signature = stdSignature(await provider.signArbitrary(cosmosDataOf(network).chainId, request.address, request.message))
          return { signature: JSON.stringify(signature) }
        } catch (error) {
          throw walletError(error)
        }
      }
      // Over another connector's channel (WalletConnect): the ADR-36 doc signed with cosmos_signAmino.
      if (portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
      const answer = (await portico.request({
        namespace,
        chainId: request.caipNetworkId,
        method: 'cosmos_signAmino',
        params: { signerAddress: request.address, signDoc: adr36SignDoc(request.address, request.message) },
      })) as { signature?: unknown } | null
      return { signature: JSON.stringify(stdSignature(answer?.signature)) }
    },
    // The WalletConnect cosmos methods (the site's signer's vocabulary, `portico.request`) for the
    // injected wallet this plugin holds, in its Keplr API; another connector's connection is not ours.
    async request(request) {
      const current = active
      if (!current || current.wallet.id !== request.connectorId) return undefined
      // The connection is on one chain id: another one is refused before the wallet is asked.
      if (request.chainId !== current.network.caipNetworkId) throw new ChainNotSupportedError({ caipNetworkId: request.chainId, connected: current.network.caipNetworkId })
      return { result: await answerKeplrRequest(current.wallet, cosmosDataOf(current.network).chainId, request.method, request.params) }
    },
    // The site's own transactions (`portico.getSigner('cosmos')`): CosmJS's offline signer, loaded when first asked for.
    async createSigner(context) {
      const { createCosmosSigner } = await import('../lazy/createCosmosSigner.js')
      return createCosmosSigner(context)
    },
    async fetchBalance(request) {
      const { fetchCosmosBalance } = await import('../actions/fetchCosmosBalance.js')
      return fetchCosmosBalance({ network: request.network, address: request.address, ...(fetchFn ? { fetch: fetchFn } : {}) })
    },
    // Bank denoms from the chain's REST gateway, after the blockchain API (stage 10): for chains it does not serve.
    async fetchTokenBalances(request) {
      if (!request.network) return undefined
      const { fetchCosmosTokenBalances } = await import('../actions/fetchCosmosTokenBalances.js')
      return fetchCosmosTokenBalances({ network: request.network, address: request.address, ...(fetchFn ? { fetch: fetchFn } : {}) })
    },
    // The fee from simulation, shown in the send review before the wallet is asked.
    async estimateSendFee(request) {
      const transfer = transferOf(request)
      if (!transfer) return undefined
      const { estimateCosmosTransferFee } = await import('../actions/sendCosmosTransfer.js')
      const quote = await estimateCosmosTransferFee(transfer)
      return { fee: quote.feeDisplay.split(' ')[0] as string, symbol: request.network.nativeCurrency.symbol }
    },
    async send(request) {
      const transfer = transferOf(request)
      if (!transfer) return undefined
      const { sendCosmosTransfer } = await import('../actions/sendCosmosTransfer.js')
      const { hash } = await sendCosmosTransfer(transfer)
      return { hash }
    },
    async waitForTransaction(request) {
      const { waitForCosmosTx } = await import('../actions/waitForCosmosTx.js')
      const outcome = await waitForCosmosTx({ network: request.network, hash: request.hash, timeoutMs: options.confirmTimeoutMs || 60_000, ...(fetchFn ? { fetch: fetchFn } : {}) })
      return outcome.status === 'pending' ? undefined : { status: outcome.status }
    },
    dispose() {
      stopWatching()
      for (const event of cosmosKeystoreEvents) target?.removeEventListener(event, onKeystoreChange)
      active = undefined
      discovery.dispose()
    },
  }
  return registerChainAdapter(portico, adapter)
}
