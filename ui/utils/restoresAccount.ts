import type { PorticoOptions } from '../../kernel/index.js'

/**
 * Whether the restore cookie keeps the account (`restoreCookie: { account: true }`): the page
 * buttons then show a returning visitor's account while their wallet is asked again.
 *
 * @example
 * restoresAccount({ restoreCookie: { account: true } }) // true
 */
export function restoresAccount(options: Pick<PorticoOptions, 'restoreCookie'>): boolean {
  return typeof options.restoreCookie === 'object' && options.restoreCookie.account === true
}
