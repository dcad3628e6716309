// A plain site with the embedded wallet, as its owner writes it from the docs
// (docs/guides/embedded-wallet.md): eip155 and auth against the sandbox's server and wallet origin,
// the page's Connect button. Nothing of the sandbox's demo. Endpoints come from the query string.
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../../../kernel/index.js'
import { auth } from '../../../../plugins/auth/index.js'
import { defineNetwork, eip155 } from '../../../../plugins/eip155/index.js'
import { ConnectButton, PorticoProvider } from '../../../../ui/index.js'

const query = new URLSearchParams(location.search)
const api = query.get('api') ?? ''
const portico = createPortico({
  projectId: 'demo',
  networks: [defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [query.get('rpc') ?? ''] })],
  endpoints: { api, relay: `${api.replace(/^http/, 'ws')}/relay` },
  plugins: [eip155(), auth({ walletOrigin: query.get('wallet') ?? '' })],
})
;(window as unknown as { site: unknown }).site = { kernelLoaded: () => portico.kernel !== undefined, state: () => portico.getState() }

createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider portico={portico}>
    <nav aria-label="Wallet">
      <ConnectButton />
    </nav>
  </PorticoProvider>,
)
