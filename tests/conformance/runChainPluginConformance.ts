import {
  BaseError,
  ConnectionRejectedError,
  createPorticoKernel,
  loadPlugins,
  NotConnectedError,
  parseDecimalUnits,
  ProviderRpcError,
  type CaipAddress,
  type CaipNetworkId,
  type TokenBalance,
  type Network,
  type Plugin,
  type PluginContext,
  type Portico,
  type StorageBackend,
} from '../../kernel/kernel.js'
import { checkPlugin } from './checkPlugin.js'

/** The test wallet the plugin talks to, as the kit sees it. */
export type ConformanceWallet = {
  /** The id the plugin lists the wallet under (`connect({ connectorId })`). */
  connectorId: string
  /** Makes the wallet approve or reject what it is asked (to check rejections). */
  setMode?(mode: 'approve' | 'reject'): void
  /** How many requests the wallet has seen (to check that bad input never reaches it). */
  requestCount?(): number
  /** Event listeners the page attached to the wallet (to check clean disposal). */
  listenerCount?(): number
}

/** The chain the wallet is on, read independently of the plugin. */
export type ConformanceChain = {
  /** The network the wallet is on (one of `networks`). */
  network: Network
  /** A fresh, valid recipient address. */
  freshAddress(): string
  /** Native balance in the smallest unit, read from the chain itself. */
  readBalance?(address: string): Promise<bigint>
  /** Native amount to send (decimal string), default "0.01". */
  sendAmount?: string
  /** A token the wallet's account holds. */
  token?: { address: CaipAddress; decimals: number; amount: string; readBalance?(address: string): Promise<bigint> }
  /** Addresses the plugin must refuse. */
  invalidAddresses?: readonly string[]
  /** An ed25519/secp256k1/… check of a message signature that shares no code with the plugin. */
  verifySignature?(parameters: { message: string; signature: string; address: string }): Promise<boolean>
  /**
   * For a plugin with the `signer` capability: builds a transaction with the ecosystem's own SDK as
   * a site would, has `signer` (`portico.getSigner(namespace)`) sign it, and reads the result back
   * from the chain; throws when something is wrong. Returns a detail for the report (a hash).
   */
  signer?(parameters: { signer: unknown; address: string; network: Network; portico: Portico }): Promise<string | void>
}

export type RunChainPluginConformanceParameters = {
  /** Makes a fresh plugin (each instance needs its own). */
  plugin: () => Plugin<PluginContext>
  networks: readonly Network[]
  wallet: ConformanceWallet
  chain: ConformanceChain
  /** Where the kernel's blockchain API is (the Portico server); default none. */
  endpoints?: { api?: string }
  /** A page EventTarget the plugin listens on (`window`): listeners must all be removed on destroy. */
  target?: EventTarget
  /**
   * Plugins installed next to the one under test, fresh for each Portico: `siwx()` for eip155,
   * whose sign-in verifier is built into the sign-in plugin (EIP-4361).
   */
  withPlugins?: () => Plugin<PluginContext>[]
}

export type ConformanceCheck = { name: string; ok: boolean; detail?: string }
export type RunChainPluginConformanceReturnType = { ok: boolean; issues: string[]; checks: ConformanceCheck[] }

/**
 * The recipient's balance once it reaches `wanted`, or the last one read after `timeoutMs`: a send
 * resolves with its hash when the node took the transaction, and a node may apply it a moment later
 * (anvil mines in the background; under load the first read can come first).
 */
async function balanceReaching(read: () => Promise<bigint>, wanted: bigint | undefined, timeoutMs = 10_000): Promise<bigint> {
  const until = Date.now() + timeoutMs
  let balance = await read()
  while (balance !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    balance = await read()
  }
  return balance
}

function memoryStorage(): StorageBackend {
  const data = new Map<string, string>()
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

function describeError(error: unknown): string {
  if (error instanceof BaseError) return `${error.name}: ${error.shortMessage}`
  return error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error)
}

/** Counts listeners added to and removed from an EventTarget while the suite runs. */
function watchListeners(target: EventTarget | undefined) {
  if (!target) return { open: () => 0, restore: () => {} }
  const add = target.addEventListener
  const remove = target.removeEventListener
  const listeners = new Set<[string, unknown]>()
  target.addEventListener = function (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    if (listener && !(typeof options === 'object' && options?.once)) listeners.add([type, listener])
    return add.call(this, type, listener, options)
  }
  target.removeEventListener = function (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
    for (const entry of listeners) if (entry[0] === type && entry[1] === listener) listeners.delete(entry)
    return remove.call(this, type, listener, options)
  }
  return {
    open: () => listeners.size,
    restore: () => {
      target.addEventListener = add
      target.removeEventListener = remove
    },
  }
}

