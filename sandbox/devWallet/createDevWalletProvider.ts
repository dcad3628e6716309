import {
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  hexToBigInt,
  hexToNumber,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type Hex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import { ProviderRpcError, providerErrorMessages } from './ProviderRpcError.js'
import { type DevWalletSmartAccountConfig, createDevWalletCalls, smartAccountCannotSignMessage } from './createDevWalletCalls.js'
import { type DevWalletDialect, porticoDevWalletDialect } from './devWalletDialect.js'

/** A chain the dev wallet can be on. */
export type DevWalletChain = {
  chainId: number
  name: string
  /** Where read calls for this chain go (the sandbox: the server's RPC proxy on the same origin). */
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** The server's ERC-4337 bundler route for this chain; chains without one have no smart account. */
  bundlerUrl?: string | undefined
  /**
   * The ERC-7677 paymaster service that sponsors the smart account's `eth_sendTransaction` on this
   * chain (the sandbox: `${origin}/sandbox/paymaster/<CAIP-2>`); without one the account pays its gas.
   */
  paymasterUrl?: string | undefined
}

/** Which account the wallet shares first: its key (`eoa`) or the SimpleAccount the key owns. */
export type DevWalletAccountType = 'eoa' | 'smartAccount'

/** `approve`: every request that needs approval is approved; `reject`: each fails with 4001. */
export type DevWalletMode = 'approve' | 'reject'

/** What the wallet remembers (in `storage`) across reloads. */
export type DevWalletState = {
  connected: boolean
  chainId: number
  mode: DevWalletMode
  /** Chains added with `wallet_addEthereumChain`. */
  addedChains: DevWalletChain[]
  /** The panel's "Smart account" switch. */
  accountType: DevWalletAccountType
}

/** A record of one request, for the panel and for tests. */
export type DevWalletActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed' | 'answered' }

/** The minimal storage the wallet needs (`localStorage` in a page). */
export type DevWalletStorage = Pick<Storage, 'getItem' | 'setItem'>

export type CreateDevWalletProviderParameters = {
  account: LocalAccount
  /** Built-in chains; the first is the default. */
  chains: readonly DevWalletChain[]
  /** Where the state is kept; omitted → in memory only. */
  storage?: DevWalletStorage | undefined
  /** Storage key (default `porticoDevWallet`). */
  storageKey?: string
  /** `fetch` used for read calls (default: the global one). */
  fetch?: typeof fetch
  /** The SimpleAccount factory and EntryPoint: with them the wallet also offers a smart account (contract §4). */
  smartAccount?: DevWalletSmartAccountConfig | undefined
  /** Starts on this account type whatever was remembered (the page's `?devAccountType=`). */
  accountType?: DevWalletAccountType | undefined
  /** The wallet whose dialect it speaks (default: the Portico Dev Wallet's own); the sandbox's personas pass theirs. */
  dialect?: DevWalletDialect | undefined
}

type Listener = (...args: unknown[]) => void

/** The EIP-1193 provider object handed to sites. */
export type DevWalletEip1193Provider = {
  readonly isPorticoDevWallet: true
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): DevWalletEip1193Provider
  once(event: string, listener: Listener): DevWalletEip1193Provider
  removeListener(event: string, listener: Listener): DevWalletEip1193Provider
  off(event: string, listener: Listener): DevWalletEip1193Provider
}

