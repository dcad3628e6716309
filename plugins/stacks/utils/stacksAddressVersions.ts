/** The c32check version bytes of Stacks account addresses (SIP-005): the second character of the address. */
export const stacksAddressVersions = {
  /** `SP…` mainnet single-signature. */
  mainnetSingleSig: 22,
  /** `SM…` mainnet multi-signature. */
  mainnetMultiSig: 20,
  /** `ST…` testnet single-signature. */
  testnetSingleSig: 26,
  /** `SN…` testnet multi-signature. */
  testnetMultiSig: 21,
} as const

/** Which network family an address version belongs to. */
export type StacksAddressNetwork = 'mainnet' | 'testnet'

/** The network family of a version byte, or undefined for a version that is not an account address's. */
export function stacksNetworkOfVersion(version: number): StacksAddressNetwork | undefined {
  if (version === 22 || version === 20) return 'mainnet'
  if (version === 26 || version === 21) return 'testnet'
  return undefined
}
