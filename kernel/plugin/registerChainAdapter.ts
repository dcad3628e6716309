import type { Disposer } from '../types/plugin.js'
import type { ChainAdapter, ChainAdapterHookName } from '../types/chainAdapter.js'
import type { PluginContext } from './createPluginContext.js'

/** The adapter's hook methods, in the order they are tapped. */
const hookMethods = [
  'discoverWallets',
  'connect',
  'reconnect',
  'disconnect',
  'switchNetwork',
  'signMessage',
  'fetchBalance',
  'fetchTokenBalances',
  'send',
] as const satisfies readonly ChainAdapterHookName[]

// Every hook method of the adapter is tapped: a method added to the type and not here fails to compile.
type Untapped = Exclude<ChainAdapterHookName, (typeof hookMethods)[number]>
const allTapped: [Untapped] extends [never] ? true : Untapped = true
void allTapped

/** Stage of the adapter's `fetchTokenBalances` tap: after the blockchain API (stage 10). */
const chainTokenBalancesStage = 20

/**
 * Fills a namespace's hooks from a chain plugin's {@link ChainAdapter}: each hook method present
 * taps the hook of the same name for `adapter.namespace` (tap name: the namespace), the adapter
 * joins `portico.chains` (for the methods the kernel calls directly: `request`, `rpcRequest`,
 * `sendTransaction`, `estimateSendFee`, `waitForTransaction`, `selectAccount`), and the address
 * rule, explorer links, built-in wallets and sign-in verifier are registered. Call it from the
 * plugin's `setup` and return what it returns.
 *
 * @param portico - the plugin context given to `setup`
 * @param adapter - the chain's adapter
 * @returns a disposer that runs the adapter's `dispose`
 * @example
 * setup(portico) {
 *   return registerChainAdapter(portico, { namespace: 'mychain', isAddress, explorers, discoverWallets, connect, … })
 * }
 */
export function registerChainAdapter(portico: PluginContext, adapter: ChainAdapter): Disposer {
  const { namespace } = adapter
  const { hooks } = portico
  portico.explorers.register(namespace, adapter.explorers)
  if (adapter.signInVerifier) portico.signInVerifiers.register(namespace, adapter.signInVerifier)
  portico.chains.register(adapter)
  for (const name of hookMethods) {
    const method = adapter[name] as ((request: never) => Promise<unknown>) | undefined
    if (!method) continue
    const hook = hooks[name].for(namespace) as unknown as { tapPromise(options: string | { name: string; stage: number }, fn: (request: never) => Promise<unknown>): void }
    const options = name === 'fetchTokenBalances' ? { name: namespace, stage: chainTokenBalancesStage } : namespace
    hook.tapPromise(options, (request) => method.call(adapter, request))
  }
  return () => adapter.dispose?.()
}
