import type { ChainNamespace, Network, PluginContext } from '../../../kernel/kernel.js'
import type { SentProgress } from '../stores/SendStore.js'

/** The newest followed transaction of each instance. */
const latest = new WeakMap<PluginContext, number>()

/**
 * Where a step of the transaction shows: the send's success screen takes it (and returns true)
 * while it is on screen; otherwise (the visitor left it, closed the modal) the toast says it.
 */
export type ShowProgress = (progress: SentProgress, explorer: string | undefined) => boolean

const toasts: Record<SentProgress, { message: string; variant: 'success' | 'error' | 'loading' }> = {
  sent: { message: 'toast.transactionStarted', variant: 'success' },
  pending: { message: 'toast.transactionPending', variant: 'loading' },
  confirmed: { message: 'toast.transactionConfirmed', variant: 'success' },
  failed: { message: 'toast.transactionFailed', variant: 'error' },
  unknown: { message: 'toast.transactionUnknown', variant: 'error' },
}

/**
 * Follows a transaction the send view submitted: "pending" with the explorer link, then
 * "confirmed" or "failed" as the namespace's chain adapter's `waitForTransaction` says (linking to
 * the hash the tap names, when the chain knows the transaction by another: a Safe's execution).
 * Without one it is "sent" (the chain took it; nothing to wait for); one that throws leaves
 * "unknown". Each step goes to `show` (the send's success screen), and to the toast when `show`
 * did not put it on screen. A newer send takes the toast over: an older transaction settling later
 * does not replace it.
 *
 * @example
 * void followTransaction(portico, 'eip155', devnetA, '0xabc…', (progress, explorer) => screen.follow(progress, explorer))
 */
export async function followTransaction(portico: PluginContext, namespace: ChainNamespace, network: Network | undefined, hash: string, show: ShowProgress = () => false): Promise<void> {
  const href = portico.explorers.transactionUrl(network, hash)
  const tell = (progress: SentProgress, explorer: string | undefined) => {
    if (show(progress, explorer)) return
    const link = explorer ? { href: explorer, label: 'toast.viewOnExplorer' } : undefined
    portico.showToast({ ...toasts[progress], ...(link ? { link } : {}) })
  }
  if (!network || !portico.chains.has(namespace, 'waitForTransaction')) {
    tell('sent', href)
    return
  }
  const turn = (latest.get(portico) ?? 0) + 1
  latest.set(portico, turn)
  tell('pending', href)
  let progress: SentProgress
  let settled = href
  try {
    const result = await portico.chains.call(namespace, 'waitForTransaction', { namespace, network, hash })
    const onChain = result?.hash && result.hash !== hash ? portico.explorers.transactionUrl(network, result.hash) : undefined
    if (onChain) settled = onChain
    progress = result?.status === 'confirmed' ? 'confirmed' : result?.status === 'failed' ? 'failed' : 'unknown'
  } catch (error) {
    portico.reportError(error, { namespace, action: 'waitForTransaction' })
    progress = 'unknown'
  }
  if (turn !== latest.get(portico)) {
    // The toast belongs to the newer send; a screen still showing this one hears how it ended.
    show(progress, settled)
    return
  }
  tell(progress, settled)
}
