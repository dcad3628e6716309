// The Leap persona for cosmos (`?personas=cosmos/leap`): `window.leap` as Leap's extension injects
// it, in Leap's dialect. Each behaviour and its source: docs/wallets/leap.md.
import type { CosmosRefusal } from '../../cosmosWallet/createCosmosDevWallet.js'
import { createCosmosPersona } from '../../cosmosWallet/createCosmosPersona.js'
import { keplrOfflineSigners } from '../../cosmosWallet/keplrOfflineSigners.js'

/** Leap's words for a refusal, by what was refused (its background script and approval pages). */
const refusals: Record<CosmosRefusal, string> = {
  enable: 'Chain approval rejected',
  sign: 'Transaction declined',
  suggest: 'Rejected by the user.',
}

const persona = createCosmosPersona({
  id: 'cosmos/leap',
  name: 'Leap',
  dialect: {
    storageKey: 'portico.persona.leap',
    // The content script dispatches `new CustomEvent('leap_keystorechange', { detail: {} })` on the window.
    keystoreEvent: 'leap_keystorechange',
    refusal: (kind) => new Error(refusals[kind]),
    // A chain id Leap does not hold: "Invalid chain id", for enable and getKey alike.
    unknownChain: () => new Error('Invalid chain id'),
    grantOnUse: true,
  },
})
const { provider, control } = persona
const signers = keplrOfflineSigners(provider)

const leap = Object.freeze({
  version: '0.0.0-portico-persona',
  mode: 'extension' as const,
  enable: provider.enable,
  experimentalSuggestChain: provider.experimentalSuggestChain,
  // Leap's Key has no `isKeystone` (its API reference lists name, algo, pubKey, address, bech32Address, isNanoLedger).
  async getKey(chainId: string) {
    const key = await provider.getKey(chainId)
    return { name: key.name, algo: key.algo, pubKey: key.pubKey, address: key.address, bech32Address: key.bech32Address, isNanoLedger: key.isNanoLedger }
  },
  async getKeys(chainIds: string[]) {
    return Promise.all(chainIds.map((chainId) => leap.getKey(chainId)))
  },
  signAmino(chainId: string, signer: string, signDoc: Record<string, unknown>) {
    if (!signer) return Promise.reject(new Error('Signer is required'))
    return provider.signAmino(chainId, signer, signDoc)
  },
  // Leap answers with the account number as a Long-like value, read back from its string.
  async signDirect(chainId: string, signer: string, signDoc: Parameters<typeof provider.signDirect>[2]) {
    const answer = await provider.signDirect(chainId, signer, signDoc)
    const accountNumber = String(answer.signed.accountNumber ?? '0')
    return { signed: { ...answer.signed, accountNumber: { toString: () => accountNumber } }, signature: answer.signature }
  },
  signArbitrary: provider.signArbitrary,
  sendTx: provider.sendTx,
  // No `disable`: Leap ends a site's access with `disconnect(chainId)`, and says whether it holds one with `isConnected`.
  async isConnected(chainId: string) {
    return control.getState().enabledChains.includes(chainId)
  },
  async disconnect(chainId: string) {
    await provider.disable(chainId)
    return true
  },
  ...signers,
})

function inject() {
  const descriptor = Object.getOwnPropertyDescriptor(window, 'leap')
  if (descriptor && !descriptor.configurable) console.warn("Cannot redefine non-configurable property 'leap'.")
  else Object.defineProperty(window, 'leap', { value: leap, writable: false })
  // Leap also answers as Keplr when Keplr is absent (a plain assignment Keplr can take back).
  const page = window as unknown as Record<string, unknown>
  if (!page.keplr) page.keplr = leap
  persona.register()
}

// Leap's docs: `window.leap` is "injected into the web app on page load". The persona injects once
// the document is parsed (DOMContentLoaded); its content script runs at document_start.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', inject, { once: true })
else inject()