export type CreateDevWalletProviderReturnType = {
  provider: DevWalletEip1193Provider
  /** The wallet's own controls (the panel and tests use these; sites use `provider`). */
  control: {
    getState(): DevWalletState
    /** The chains the wallet knows: built-in first, then added ones. */
    chains(): DevWalletChain[]
    setMode(mode: DevWalletMode): void
    getMode(): DevWalletMode
    /** Drop the site's connection, as the wallet's own "Disconnect" would. */
    disconnect(): void
    /** Every request seen, oldest first (at most the last 50). */
    activity(): DevWalletActivity[]
    /** Called after every state change or request. Returns an unsubscribe. */
    subscribe(fn: () => void): () => void
    /** Emit the EIP-1193 `connect` event for the current chain. */
    announceConnect(): void
    /** Switch between the EOA and the smart account (emits `accountsChanged` when connected). */
    setAccountType(type: DevWalletAccountType): Promise<void>
    getAccountType(): DevWalletAccountType
    /** Whether the wallet has a smart account at all (it was given `smartAccount`). */
    hasSmartAccount(): boolean
    /** The smart account's address (`factory.getAddress(owner, 0)`). */
    smartAccountAddress(): Promise<string>
    /** Whether the smart account has code on the current chain. */
    isSmartAccountDeployed(): Promise<boolean>
    /** The batch `wallet_showCallsStatus` shows, as one line (undefined: none). */
    shownBatch(): string | undefined
    /** The key it signs with; another one is the user picking another account in the wallet (`accountsChanged` when connected). */
    getAccount(): LocalAccount
    setAccount(account: LocalAccount): Promise<void>
    /** While on, a connection request waits for {@link answerConnection} (the wallet's popup left open) instead of the mode. */
    holdConnections(on: boolean): void
    /** Whether a connection request is waiting for the user. */
    hasPendingConnection(): boolean
    /** The user's answer to the waiting connection request (no-op when none waits). */
    answerConnection(decision: DevWalletMode): void
  }
}

/**
 * Methods the wallet forwards to the chain. Everything that signs, asks for accounts or changes the
 * wallet is handled by the wallet itself; anything else is refused with 4200, so a node's own
 * unlocked accounts and signing methods are never reachable through the wallet.
 */
const readMethods = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_listening',
  'web3_clientVersion',
])

const defaultStorageKey = 'porticoDevWallet'
const maxActivity = 50

function fail(code: keyof typeof providerErrorMessages, message?: string, data?: unknown): never {
  throw new ProviderRpcError(code, message ?? providerErrorMessages[code], data)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseChainIdParam(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(value) || /^0x0+$/.test(value)) {
    fail(-32602, `Invalid chainId ${JSON.stringify(value)}: expected a non-zero hex string such as "0x7a69".`)
  }
  const id = hexToNumber(value as Hex)
  if (!Number.isSafeInteger(id)) fail(-32602, `chainId ${value} is too large.`)
  return id
}

function optionalHexQuantity(tx: Record<string, unknown>, key: string): bigint | undefined {
  const value = tx[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    fail(-32602, `Invalid transaction field "${key}": expected a hex quantity.`)
  }
  return hexToBigInt(value as Hex)
}

function readState(storage: DevWalletStorage | undefined, key: string, fallback: DevWalletState): DevWalletState {
  if (!storage) return fallback
  let raw: string | null = null
  try {
    raw = storage.getItem(key)
  } catch {
    return fallback
  }
  if (raw === null) return fallback
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!isRecord(parsed)) return fallback
    const addedChains = Array.isArray(parsed.addedChains)
      ? parsed.addedChains.filter(
          (c): c is DevWalletChain =>
            isRecord(c) &&
            Number.isSafeInteger(c.chainId) &&
            typeof c.name === 'string' &&
            typeof c.rpcUrl === 'string' &&
            isRecord(c.nativeCurrency),
        )
      : []
    return {
      connected: parsed.connected === true,
      chainId: Number.isSafeInteger(parsed.chainId) && (parsed.chainId as number) > 0 ? (parsed.chainId as number) : fallback.chainId,
      mode: parsed.mode === 'reject' ? 'reject' : 'approve',
      addedChains,
      accountType: parsed.accountType === 'smartAccount' ? 'smartAccount' : 'eoa',
    }
  } catch {
    // A corrupted or foreign value is dropped; the wallet starts fresh.
    return fallback
  }
}

/**
 * Creates the Portico Dev Wallet's EIP-1193 provider: it holds a real key, signs in the page,
 * asks for approval (here: the approve/reject mode) and forwards only reads to the chain.
 *
 * @param parameters the account, the built-in chains and where to remember state
 * @returns the provider for sites and the wallet's own controls
 * @example
 * const { provider } = createDevWalletProvider({ account: privateKeyToAccount(key), chains })
 * await provider.request({ method: 'eth_requestAccounts' })
 */
