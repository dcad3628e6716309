import type { Portico } from '../../../kernel/kernel.js'
import { followTransaction } from '../actions/followTransaction.js'
import type { SendPluginStore } from '../send.js'
import { SendStore } from '../stores/SendStore.js'

/** The send's success screen (setupSend registers it). */
const successView = 'WalletSendSuccess'

/**
 * The plugin's store and the instance's send form, made with the views' chunk the first time the
 * form opens: it sends through the kernel's `send` action, and after a send shows the success
 * screen (WalletSendSuccess, over Account) that follows the transaction to its receipt (the toast
 * takes over once the visitor left it) and refreshes the balances and activity.
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
        const { connections, networks, modal, router } = context.stores
        const namespace = networks.activeNamespace
        const network = networks.find(connections.get(namespace).caipNetworkId) ?? networks.activeOf(namespace)
        // The success screen over the Account view: Back (hidden there) and Done never lead into the emptied form.
        if (modal.open) {
          context.resetView('Account')
          context.pushView(successView)
        }
        void followTransaction(context, namespace, network, hash, (progress, explorer) => {
          store.form?.follow(hash, progress, explorer)
          return modal.open && router.view === successView && store.form?.sent?.hash === hash
        })
        void portico.fetchTokenBalances(undefined, { force: true }).catch(() => undefined)
        void portico.fetchBalance(undefined, { force: true }).catch(() => undefined)
        void portico.fetchTransactions().catch(() => undefined)
      },
    })
  }
  return { form: store.form, context }
}
