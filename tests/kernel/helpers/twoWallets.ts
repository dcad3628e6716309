import { createPorticoKernel, definePlugin, type PorticoOptions } from '../../../kernel/kernel.js'
import { addressA, addressB, evmA, evmB, memoryStorage } from './testKit.js'

/** Two wallets of one namespace, each with its own account, that sign as themselves (a fake inside this unit's test). */
export function twoWallets(live: Record<string, boolean> = { one: true, two: true }, walletNames: Record<string, unknown> = {}) {
  const addressOf: Record<string, string> = { one: addressA, two: addressB }
  const calls: string[] = []
  const plugin = definePlugin({
    name: 'eip155',
    kind: 'chain',
    namespace: 'eip155',
    version: '0.0.0',
    meta: { description: 'Two test wallets.', capabilities: ['connect', 'signMessage'] },
    setup(portico) {
      portico.chains.register({ namespace: 'eip155', isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a) })
      portico.hooks.discoverWallets.for('eip155').tapPromise('eip155', async (context) => {
        context.add({ id: 'one', name: 'Wallet One', namespace: 'eip155', type: 'ANNOUNCED' })
        context.add({ id: 'two', name: 'Wallet Two', namespace: 'eip155', type: 'ANNOUNCED' })
      })
      const answer = (connectorId: string) => ({ connectorId, accounts: [{ address: addressOf[connectorId] as string }], caipNetworkId: 'eip155:1' as const, ...(walletNames[connectorId] !== undefined ? { walletName: walletNames[connectorId] as string } : {}) })
      portico.hooks.connect.for('eip155').tapPromise('eip155', async ({ connectorId }) => (calls.push(`connect:${connectorId}`), answer(connectorId)))
      portico.hooks.reconnect.for('eip155').tapPromise('eip155', async ({ connectorId }) => (calls.push(`reconnect:${connectorId}`), live[connectorId] ? answer(connectorId) : undefined))
      portico.hooks.disconnect.for('eip155').tapPromise('eip155', async ({ connectorId }) => void calls.push(`disconnect:${connectorId}`))
      portico.hooks.signMessage.for('eip155').tapPromise('eip155', async ({ connectorId, message }) => ({ signature: `${connectorId}:${message}` }))
    },
  })
  return { plugin, calls, live, walletNames }
}

/** A Portico with the two wallets, `multiWallet` on or off. */
export function setupTwoWallets({
  multiWallet,
  storage = memoryStorage(),
  live,
  walletNames,
}: {
  multiWallet: boolean
  storage?: ReturnType<typeof memoryStorage>
  live?: Record<string, boolean>
  walletNames?: Record<string, unknown>
}) {
  const wallets = twoWallets(live, walletNames)
  const options: PorticoOptions = {
    projectId: 'test',
    networks: [evmA, evmB],
    plugins: [wallets.plugin],
    storage,
    endpoints: { api: 'http://127.0.0.1:9' },
    features: { multiWallet },
  }
  return { portico: createPorticoKernel(options), storage, ...wallets }
}

