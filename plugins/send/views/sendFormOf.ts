import type { Portico } from '../../../kernel/kernel.js'
import { followTransaction } from '../actions/followTransaction.js'
import type { SendPluginStore } from '../send.js'
import { SendStore } from '../stores/SendStore.js'

/**
 * The plugin's store and the instance's send form, made with the views' chunk the first time the
 * form opens: it sends through the kernel's `send` action, and after a send follows the
 * transaction in a toast, returns to Account and refreshes the balances and activity.
 *
 * @example
 * const { form, context } = sendFormOf(usePortico())
 */
export function sendFormOf(portico: Portico): { form: SendStore; context: SendPluginStore['context'] } {
  const store = portico.getStore<SendPluginStore>('send')
  if (!store) throw new Error('The send views need the send plugin: createPortico({ plugins: [send()] })')
  const { context } = store
  if (!store.form) {
    store.form = new SendStore({
      isAddress: (address) => portico.isAddress(address),
      resolveName: (name) => portico.resolveName(name),
      lookupName: (address) => portico.lookupName(address),
      send: (parameters) => portico.send(parameters),
      estimateFee: (parameters) => portico.estimateSendFee(parameters),
      memoRule: () => portico.sendMemo(),
      ownAddress: () => context.stores.connections.address(context.stores.networks.activeNamespace),
      onSent: (hash) => {
        const { connections, networks, modal } = context.stores
        const namespace = networks.activeNamespace
        const network = networks.find(connections.get(namespace).caipNetworkId) ?? networks.activeOf(namespace)
        void followTransaction(context, namespace, network, hash)
        // Back from Account must not lead into the cleared send form.
        if (modal.open) context.resetView('Account')
        void portico.fetchTokenBalances(undefined, { force: true }).catch(() => undefined)
        void portico.fetchBalance(undefined, { force: true }).catch(() => undefined)
        void portico.fetchTransactions().catch(() => undefined)
      },
    })
  }
  return { form: store.form, context }
}
