import type { ConnectionAccount, Disposer, PluginContext } from '../../../kernel/kernel.js'
import { canSwitchAccountType } from '../actions/canSwitchAccountType.js'
import { createCallsHooks } from '../createCallsHooks.js'
import type { WalletRequester } from '../eip155/detectAccountType.js'
import type { CallsActions, CallsContext } from '../types.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

/**
 * What the plugin's store holds: the actions it lends the instance and the handle
 * ({@link CallsActions}, `actions`), and the account types the eip155 plugin asks for each
 * connection and account change.
 */
export type CallsStore = CallsActions & {
  /** The wallet's accounts with their types (`wallet_getCapabilities`: `smartAccount` or `eoa`), in the wallet's order. */
  typedAccounts(wallet: WalletRequester, addresses: readonly string[]): Promise<ConnectionAccount[]>
}

const actions = () => import('../callsActions.js')
const walletCalls = () => import('../eip155/walletCalls.js')
const namespace = 'eip155'

/**
 * The calls plugin's `setup`, loaded with the kernel (`calls().load()`): its hooks, its store (the
 * actions the handle lends, loaded on first call), the eip155 taps (loaded on first use), the
 * account-type follow-up of each connection, and the Account view's smart-account badges and
 * account-type switch.
 *
 * @returns the disposer
 * @example
 * const dispose = setupCalls(context)
 */
export function setupCalls(context: PluginContext): Disposer {
  const callsHooks = context.declareHooks(createCallsHooks())
  const portico: CallsContext = { ...context, callsHooks }
  portico.registerStore('calls', {
    getCapabilities: async (parameters) => (await actions()).getCapabilities(portico, parameters),
    sendCalls: async (parameters) => (await actions()).sendCalls(portico, parameters),
    getCallsStatus: async (id, parameters) => (await actions()).getCallsStatus(portico, id, parameters),
    waitForCallsStatus: async (id, parameters) => (await actions()).waitForCallsStatus(portico, id, parameters),
    showCallsStatus: async (id, parameters) => (await actions()).showCallsStatus(portico, id, parameters),
    fetchUserOperationReceipt: async (userOpHash, parameters) => (await actions()).fetchUserOperationReceipt(portico, userOpHash, parameters),
    switchAccountType: async (type, parameters) => (await actions()).switchAccountType(portico, type, parameters),
    typedAccounts: async (wallet, addresses) => (await walletCalls()).typedAccounts(wallet, addresses),
  } satisfies CallsStore)
  // EIP-5792 and smart accounts for EVM wallets (plugins/calls/eip155): their code loads on first use.
  callsHooks.getCapabilities.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).getCapabilities(portico, request))
  callsHooks.sendCalls.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).sendCalls(portico, request))
  callsHooks.getCallsStatus.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).getCallsStatus(portico, request))
  callsHooks.showCallsStatus.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).showCallsStatus(portico, request))
  callsHooks.smartAccount.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).readDeployed(portico, request.network, request.address))

  // After a connection, a connector that creates accounts (a switchAccountType tap) gets the
  // site's (or the chain plugin's) default account type: only then does the action's code load.
  context.hooks.connected.tap('calls', ({ namespace: ns }) => {
    if (!callsHooks.switchAccountType.get(ns)?.isUsed()) return
    void actions()
      .then((loaded) => loaded.applyDefaultAccountType(portico, ns))
      .catch((error: unknown) => void portico.reportError(error, { namespace: ns, action: 'switchAccountType' }))
  })
  // The active account's deployment (spec §3 smartAccountDeployed), on connect, account change and
  // network change: the smartAccount tap answers only for a smart account.
  const { connections, networks } = portico.stores
  const isSmart = (ns: string) => connections.get(ns).accounts[0]?.type === 'smartAccount'
  const watchers = networks.namespaces.map((ns) =>
    portico.watch(
      () => {
        const connection = connections.get(ns)
        const first = connection.accounts[0]
        return connection.status === 'connected' && first ? `${connection.caipNetworkId ?? ''}|${first.address}|${first.type ?? ''}` : ''
      },
      () => {
        // An EOA's connection loads nothing: only a smart account (or a deployment to clear) needs the action.
        if (isSmart(ns) || portico.stores.accounts.get(ns).smartAccountDeployed !== undefined) void actions().then((loaded) => loaded.refreshSmartAccount(portico, ns))
      },
    ),
  )

  // The Account view: a smart account's type and deployment, and a switch where the connection offers both types (spec §4).
  const { accounts } = portico.stores
  const deployment = { smartAccountDeployed: true, smartAccountNotDeployed: false, smartAccount: undefined } as const
  for (const [id, deployed] of Object.entries(deployment)) {
    portico.accountBadges.register({
      id,
      owner: 'calls',
      label: `calls.${id}`,
      shows: (account) => isSmart(account.namespace) && accounts.get(account.namespace).smartAccountDeployed === deployed,
    })
  }
  const switches = { switchToSmartAccount: 'smartAccount', switchToEoa: 'eoa' } as const
  for (const [id, type] of Object.entries(switches)) {
    portico.accountActions.register({
      id,
      owner: 'calls',
      label: `calls.${id}`,
      placement: 'row',
      order: 0,
      shows: (account) => canSwitchAccountType(portico, type, account.namespace),
      run: async (account) => {
        try {
          await (await actions()).switchAccountType(portico, type, { namespace: account.namespace })
        } catch {
          // The action reported the error (the error hook, analytics); the visitor learns the switch did not happen.
          portico.showToast({ variant: 'error', message: 'calls.switchFailed' })
        }
      },
    })
  }
  return () => {
    for (const dispose of watchers) dispose()
    for (const id of Object.keys(deployment)) portico.accountBadges.remove(id)
    for (const id of Object.keys(switches)) portico.accountActions.remove(id)
  }
}
