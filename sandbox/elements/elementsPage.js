// The plain HTML page's module (/elements.html): what a site without React or a bundler writes.
// It imports Portico's browser bundles by URL (here the sandbox's builds of `portico`,
// `portico/eip155` and `portico/elements`; on a real site the same files from dist/ or a CDN).
import { createPortico } from '/elements/portico.js'
import { defineNetwork, eip155 } from '/elements/eip155.js'
import { definePorticoElements } from '/elements/elements.js'

const origin = window.location.origin
const rpc = (caipNetworkId) => `${origin}/v1/?chainId=${caipNetworkId}&projectId=demo`
const logo = (caipNetworkId) => `${origin}/public/getAssetImage/${caipNetworkId}`

const portico = createPortico({
  projectId: 'demo',
  metadata: { name: 'Portico web components', description: 'A plain HTML page using Portico', url: origin, icons: [] },
  networks: [
    defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [rpc('eip155:31337')], imageUrl: logo('eip155:31337') }),
    defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [rpc('eip155:31338')], imageUrl: logo('eip155:31338') }),
  ],
  plugins: [eip155()],
  endpoints: { api: origin },
  themeMode: 'system',
})

definePorticoElements(portico)

// Every event the elements dispatch, listed on the page as it arrives (they bubble to document).
const log = document.getElementById('events')
for (const type of ['portico-connect', 'portico-disconnect', 'portico-account-change', 'portico-network-change', 'portico-open', 'portico-close']) {
  document.addEventListener(type, (event) => {
    const item = document.createElement('li')
    item.textContent = `${type} ${JSON.stringify(event.detail)}`
    log?.append(item)
  })
}
