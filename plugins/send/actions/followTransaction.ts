import type { ChainNamespace, Network, PluginContext } from '../../../kernel/kernel.js'

/** The newest followed transaction of each instance. */
const latest = new WeakMap<PluginContext, number>()

/**
 * Follows a transaction the send view submitted, in the toast: "Transaction pending" with the
 * explorer link, then "Transaction confirmed" or "Transaction failed" as the namespace's
 * chain adapter's `waitForTransaction` says (linking to the hash the tap names, when the chain knows the
 * transaction by another: a Safe's execution). Without one the toast says "Transaction started" as before; one
 * that throws leaves "Could not confirm the transaction". A newer send takes the toast over:
 * an older transaction settling later does not replace it.
 *
 * @example
 * void followTransaction(portico, 'eip155', devnetA, '0xabc…')
 */
export async function followTransaction(portico: PluginContext, namespace: ChainNamespace, network: Network | undefined, hash: string): Promise<void> {
  const href = portico.explorers.transactionUrl(network, hash)
  const link = href ? { href, label: 'toast.viewOnExplorer' } : undefined
  if (!network || !portico.chains.has(namespace, 'waitForTransaction')) {
    portico.showToast({ message: 'toast.transactionStarted', variant: 'success', ...(link ? { link } : {}) })
    return
  }
  const turn = (latest.get(portico) ?? 0) + 1
  latest.set(portico, turn)
  portico.showToast({ message: 'toast.transactionPending', variant: 'loading', ...(link ? { link } : {}) })
  let message: string
  let variant: 'success' | 'error'
  let settled = link
  try {
    const result = await portico.chains.call(namespace, 'waitForTransaction', { namespace, network, hash })
    const onChain = result?.hash && result.hash !== hash ? portico.explorers.transactionUrl(network, result.hash) : undefined
    if (onChain) settled = { href: onChain, label: 'toast.viewOnExplorer' }
    message = result?.status === 'confirmed' ? 'toast.transactionConfirmed' : result?.status === 'failed' ? 'toast.transactionFailed' : 'toast.transactionUnknown'
    variant = result?.status === 'confirmed' ? 'success' : 'error'
  } catch (error) {
    portico.reportError(error, { namespace, action: 'waitForTransaction' })
    message = 'toast.transactionUnknown'
    variant = 'error'
  }
  if (turn !== latest.get(portico)) return
  portico.showToast({ message, variant, ...(settled ? { link: settled } : {}) })
}
