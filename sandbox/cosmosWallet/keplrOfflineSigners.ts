import type { CosmosDevWalletProvider } from './createCosmosDevWallet.js'

type SignDirectDoc = Parameters<CosmosDevWalletProvider['signDirect']>[2]
type AccountData = { address: string; algo: 'secp256k1'; pubkey: Uint8Array }

/** CosmJS's `OfflineAminoSigner` as Keplr hands it out: bound to one chain id. */
export type KeplrOfflineAminoSigner = {
  readonly chainId: string
  getAccounts(): Promise<AccountData[]>
  signAmino(signerAddress: string, signDoc: Record<string, unknown>): ReturnType<CosmosDevWalletProvider['signAmino']>
}

/** CosmJS's `OfflineAminoSigner & OfflineDirectSigner` as Keplr hands it out. */
export type KeplrOfflineSigner = KeplrOfflineAminoSigner & {
  signDirect(signerAddress: string, signDoc: SignDirectDoc): ReturnType<CosmosDevWalletProvider['signDirect']>
}

export type KeplrOfflineSignerMethods = {
  getOfflineSigner(chainId: string): KeplrOfflineSigner
  getOfflineSignerOnlyAmino(chainId: string): KeplrOfflineAminoSigner
  getOfflineSignerAuto(chainId: string): Promise<KeplrOfflineSigner | KeplrOfflineAminoSigner>
}

/**
 * The three CosmJS offline signers of Keplr's API (`getOfflineSigner`, `getOfflineSignerOnlyAmino`,
 * `getOfflineSignerAuto`, the last amino-only for a Ledger key) over a Keplr-compatible provider:
 * `getAccounts` reads `getKey`, each signature goes through the provider with the chain id bound.
 * Keplr, Leap and Cosmostation's Keplr mode all hand these out; their personas share this.
 *
 * @param provider the Keplr-compatible provider the signers call
 * @returns the three methods, to spread into the injected object
 * @example
 * const keplr = { ...provider, ...keplrOfflineSigners(provider) }
 */
export function keplrOfflineSigners(provider: Pick<CosmosDevWalletProvider, 'getKey' | 'signAmino' | 'signDirect'>): KeplrOfflineSignerMethods {
  const aminoSigner = (chainId: string): KeplrOfflineAminoSigner => ({
    chainId,
    async getAccounts() {
      const key = await provider.getKey(chainId)
      return [{ address: key.bech32Address, algo: 'secp256k1', pubkey: key.pubKey }]
    },
    signAmino: (signerAddress, signDoc) => provider.signAmino(chainId, signerAddress, signDoc),
  })
  const fullSigner = (chainId: string): KeplrOfflineSigner => ({ ...aminoSigner(chainId), signDirect: (signerAddress, signDoc) => provider.signDirect(chainId, signerAddress, signDoc) })
  return {
    getOfflineSigner: fullSigner,
    getOfflineSignerOnlyAmino: aminoSigner,
    async getOfflineSignerAuto(chainId) {
      const key = await provider.getKey(chainId)
      return key.isNanoLedger ? aminoSigner(chainId) : fullSigner(chainId)
    },
  }
}