/**
 * The behavioural part of the chain-plugin contract: runs the structural {@link checkPlugin} and
 * then really exercises every capability the plugin declares against a test wallet on a real (or
 * faithful local) chain: discovery, connect (also a rejected one), a silent reconnect on the next
 * "page load", the native balance (equal to the chain's), token balances, sign-message (verified
 * independently, and by the plugin's sign-in verifier), a native and a token send (read back from
 * the chain), a wallet that rejects (code 4001, nothing lost, still connected), invalid addresses
 * refused before the wallet is asked, disconnect, and clean disposal (no listener left on the page
 * or the wallet). Usable from any test runner: it returns issues instead of throwing.
 *
 * @returns `{ ok, issues, checks }`
 * @example
 * const report = await runChainPluginConformance({ plugin: () => mychain(), networks: [local], wallet, chain })
 * expect(report.issues).toEqual([])
 */
export async function runChainPluginConformance(parameters: RunChainPluginConformanceParameters): Promise<RunChainPluginConformanceReturnType> {
  const { plugin: makePlugin, networks, wallet, chain, endpoints } = parameters
  const checks: ConformanceCheck[] = []
  const pass = (name: string, detail?: string) => checks.push({ name, ok: true, ...(detail ? { detail } : {}) })
  const fail = (name: string, detail: string) => checks.push({ name, ok: false, detail })
  const step = async (name: string, run: () => Promise<string | void>) => {
    try {
      const detail = await run()
      pass(name, detail || undefined)
    } catch (error) {
      fail(name, describeError(error))
    }
  }
  const expect = (condition: unknown, message: string) => {
    if (!condition) throw new Error(message)
  }

  const sample = makePlugin()
  // Its meta may load with its code (`defineLazyPlugin`).
  await sample.load?.()
  const namespace = sample.namespace
  const capabilities = new Set(sample.meta?.capabilities ?? [])
  const structural = await checkPlugin({ plugin: sample, networks })
  for (const issue of structural.issues) fail('structure', issue)
  if (structural.ok) pass('structure')
  if (!namespace || sample.kind !== 'chain') {
    fail('namespace', 'a chain plugin has kind "chain" and a namespace')
    return finish()
  }

  const listeners = watchListeners(parameters.target)
  const walletListenersBefore = wallet.listenerCount?.()
  const storage = memoryStorage()
  const instances: Portico[] = []
  const make = () => {
    const portico = createPorticoKernel({
      projectId: 'conformance',
      networks: [...networks],
      defaultNetwork: chain.network,
      plugins: [makePlugin(), ...(parameters.withPlugins?.() ?? [])],
      storage,
      endpoints: { api: endpoints?.api ?? 'http://127.0.0.1:9' },
    })
    instances.push(portico)
    return portico
  }
  const setMode = (mode: 'approve' | 'reject') => wallet.setMode?.(mode)

  try {
    // Its code, and that of the plugins beside it (each may load its code with the kernel, `defineLazyPlugin`).
    await loadPlugins([makePlugin(), ...(parameters.withPlugins?.() ?? [])])
    const portico = make()
    await portico.ready()
    let address = ''

    await step('discoverWallets lists the wallet', async () => {
      const found = await portico.discoverWallets(namespace)
      const members = found.flatMap((w) => [w, ...(w.connectors ?? [])])
      expect(members.some((w) => w.id === wallet.connectorId && w.namespace === namespace), `no wallet "${wallet.connectorId}" in ${namespace}`)
    })

    if (wallet.setMode) {
      await step('a rejected connection is "Connection rejected"', async () => {
        setMode('reject')
        try {
          const error = await portico.connect({ connectorId: wallet.connectorId, namespace }).then(() => undefined, (e: unknown) => e)
          expect(error instanceof ConnectionRejectedError, `expected ConnectionRejectedError, got ${describeError(error)}`)
          expect(portico.getState().connections[namespace]?.status === 'disconnected', 'the namespace is not disconnected after a rejection')
        } finally {
          setMode('approve')
        }
      })
    }

    if (capabilities.has('signer')) {
      await step('signer: one per namespace, refusing while nothing is connected', async () => {
        const signer = (await portico.getSigner(namespace)) as unknown as Record<string, unknown>
        expect((await portico.getSigner(namespace)) === (signer as unknown), 'getSigner built a second signer for the namespace')
        expect(signer.namespace === namespace, `the signer's namespace is ${String(signer.namespace)}`)
        const before = wallet.requestCount?.()
        const methods = Object.keys(signer).filter((key) => typeof Object.getOwnPropertyDescriptor(signer, key)?.value === 'function')
        expect(methods.length > 0, 'the signer has no method')
        for (const key of methods) {
          const error = await Promise.resolve()
            .then(() => (signer[key] as (...args: unknown[]) => unknown)())
            .then(() => undefined, (e: unknown) => e)
          expect(error instanceof NotConnectedError, `signer.${key}() with nothing connected: expected NotConnectedError, got ${describeError(error)}`)
        }
        if (before !== undefined) expect(wallet.requestCount?.() === before, 'a signer asked the wallet while nothing was connected')
        return methods.join(', ')
      })
    }

    await step('connect', async () => {
      const connection = await portico.connect({ connectorId: wallet.connectorId, namespace, network: chain.network })
      expect(connection.status === 'connected' && connection.address, 'not connected')
      address = connection.address as string
      expect(portico.isAddress(address, namespace), `the connected address ${address} fails the plugin's own validator`)
      expect(connection.caipAddress === `${chain.network.caipNetworkId}:${address}`, `connected on ${connection.caipAddress}, not on ${chain.network.caipNetworkId}`)
      return address
    })
    if (!address) return finish()

    if (capabilities.has('balance')) {
      await step('balance', async () => {
        const result = await portico.fetchBalance(namespace)
        expect(result && typeof result.balance === 'string', 'no balance')
        expect(result?.symbol === chain.network.nativeCurrency.symbol, `symbol ${result?.symbol}, expected ${chain.network.nativeCurrency.symbol}`)
        if (chain.readBalance) {
          const units = parseDecimalUnits(result?.balance ?? '', chain.network.nativeCurrency.decimals)
          const onChain = await chain.readBalance(address)
          expect(units === onChain, `the plugin says ${result?.balance}, the chain ${onChain} (smallest units)`)
        }
        return `${result?.balance} ${result?.symbol}`
      })
    }

    if (capabilities.has('tokens')) {
      await step('tokens', async () => {
        // The plugin's own fetchTokenBalances tap (the account-data hook; the blockchain API's default tap aside).
        const tap = portico.hooks.fetchTokenBalances.get(namespace)?.taps.find((t) => t.name === sample.name)
        expect(tap, `a plugin with "tokens" taps fetchTokenBalances for ${namespace}`)
        const caipNetworkId = portico.stores.connections.get(namespace).caipNetworkId as CaipNetworkId
        const network = portico.stores.networks.find(caipNetworkId)
        const balances = (await tap!.fn({ namespace, address, caipNetworkId, force: true, ...(network ? { network } : {}) })) as TokenBalance[] | undefined
        expect(Array.isArray(balances), 'the fetchTokenBalances tap did not return a list')
        if (!balances) throw new Error('unreachable')
        if (chain.token) {
          const entry = balances.find((b) => b.address === chain.token!.address)
          expect(entry, `the token ${chain.token.address} is not listed`)
          if (chain.token.readBalance) {
            const onChain = await chain.token.readBalance(address)
            expect(parseDecimalUnits(entry!.quantity.numeric, chain.token.decimals) === onChain, `the plugin says ${entry!.quantity.numeric}, the chain ${onChain}`)
          }
        }
        return `${balances.length} token(s)`
      })
    }

    if (capabilities.has('signMessage')) {
      await step('signMessage', async () => {
        const message = `Portico conformance ${Date.now()}`
        const signature = await portico.signMessage({ message, namespace })
        expect(typeof signature === 'string' && signature.length > 0, 'no signature')
        if (chain.verifySignature) expect(await chain.verifySignature({ message, signature, address }), 'the signature does not verify independently')
        const verifier = portico.signInVerifiers.get(namespace)
        if (capabilities.has('signIn') || verifier) {
          expect(verifier, `a plugin with "signIn" registers a sign-in verifier for ${namespace}`)
          expect(await verifier!.verify({ message, signature, address, network: chain.network }), "the plugin's sign-in verifier refuses a good signature")
          expect(!(await verifier!.verify({ message: `${message}.`, signature, address, network: chain.network })), "the plugin's sign-in verifier accepts a tampered message")
        }
      })
    }

    if (capabilities.has('send')) {
      await step('send', async () => {
        const to = chain.freshAddress()
        const amount = chain.sendAmount ?? '0.01'
        const hash = await portico.send({ to, amount, namespace })
        expect(typeof hash === 'string' && hash.length > 0, 'no transaction hash')
        if (chain.readBalance) {
          const wanted = parseDecimalUnits(amount, chain.network.nativeCurrency.decimals)
          const received = await balanceReaching(() => chain.readBalance!(to), wanted)
          expect(received === wanted, `the recipient holds ${received}, expected ${amount}`)
        }
        return hash
      })
    }

    if (capabilities.has('tokenSend') && !chain.token) fail('tokenSend', 'declared but not exercised: pass chain.token')
    if (capabilities.has('tokenSend') && chain.token) {
      await step('tokenSend', async () => {
        const token = chain.token!
        const to = chain.freshAddress()
        const connection = portico.stores.connections.get(namespace)
        // The plugin's send hook itself: the kernel's pre-checks need the blockchain API.
        const hook = portico.hooks.send.get(namespace)
        expect(hook?.isUsed(), 'no send tap')
        const request = { namespace, connectorId: connection.connectorId as string, from: address, network: chain.network, to, amount: token.amount, token: token.address, decimals: token.decimals }
        const result = endpoints?.api ? { hash: await portico.send({ to, amount: token.amount, token: token.address, namespace }) } : await hook!.promise(request)
        expect(result?.hash, 'no transaction hash')
        if (token.readBalance) {
          const wanted = parseDecimalUnits(token.amount, token.decimals)
          const received = await balanceReaching(() => token.readBalance!(to), wanted)
          expect(received === wanted, `the recipient holds ${received}, expected ${token.amount}`)
        }
      })
    }

    if (capabilities.has('signer') && !chain.signer) fail('signer', 'declared but not exercised: pass chain.signer')
    if (capabilities.has('signer') && chain.signer) {
      await step("signer: a site's own transaction, signed and accepted by the chain", async () => {
        const signer = await portico.getSigner(namespace)
        return chain.signer!({ signer, address, network: chain.network, portico })
      })
    }

    if (wallet.setMode && (capabilities.has('signMessage') || capabilities.has('send'))) {
      await step('a wallet that rejects: code 4001, still connected', async () => {
        setMode('reject')
        try {
          if (capabilities.has('signMessage')) {
            const error = await portico.signMessage({ message: 'no', namespace }).then(() => undefined, (e: unknown) => e)
            expect(error instanceof ProviderRpcError && error.isUserRejection, `signMessage: expected a user rejection, got ${describeError(error)}`)
          }
          if (capabilities.has('send')) {
            const to = chain.freshAddress()
            const error = await portico.send({ to, amount: chain.sendAmount ?? '0.01', namespace }).then(() => undefined, (e: unknown) => e)
            expect(error instanceof ProviderRpcError && error.isUserRejection, `send: expected a user rejection, got ${describeError(error)}`)
            if (chain.readBalance) expect((await chain.readBalance(to)) === 0n, 'a rejected send moved funds')
          }
        } finally {
          setMode('approve')
        }
        expect(portico.getState().connections[namespace]?.status === 'connected', 'a rejection ended the connection')
      })
    }

    await step('invalid addresses are refused before the wallet is asked', async () => {
      const bad = [...(chain.invalidAddresses ?? []), '', ' ', 'not an address', `${address}x`, address.slice(0, -1)]
      for (const candidate of bad) expect(!portico.isAddress(candidate, namespace), `the validator accepts ${JSON.stringify(candidate)}`)
      if (capabilities.has('send')) {
        const before = wallet.requestCount?.()
        for (const candidate of chain.invalidAddresses ?? []) {
          const error = await portico.send({ to: candidate, amount: '1', namespace }).then(() => undefined, (e: unknown) => e)
          expect(error instanceof BaseError, `send to ${JSON.stringify(candidate)} did not fail with a typed error`)
        }
        if (before !== undefined) expect(wallet.requestCount?.() === before, 'the wallet was asked about an invalid address')
      }
    })

    if (capabilities.has('connect')) {
      await step('a silent reconnect on the next page load', async () => {
        const next = make()
        expect(next.getState().connections[namespace]?.status === 'connecting', 'the stored connection does not show "connecting" from the start')
        await next.ready()
        const restored = next.getState().connections[namespace]
        expect(restored?.status === 'connected' && restored.address === address, `not restored: ${JSON.stringify(restored)}`)
        await next.disconnect(namespace)
      })
    }

    await step('disconnect', async () => {
      await portico.disconnect(namespace)
      expect(portico.getState().connections[namespace]?.status === 'disconnected', 'still connected')
    })
  } catch (error) {
    fail('run', describeError(error))
  } finally {
    await step('clean disposal', async () => {
      for (const instance of instances.splice(0)) await instance.destroy()
      const open = listeners.open()
      expect(open === 0, `${open} event listener(s) left on the page`)
      if (walletListenersBefore !== undefined) {
        const now = wallet.listenerCount?.()
        expect(now === walletListenersBefore, `${(now ?? 0) - walletListenersBefore} listener(s) left on the wallet`)
      }
    })
    listeners.restore()
  }
  return finish()

  function finish(): RunChainPluginConformanceReturnType {
    const issues = checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`)
    return { ok: issues.length === 0, issues, checks }
  }
}