export function createDevWalletProvider(
  parameters: CreateDevWalletProviderParameters,
): CreateDevWalletProviderReturnType {
  const { storage } = parameters
  let account = parameters.account
  const dialect = parameters.dialect ?? porticoDevWalletDialect
  const storageKey = parameters.storageKey ?? defaultStorageKey
  const doFetch = parameters.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const builtIn = [...parameters.chains]
  const first = builtIn[0]
  if (!first) throw new Error('createDevWalletProvider needs at least one chain.')

  let state = readState(storage, storageKey, { connected: false, chainId: first.chainId, mode: 'approve', addedChains: [], accountType: 'eoa' })
  if (!findChain(state.chainId)) state = { ...state, chainId: first.chainId }
  if (parameters.accountType) state = { ...state, accountType: parameters.accountType }
  if (!parameters.smartAccount) state = { ...state, accountType: 'eoa' }

  const listeners = new Map<string, Set<Listener>>()
  let holding = false
  let pending: { decided: Promise<DevWalletMode>; answer(decision: DevWalletMode): void } | undefined
  const subscribers = new Set<() => void>()
  const log: DevWalletActivity[] = []
  let rpcId = 0

  function allChains(): DevWalletChain[] {
    return [...builtIn, ...state.addedChains.filter((c) => !builtIn.some((b) => b.chainId === c.chainId))]
  }
  function findChain(chainId: number): DevWalletChain | undefined {
    return [...builtIn, ...state.addedChains].find((c) => c.chainId === chainId)
  }
  function currentChain(): DevWalletChain {
    return findChain(state.chainId) ?? first!
  }
  function notify(): void {
    for (const fn of [...subscribers]) {
      try {
        fn()
      } catch {
        // A failing subscriber must not break the wallet.
      }
    }
  }
  function setState(next: Partial<DevWalletState>): void {
    state = { ...state, ...next }
    try {
      storage?.setItem(storageKey, JSON.stringify(state))
    } catch {
      // Storage full or blocked: keep going in memory.
    }
    notify()
  }
  function emit(event: string, ...args: unknown[]): void {
    for (const fn of [...(listeners.get(event) ?? [])]) {
      try {
        fn(...args)
      } catch (error) {
        // A site's listener that throws must not break the wallet or other listeners.
        console.error('[Portico Dev Wallet] an event listener threw', error)
      }
    }
  }
  function record(method: string, outcome: DevWalletActivity['outcome']): void {
    log.push({ method, outcome })
    if (log.length > maxActivity) log.shift()
  }
  /** Every request that needs the user's approval goes through here. */
  function approve(method: string): void {
    if (state.mode === 'reject') {
      record(method, 'rejected')
      notify()
      throw recorded(dialect.rejection(method))
    }
  }
  /** Errors already in the activity log (a rejection is logged as such, not again as a failure). */
  const logged = new WeakSet<object>()
  function recorded<E extends object>(error: E): E {
    logged.add(error)
    return error
  }
  /** Addresses as this wallet writes them. */
  function present(addresses: string[]): string[] {
    return dialect.addressCase === 'lower' ? addresses.map((a) => a.toLowerCase()) : addresses
  }
  function requireConnected(): void {
    if (!state.connected) fail(4100)
  }
  function requireOwnAddress(value: unknown, what: string): void {
    if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
      fail(-32602, `Invalid ${what}: expected an address.`)
    }
    if (!isAddressEqual(value as Hex, account.address)) fail(4100, `The account ${value} is not connected to this site.`)
  }

  async function rpc(chain: DevWalletChain, method: string, params: unknown): Promise<unknown> {
    if (method === 'eth_chainId') return numberToHex(chain.chainId)
    let response: Response
    try {
      response = await doFetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
      })
    } catch (error) {
      throw new ProviderRpcError(-32603, `Could not reach ${chain.name} (chain ${chain.chainId}): ${(error as Error).message}`)
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new ProviderRpcError(-32603, `${chain.name} answered HTTP ${response.status} without JSON.`)
    }
    if (!isRecord(body)) throw new ProviderRpcError(-32603, `${chain.name} answered with a malformed JSON-RPC response.`)
    if (isRecord(body.error)) {
      const code = typeof body.error.code === 'number' ? body.error.code : -32603
      const message = typeof body.error.message === 'string' ? body.error.message : 'RPC error'
      throw new ProviderRpcError(code, message, body.error.data)
    }
    if (!response.ok) throw new ProviderRpcError(-32603, `${chain.name} answered HTTP ${response.status}.`)
    return body.result
  }

  const makeCalls = () => parameters.smartAccount
    ? createDevWalletCalls({
        owner: account,
        smartAccount: parameters.smartAccount,
        fetch: doFetch,
        findChain,
        rpc: (chain, method, params) => rpc(chain as DevWalletChain, method, params),
        sendEoaTransaction: (chain, call) =>
          sendTransaction([{ from: account.address, to: call.to, ...(call.data ? { data: call.data } : {}), ...(call.value !== undefined ? { value: numberToHex(call.value) } : {}) }], chain as DevWalletChain, true),
        approve,
        notify,
      })
    : undefined
  let calls = makeCalls()
  /** The accounts the site sees: `[smartAccount, eoa]` when the smart account is on, else `[eoa]`. */
  async function sharedAccounts(): Promise<string[]> {
    if (state.accountType === 'smartAccount' && calls) return present([await calls.smartAccountAddress(currentChain()), account.address])
    return present([account.address])
  }
  /** The chain the smart account's address is read on: the current one if it has a bundler, else the first that has. */
  function smartAccountChain(): DevWalletChain {
    const current = currentChain()
    return current.bundlerUrl ? current : (allChains().find((c) => c.bundlerUrl) ?? current)
  }
  /** Whether `value` is the smart account's address (a wallet without one: never). */
  async function isSmartAccount(value: unknown): Promise<boolean> {
    return calls !== undefined && (await calls.isSmartAccount(value, smartAccountChain()))
  }
  /** The smart account cannot sign messages (contract §4): 4200 before anything is asked. */
  async function refuseSmartAccountSignature(address: unknown): Promise<void> {
    if (await isSmartAccount(address)) fail(4200, smartAccountCannotSignMessage)
  }
  function requireCalls() {
    if (!calls) fail(4200, `The ${dialect.name} was started without a smart account; EIP-5792 calls need one.`)
    return calls
  }

  async function sendTransaction(params: unknown, onChain?: DevWalletChain, approved = false): Promise<Hex> {
    const tx = Array.isArray(params) ? params[0] : undefined
    if (!isRecord(tx)) fail(-32602, 'eth_sendTransaction expects [transaction].')
    // Without "from", the first shared account sends: the smart account when it is on.
    const fromSmartAccount =
      tx.from === undefined || tx.from === null ? state.accountType === 'smartAccount' && calls !== undefined : await isSmartAccount(tx.from)
    if (!fromSmartAccount) requireOwnAddress(tx.from ?? account.address, 'transaction "from"')
    const to = tx.to
    if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to, { strict: false }))) {
      fail(-32602, 'Invalid transaction field "to": expected an address.')
    }
    const data = tx.data ?? tx.input
    if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data))) {
      fail(-32602, 'Invalid transaction field "data": expected hex.')
    }
    const value = optionalHexQuantity(tx, 'value')
    const gas = optionalHexQuantity(tx, 'gas')
    const gasPrice = optionalHexQuantity(tx, 'gasPrice')
    const maxFeePerGas = optionalHexQuantity(tx, 'maxFeePerGas')
    const maxPriorityFeePerGas = optionalHexQuantity(tx, 'maxPriorityFeePerGas')
    const nonceBig = optionalHexQuantity(tx, 'nonce')
    const chain = onChain ?? currentChain()
    if (fromSmartAccount && calls) {
      // The user operation has its own nonce and gas; the request's are checked above and not used.
      if (!to) fail(-32602, 'The smart account cannot deploy a contract with eth_sendTransaction (no "to"); send it from the EOA.')
      return calls.sendTransaction(chain, { to: getAddress(to as string), value, data: data ? (data as Hex) : undefined })
    }
    if (!approved) approve('eth_sendTransaction')
    const viemChain = defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    const client = createWalletClient({
      account,
      chain: viemChain,
      transport: custom({ request: ({ method, params: p }) => rpc(chain, method, p) }, { retryCount: 0 }),
    })
    const request = {
      account,
      chain: viemChain,
      to: to ? getAddress(to as string) : null,
      ...(value !== undefined ? { value } : {}),
      ...(data ? { data: data as Hex } : {}),
      ...(gas !== undefined ? { gas } : {}),
      ...(nonceBig !== undefined ? { nonce: Number(nonceBig) } : {}),
      ...(gasPrice !== undefined
        ? { gasPrice }
        : {
            ...(maxFeePerGas !== undefined ? { maxFeePerGas } : {}),
            ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}),
          }),
    }
    try {
      return await client.sendTransaction(request as Parameters<typeof client.sendTransaction>[0])
    } catch (error) {
      throw toProviderError(error)
    }
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(state.chainId)
      case 'net_version':
        return String(state.chainId)
      case 'eth_accounts':
        return state.connected ? sharedAccounts() : []
      case 'eth_coinbase':
        return state.connected ? (await sharedAccounts())[0] : null
      case 'wallet_getCapabilities':
        requireConnected()
        return requireCalls().getCapabilities(params, allChains())
      case 'wallet_sendCalls':
        requireConnected()
        return requireCalls().sendCalls(params, { type: state.accountType })
      case 'wallet_getCallsStatus':
        requireConnected()
        return requireCalls().getCallsStatus(params)
      case 'wallet_showCallsStatus':
        requireConnected()
        return requireCalls().showCallsStatus(params)
      case 'eth_requestAccounts':
        return connect(method)
      case 'wallet_requestPermissions': {
        const wanted = Array.isArray(params) ? params[0] : undefined
        if (!isRecord(wanted) || !('eth_accounts' in wanted)) {
          fail(-32602, 'wallet_requestPermissions expects [{ eth_accounts: {} }].')
        }
        await connect(method)
        return permissions()
      }
      case 'wallet_getPermissions':
        return state.connected ? permissions() : []
      case 'wallet_revokePermissions':
        if (!dialect.revokePermissions) fail(4200, `The ${dialect.name} does not support the method "${method}".`)
        disconnect()
        return null
      case 'personal_sign': {
        requireConnected()
        if (!Array.isArray(params) || params.length < 2) fail(-32602, 'personal_sign expects [message, address].')
        let [message, address] = params as [unknown, unknown]
        // Some sites send [address, message]; wallets whose dialect allows it accept both orders.
        if (dialect.personalSignOrder === 'either' && typeof message === 'string' && isAddress(message, { strict: false }) && !(typeof address === 'string' && isAddress(address, { strict: false }))) {
          ;[message, address] = [address, message]
        }
        if (typeof message !== 'string') fail(-32602, 'personal_sign: the message must be a string.')
        await refuseSmartAccountSignature(address)
        requireOwnAddress(address, 'personal_sign address')
        approve(method)
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        requireConnected()
        if (!Array.isArray(params) || params.length < 2) fail(-32602, 'eth_signTypedData_v4 expects [address, typedData].')
        const [address, raw] = params as [unknown, unknown]
        await refuseSmartAccountSignature(address)
        requireOwnAddress(address, 'eth_signTypedData_v4 address')
        let typed: unknown = raw
        if (typeof raw === 'string') {
          try {
            typed = JSON.parse(raw)
          } catch {
            fail(-32602, 'eth_signTypedData_v4: the typed data is not valid JSON.')
          }
        }
        if (!isRecord(typed) || !isRecord(typed.types) || typeof typed.primaryType !== 'string' || !isRecord(typed.message)) {
          fail(-32602, 'eth_signTypedData_v4: expected { domain, types, primaryType, message }.')
        }
        approve(method)
        try {
          return await account.signTypedData!(typed as unknown as TypedDataDefinition)
        } catch (error) {
          throw new ProviderRpcError(-32602, `eth_signTypedData_v4: ${(error as Error).message.split('\n')[0]}`)
        }
      }
      case 'eth_sendTransaction':
        requireConnected()
        return sendTransaction(params)
      case 'wallet_switchEthereumChain': {
        const arg = Array.isArray(params) ? params[0] : undefined
        if (!isRecord(arg)) fail(-32602, 'wallet_switchEthereumChain expects [{ chainId }].')
        const chainId = parseChainIdParam(arg.chainId)
        if (!findChain(chainId)) throw dialect.unrecognizedChain(arg.chainId as string)
        if (chainId === state.chainId) return null
        if (dialect.promptsToSwitch) approve(method)
        switchTo(chainId)
        return null
      }
      case 'wallet_addEthereumChain': {
        const arg = Array.isArray(params) ? params[0] : undefined
        if (!isRecord(arg)) fail(-32602, 'wallet_addEthereumChain expects [{ chainId, chainName, rpcUrls, nativeCurrency }].')
        const chainId = parseChainIdParam(arg.chainId)
        const known = findChain(chainId)
        if (!known) {
          const rpcUrl = Array.isArray(arg.rpcUrls) ? arg.rpcUrls.find((u) => typeof u === 'string' && /^https?:\/\//.test(u)) : undefined
          if (typeof rpcUrl !== 'string') fail(-32602, 'wallet_addEthereumChain: rpcUrls must contain an http(s) URL.')
          const cur = arg.nativeCurrency
          if (
            !isRecord(cur) ||
            typeof cur.symbol !== 'string' ||
            !/^.{1,12}$/.test(cur.symbol) ||
            typeof cur.name !== 'string' ||
            cur.decimals !== 18
          ) {
            fail(-32602, 'wallet_addEthereumChain: nativeCurrency must be { name, symbol (1-12 chars), decimals: 18 }.')
          }
          const name = typeof arg.chainName === 'string' && arg.chainName.trim() ? arg.chainName.trim().slice(0, 64) : `Chain ${chainId}`
          approve(method)
          setState({
            addedChains: [
              ...state.addedChains,
              { chainId, name, rpcUrl, nativeCurrency: { name: cur.name as string, symbol: cur.symbol as string, decimals: 18 } },
            ],
          })
        } else if (chainId === state.chainId) {
          return dialect.addCurrentChainResult
        } else if (dialect.promptsToSwitch) {
          approve(method)
        }
        // Like the common extension wallets, adding a chain also switches to it.
        if (chainId !== state.chainId) switchTo(chainId)
        return null
      }
      default:
        if (readMethods.has(method)) return rpc(currentChain(), method, params)
        fail(4200, `The ${dialect.name} does not support the method "${method}".`)
    }
  }

  function permissions(): unknown[] {
    return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }] }]
  }
  async function connect(method: string): Promise<string[]> {
    if (state.connected) return sharedAccounts()
    if (pending) {
      const answer = dialect.pendingConnection()
      if (answer === 'join') {
        await pending.decided
        return sharedAccounts()
      }
      throw answer
    }
    if (holding) {
      // The wallet's popup stays open until the user answers it (the panel's, or a test's, answerConnection).
      let answer!: (decision: DevWalletMode) => void
      const decided = new Promise<DevWalletMode>((resolve) => (answer = resolve))
      pending = { decided, answer }
      notify()
      let decision: DevWalletMode
      try {
        decision = await decided
      } finally {
        pending = undefined
      }
      if (decision === 'reject') {
        record(method, 'rejected')
        notify()
        throw recorded(dialect.rejection(method))
      }
    } else approve(method)
    const accounts = await sharedAccounts()
    setState({ connected: true })
    for (const event of dialect.connectEvents) {
      if (event === 'connect') emit('connect', { chainId: numberToHex(state.chainId) })
      else if (event === 'accountsChanged') emit('accountsChanged', accounts)
      else emit('chainChanged', numberToHex(state.chainId))
    }
    return accounts
  }
  function disconnect(): void {
    if (!state.connected) return
    setState({ connected: false })
    for (const event of dialect.disconnectEvents) {
      if (event === 'accountsChanged') emit('accountsChanged', [])
      else emit('disconnect', new ProviderRpcError(4900, `The user disconnected the site in the ${dialect.name}.`))
    }
  }
  function switchTo(chainId: number): void {
    setState({ chainId })
    const chainChanged = () => emit('chainChanged', numberToHex(chainId))
    if (dialect.chainChangedDelayMs === undefined) chainChanged()
    else setTimeout(chainChanged, dialect.chainChangedDelayMs)
  }

  const provider: DevWalletEip1193Provider = {
    isPorticoDevWallet: true,
    async request(args) {
      if (!isRecord(args) || typeof args.method !== 'string' || args.method === '') {
        throw new ProviderRpcError(-32600, 'Invalid request: expected { method: string, params?: unknown[] }.')
      }
      const { method, params } = args as { method: string; params?: unknown }
      if (params !== undefined && params !== null && typeof params !== 'object') {
        throw new ProviderRpcError(-32602, `Invalid params for ${method}: expected an array or an object.`)
      }
      try {
        const result = await handle(method, params)
        if (!readMethods.has(method)) record(method, needsNoApproval.has(method) ? 'answered' : 'approved')
        notify()
        return result
      } catch (error) {
        const e = toProviderError(error)
        if (!logged.has(e)) {
          record(method, 'failed')
          notify()
        }
        throw e
      }
    },
    on(event, listener) {
      if (typeof listener !== 'function') return provider
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    once(event, listener) {
      const wrapped: Listener = (...args) => {
        provider.removeListener(event, wrapped)
        listener(...args)
      }
      return provider.on(event, wrapped)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    off(event, listener) {
      return provider.removeListener(event, listener)
    },
  }

  return {
    provider: Object.freeze(provider),
    control: {
      getState: () => ({ ...state, addedChains: [...state.addedChains] }),
      chains: allChains,
      setMode(mode) {
        if (mode !== 'approve' && mode !== 'reject') throw new TypeError(`Unknown mode "${String(mode)}": use 'approve' or 'reject'.`)
        if (mode !== state.mode) setState({ mode })
      },
      getMode: () => state.mode,
      disconnect,
      activity: () => [...log],
      subscribe(fn) {
        subscribers.add(fn)
        return () => subscribers.delete(fn)
      },
      announceConnect() {
        emit('connect', { chainId: numberToHex(state.chainId) })
      },
      async setAccountType(type) {
        if (type !== 'eoa' && type !== 'smartAccount') throw new TypeError(`Unknown account type "${String(type)}": use 'eoa' or 'smartAccount'.`)
        if (type === 'smartAccount' && !calls) throw new TypeError('This dev wallet has no smart account.')
        if (type === state.accountType) return
        setState({ accountType: type })
        if (state.connected) emit('accountsChanged', await sharedAccounts())
      },
      getAccountType: () => state.accountType,
      hasSmartAccount: () => calls !== undefined,
      smartAccountAddress: () => requireCalls().smartAccountAddress(currentChain()),
      isSmartAccountDeployed: () => requireCalls().isDeployed(currentChain()),
      shownBatch: () => calls?.shownBatch(),
      getAccount: () => account,
      async setAccount(next) {
        if (isAddressEqual(next.address, account.address)) return
        account = next
        calls = makeCalls()
        notify()
        if (state.connected) emit('accountsChanged', await sharedAccounts())
      },
      holdConnections(on) {
        holding = on
      },
      hasPendingConnection: () => pending !== undefined,
      answerConnection(decision) {
        if (decision !== 'approve' && decision !== 'reject') throw new TypeError(`Unknown decision "${String(decision)}": use 'approve' or 'reject'.`)
        pending?.answer(decision)
      },
    },
  }

  // Hoisted helpers that need no closure state.
  function toProviderError(error: unknown): ProviderRpcError {
    if (error instanceof ProviderRpcError) return error
    // The chain's own answer, as the wallet's `rpc` read it (a revert: code 3, the node's reason and the revert
    // data), is passed on as it came, whatever viem wrapped around it (its UnknownRpcError, code -1, says nothing).
    let current: unknown = error
    for (let i = 0; i < 10 && current; i++) {
      if (current instanceof ProviderRpcError) return current
      current = (current as { cause?: unknown }).cause
    }
    // Else the first error in viem's chain with a numeric code.
    current = error
    for (let i = 0; i < 10 && current; i++) {
      const c = current as { code?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown }
      if (typeof c.code === 'number' && c.code !== 0) {
        const msg = typeof c.shortMessage === 'string' ? c.shortMessage : String(c.message)
        return new ProviderRpcError(c.code, msg)
      }
      current = c.cause
    }
    const msg = (error as { shortMessage?: string })?.shortMessage ?? (error as Error)?.message ?? String(error)
    return new ProviderRpcError(-32603, msg)
  }
}

const needsNoApproval = new Set([
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'eth_chainId',
  'net_version',
  'eth_accounts',
  'eth_coinbase',
  'wallet_getPermissions',
  'wallet_revokePermissions',
])
