// The WalletConnect E2E page: a site as its owner writes it (eip155 + walletConnect + the React
// UI), its endpoints read from the query string (a strict CSP allows no inline script).
import { createRoot } from 'react-dom/client'
import { useState } from 'react'
import { createPortico } from '../../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../../plugins/eip155/index.js'
import { walletConnect } from '../../../../plugins/walletconnect/index.js'
import { ConnectButton, NetworkButton, PorticoProvider } from '../../../../ui/kit.js'

const query = new URLSearchParams(location.search)
const networks = [
  defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [query.get('rpcA') ?? ''] }),
  defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [query.get('rpcB') ?? ''] }),
]
const portico = createPortico({
  projectId: 'demo',
  networks,
  endpoints: { api: location.origin, relay: `ws://${location.host}/relay` },
  plugins: [eip155(), walletConnect()],
  debug: query.get('debug') === '1',
})
;(window as unknown as { porticoHarness: unknown }).porticoHarness = {
  getState: () => portico.getState(),
  /** The pairing URI as soon as the plugin has one (before the QR code renders). */
  pairingUri: () => portico.kernel?.getStore<{ uri?: string }>('walletconnect')?.uri,
  // For a failing test's explanation: whether the kernel loaded, and where WalletConnect stands.
  describe: () => {
    const store = portico.kernel?.getStore<{ status: string; uri?: string; error?: { message: string } }>('walletconnect')
    return { kernelLoaded: portico.kernel !== undefined, startupDuties: portico.startupDuties, walletconnect: store ? { status: store.status, uri: store.uri?.slice(0, 16), error: store.error?.message.split('\n')[0] } : undefined }
  },
}

// The site's own button calls the handle's action (it loads the kernel on the click), so nothing on
// the page loads the kernel before the visitor acts (as on a site that follows the docs).
function SignPanel() {
  const [signed, setSigned] = useState({ message: '', signature: '' })
  const [count, setCount] = useState(0)
  const sign = () => {
    const message = `Hello from the page #${count + 1}`
    setCount(count + 1)
    setSigned({ message, signature: '' })
    portico.signMessage({ message }).then(
      (signature) => setSigned({ message, signature }),
      (e: Error) => setSigned({ message, signature: `error: ${e.message.split('\n')[0]}` }),
    )
  }
  return (
    <section>
      <button type="button" onClick={sign}>
        Sign message
      </button>
      <output aria-label="Signed message">{signed.message}</output>
      <output aria-label="Signature">{signed.signature}</output>
    </section>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider portico={portico}>
    <header className="harness-header">
      <NetworkButton />
      <ConnectButton />
    </header>
    <SignPanel />
  </PorticoProvider>,
)
