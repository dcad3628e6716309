// The Keplr persona for cosmos (`?personas=cosmos/keplr`): `window.keplr` as Keplr's extension
// injects it, in Keplr's dialect. Each behaviour and its source: docs/wallets/keplr.md.
import { createCosmosPersona } from '../../cosmosWallet/createCosmosPersona.js'
import { keplrOfflineSigners } from '../../cosmosWallet/keplrOfflineSigners.js'

const persona = createCosmosPersona({
  id: 'cosmos/keplr',
  name: 'Keplr',
  dialect: {
    storageKey: 'portico.persona.keplr',
    // The extension dispatches a plain `keplr_keystorechange` on the window when the visitor picks another key.
    keystoreEvent: 'keplr_keystorechange',
    // Every refusal reaches the page as `new Error('Request rejected')` (no code); an unknown chain as "There is no chain info for <id>".
    refusal: () => new Error('Request rejected'),
    unknownChain: (chainId) => new Error(`There is no chain info for ${chainId}`),
    // getKey and every signature call `ensureEnabled` first: on a chain the site does not hold, Keplr asks.
    grantOnUse: true,
  },
})
const { provider } = persona
const signers = keplrOfflineSigners(provider)
const keplr = Object.freeze({
  version: '0.12.0-portico-persona',
  mode: 'extension' as const,
  enable: provider.enable,
  disable: provider.disable,
  experimentalSuggestChain: provider.experimentalSuggestChain,
  getKey: provider.getKey,
  signAmino: provider.signAmino,
  signDirect: provider.signDirect,
  signArbitrary: provider.signArbitrary,
  sendTx: provider.sendTx,
  ...signers,
})

/** Keplr's `defineUnwritablePropertyIfPossible`: takes a free or writable-and-configurable name, warns if another wallet holds it fixed. */
function defineUnwritable(name: string, value: unknown) {
  const descriptor = Object.getOwnPropertyDescriptor(window, name)
  if (descriptor && !descriptor.writable) {
    console.warn(`Failed to inject ${name} from keplr. Probably, other wallet is trying to intercept Keplr`)
    return
  }
  if (!descriptor || descriptor.configurable) Object.defineProperty(window, name, { value, writable: false })
  else (window as unknown as Record<string, unknown>)[name] = value
}

function inject() {
  defineUnwritable('keplr', keplr)
  defineUnwritable('getOfflineSigner', signers.getOfflineSigner)
  defineUnwritable('getOfflineSignerOnlyAmino', signers.getOfflineSignerOnlyAmino)
  defineUnwritable('getOfflineSignerAuto', signers.getOfflineSignerAuto)
  persona.register()
}

// Keplr's docs: `window.keplr` may be undefined until the document is loaded; check it on
// `window.onload` or once `document.readyState` is "complete". The persona holds to that bound (the
// real content script runs at document_start, earlier): it injects when the state turns "complete",
// before the window's `load` handlers run.
if (document.readyState === 'complete') inject()
else
  document.addEventListener('readystatechange', function onState() {
    if (document.readyState !== 'complete') return
    document.removeEventListener('readystatechange', onState)
    inject()
  })
