import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import type { SendMemoRule } from '../types/plugin.js'

/**
 * Whether a send on `namespace` may carry a memo, and how long it may be: the `meta.sendMemo` of the
 * chain plugin serving the namespace (the kernel names no namespace itself).
 *
 * @param portico the instance
 * @param namespace a CAIP-2 namespace; the active one when omitted
 * @returns `{ maxBytes }`, or undefined when the namespace takes no memo
 * @example
 * sendMemoRule(portico, 'stacks') // { maxBytes: 34 } with portico/stacks
 */
export function sendMemoRule(portico: Pick<PorticoBase, 'plugins' | 'stores'>, namespace?: ChainNamespace): SendMemoRule | undefined {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  const rule = portico.plugins.find((plugin) => plugin.kind === 'chain' && plugin.namespace === ns && plugin.meta?.sendMemo)?.meta?.sendMemo
  return rule ? { maxBytes: rule.maxBytes } : undefined
}

/** The memo's length in bytes of UTF-8. */
export const memoByteLength = (memo: string): number => new TextEncoder().encode(memo).length
/** A lone UTF-16 surrogate: UTF-8 cannot carry it (it would be sent as U+FFFD, not as typed). */
export const hasLoneSurrogate = (text: string): boolean => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
