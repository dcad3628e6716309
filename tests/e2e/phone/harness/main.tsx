// A Solana site as its owner writes it (solana plugin + the React UI), for a visitor on a phone who
// has no wallet: nothing injected, the Connect view is all they have. Its only network is Solana
// mainnet by name, its RPC a loopback address nobody asks (the visitor never connects here). It opts
// into Solana Mobile Wallet Adapter (`portico/solana/mobile`), which loads on Android only.
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../../../kernel/kernel.js'
import { defineSolanaNetwork, solana } from '../../../../plugins/solana/index.js'
import { mobileWalletAdapter } from '../../../../plugins/solana/mobile/index.js'
import { ConnectButton, PorticoProvider } from '../../../../ui/kit.js'

const mainnet = defineSolanaNetwork({ reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', rpcUrls: [`${location.origin}/rpc`] })
const portico = createPortico({
  projectId: 'demo',
  networks: [mainnet],
  endpoints: { api: location.origin },
  metadata: { name: 'Solana phone site', description: 'A Solana site', url: location.origin, icons: [] },
  plugins: [solana({ mobileWalletAdapter })],
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider portico={portico}>
    <nav aria-label="Wallet">
      <ConnectButton />
    </nav>
  </PorticoProvider>,
)
