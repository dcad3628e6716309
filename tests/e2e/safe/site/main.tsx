// A plain Safe App site, as its owner writes it from the docs (docs/plugins/safe.md): eip155 and
// safe, the page's Connect button, and one button of the site's own that sends with the kernel's
// `send`. Nothing of the sandbox's demo. Endpoints come from the query string (no inline script).
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../../../kernel/index.js'
import { defineNetwork, eip155 } from '../../../../plugins/eip155/index.js'
import { safe } from '../../../../plugins/safe/index.js'
import { ConnectButton, PorticoProvider } from '../../../../ui/index.js'

const query = new URLSearchParams(location.search)
const api = query.get('api') ?? ''
const portico = createPortico({
  projectId: 'demo',
  networks: [defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [query.get('rpc') ?? ''] })],
  endpoints: { api, relay: `${api.replace(/^http/, 'ws')}/relay` },
  plugins: [eip155(), safe()],
})

function SendPanel() {
  const [result, setResult] = useState('')
  const send = () => {
    portico.send({ to: query.get('to') ?? '', amount: '0.01' }).then(
      (hash) => setResult(hash),
      (error: Error) => setResult(`error: ${error.message.split('\n')[0]}`),
    )
  }
  return (
    <section>
      <button type="button" onClick={send}>
        Send 0.01 ETH
      </button>
      <output aria-label="Send result">{result}</output>
    </section>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider portico={portico}>
    <nav aria-label="Wallet">
      <ConnectButton />
    </nav>
    <SendPanel />
  </PorticoProvider>,
)
