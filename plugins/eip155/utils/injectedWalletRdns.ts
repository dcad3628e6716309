/**
 * The EIP-6963 rdns of the wallets whose own flag marks their injected provider. Several wallets
 * also set `isMetaMask` so that sites looking only for it work (MetaMask's docs: "Non-MetaMask
 * providers may also set this property to true"; Rabby sets both): their own flag wins.
 */
const brandFlags: readonly [flag: string, rdns: string][] = [
  ['isRabby', 'io.rabby'],
  ['_isRabby', 'io.rabby'],
  ['isCoinbaseWallet', 'com.coinbase.wallet'],
]

/** Flags set by wallets that are not MetaMask although they may also claim `isMetaMask`. */
const notMetaMask = /^_?is(?!MetaMask$|Connected$)[A-Z][A-Za-z]*$/

/**
 * Which wallet a plain `window.ethereum` is, by its flags, as the rdns that wallet announces by
 * EIP-6963: `io.rabby` for `isRabby`, `com.coinbase.wallet` for `isCoinbaseWallet`, `io.metamask`
 * only for an `isMetaMask` with no other wallet's `is…` flag set (an impostor is not MetaMask).
 * Undefined when the flags do not say (another wallet's flag that throws when read counts as set).
 *
 * @example
 * injectedWalletRdns({ isMetaMask: true, isRabby: true }) // 'io.rabby'
 */
export function injectedWalletRdns(provider: object): string | undefined {
  /** true, false, or undefined when reading it throws (then it proves nothing either way). */
  const flag = (name: string): boolean | undefined => {
    try {
      return (provider as Record<string, unknown>)[name] === true
    } catch {
      return undefined
    }
  }
  for (const [name, rdns] of brandFlags) if (flag(name) === true) return rdns
  if (flag('isMetaMask') !== true) return undefined
  let names: string[]
  try {
    names = Object.keys(provider)
  } catch {
    return undefined
  }
  return names.some((name) => notMetaMask.test(name) && flag(name) !== false) ? undefined : 'io.metamask'
}
