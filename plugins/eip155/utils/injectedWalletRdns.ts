/**
 * Which wallet a plain `window.ethereum` is, by its flags, as the rdns that wallet announces by
 * EIP-6963: `io.rabby` for `isRabby` (or `_isRabby`, which Rabby keeps in its "MetaMask mode"),
 * `com.coinbase.wallet` for `isCoinbaseWallet`, and `io.metamask` only for an `isMetaMask` with no
 * other wallet's `is…` flag set: other wallets set `isMetaMask` too (MetaMask's docs: "Non-MetaMask
 * providers may also set this property to true"; Rabby sets both), and an impostor is not MetaMask.
 * Undefined when the flags do not say; a flag that throws when read counts as set.
 *
 * @example
 * injectedWalletRdns({ isMetaMask: true, isRabby: true }) // 'io.rabby'
 */
export function injectedWalletRdns(provider: object): string | undefined {
  /** The flag's value is `true`: true; anything else: false; reading it throws: undefined. */
  const flag = (name: string): boolean | undefined => {
    try {
      return (provider as Record<string, unknown>)[name] === true
    } catch {
      return undefined
    }
  }
  try {
    if (flag('isRabby') || flag('_isRabby')) return 'io.rabby'
    if (flag('isCoinbaseWallet')) return 'com.coinbase.wallet'
    return flag('isMetaMask') && !Object.keys(provider).some((name) => /^_?is(?!MetaMask$)[A-Z]/.test(name) && flag(name) !== false) ? 'io.metamask' : undefined
  } catch {
    return undefined
  }
}
