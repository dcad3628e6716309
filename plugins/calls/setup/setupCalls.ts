import { canSwitchAccountType, type ConnectionAccount, type Disposer, type PluginContext } from '../../../kernel/kernel.js'
import type { CallsApi } from '../../../kernel/plugin/callsApi.js'
import type { WalletRequester } from '../eip155/detectAccountType.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

/**
 * What the plugin's store holds: the kernel's EIP-5792 and account-type actions ({@link CallsApi}),
 * and the account types the eip155 plugin asks for each connection and account change.
 */
export type CallsStore = CallsApi & {
  /** The wallet's accounts with their types (`wallet_getCapabilities`: `smartAccount` or `eoa`), in the wallet's order. */
  typedAccounts(wallet: WalletRequester, addresses: readonly string[]): Promise<ConnectionAccount[]>
}

const actions = () => import('../callsActions.js')
const walletCalls = () => import('../eip155/walletCalls.js')
const namespace = 'eip155'

/**
 * The calls plugin's `setup`, loaded with the kernel (`calls().load()`): its store (the actions
 * the handle lends, loaded on first call), the eip155 taps (loaded on first use), and the Account
 * view's smart-account badges and account-type switch.
 *
 * @returns the disposer
 * @example
 * const dispose = setupCalls(context)
 */
export function setupCalls(portico: PluginContext): Disposer {
  portico.registerStore('calls', {
    getCapabilities: async (instance, parameters) => (await actions()).getCapabilities(instance, parameters),
    sendCalls: async (instance, parameters) => (await actions()).sendCalls(instance, parameters),
    getCallsStatus: async (instance, id, parameters) => (await actions()).getCallsStatus(instance, id, parameters),
    waitForCallsStatus: async (instance, id, parameters) => (await actions()).waitForCallsStatus(instance, id, parameters),
    showCallsStatus: async (instance, id, parameters) => (await actions()).showCallsStatus(instance, id, parameters),
    fetchUserOperationReceipt: async (instance, userOpHash, parameters) => (await actions()).fetchUserOperationReceipt(instance, userOpHash, parameters),
    switchAccountType: async (instance, type, parameters) => (await actions()).switchAccountType(instance, type, parameters),
    // Only a connector that creates accounts (a switchAccountType tap) is asked: no code loads for others.
    applyDefaultAccountType: async (instance, ns) => {
      if (portico.hooks.switchAccountType.get(ns)?.isUsed()) await (await actions()).applyDefaultAccountType(instance, ns).catch((error: unknown) => void portico.reportError(error, { namespace: ns, action: 'switchAccountType' }))
    },
    typedAccounts: async (wallet, addresses) => (await walletCalls()).typedAccounts(wallet, addresses),
  } satisfies CallsStore)
  // EIP-5792 and smart accounts for EVM wallets (plugins/calls/eip155): their code loads on first use.
  const { hooks } = portico
  hooks.getCapabilities.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).getCapabilities(portico, request))
  hooks.sendCalls.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).sendCalls(portico, request))
  hooks.getCallsStatus.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).getCallsStatus(portico, request))
  hooks.showCallsStatus.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).showCallsStatus(portico, request))
  hooks.smartAccount.for(namespace).tapPromise('calls', async (request) => (await walletCalls()).readDeployed(portico, request.network, request.address))

  // The Account view: a smart account's type and deployment, and a switch where the connection offers both types (spec §4).
  const { accounts } = portico.stores
  const deployment = { smartAccountDeployed: true, smartAccountNotDeployed: false, smartAccount: undefined } as const
  for (const [id, deployed] of Object.entries(deployment)) {
    portico.accountBadges.register({
      id,
      owner: 'calls',
      label: `calls.${id}`,
      shows: (account) => accounts.get(account.namespace).preferredAccountType === 'smartAccount' && accounts.get(account.namespace).smartAccountDeployed === deployed,
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
          await portico.switchAccountType(type, { namespace: account.namespace })
        } catch {
          // The kernel reported the error (the error hook, analytics); the visitor learns the switch did not happen.
          portico.showToast({ variant: 'error', message: 'calls.switchFailed' })
        }
      },
    })
  }
  return () => {
    for (const id of Object.keys(deployment)) portico.accountBadges.remove(id)
    for (const id of Object.keys(switches)) portico.accountActions.remove(id)
  }
}
