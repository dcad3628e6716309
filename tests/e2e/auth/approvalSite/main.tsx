// A site with the embedded wallet on eip155 and solana, as its owner writes it from the docs
// (docs/guides/embedded-wallet.md; tests/e2e/auth/approval.test.ts and recovery.test.ts): the page's
// Connect button and `window.site.request(...)`, which is what any script of the site's page may do —
// ask the connected wallet to sign or send through Portico. Endpoints come from the query.
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../../../kernel/index.js'
import { auth } from '../../../../plugins/auth/index.js'
import { defineNetwork, eip155 } from '../../../../plugins/eip155/index.js'
import { defineSolanaNetwork, solana } from '../../../../plugins/solana/index.js'
import { ConnectButton, PorticoProvider } from '../../../../ui/index.js'

const query = new URLSearchParams(location.search)
const api = query.get('api') ?? ''
const portico = createPortico({
  projectId: 'demo',
  // `?theme=system`: the modal (and the wallet frame's screens) follow the visitor's scheme.
  ...(query.get('theme') === 'system' ? { themeMode: 'system' as const } : {}),
  // The embedded wallet's EOA signs here, unless `?accountType=smartAccount` (the spec's default for eip155).
  defaultAccountTypes: { eip155: query.get('accountType') === 'smartAccount' ? 'smartAccount' : 'eoa' },
  networks: [
    defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [query.get('rpc') ?? ''] }),
    defineSolanaNetwork({ reference: query.get('solanaRef') ?? '', name: 'Portico Solana Localnet', rpcUrls: [query.get('solanaRpc') ?? ''] }),
  ],
  endpoints: { api, relay: `${api.replace(/^http/, 'ws')}/relay` },
  plugins: [eip155(), solana(), auth({ walletOrigin: query.get('wallet') ?? '', ...(query.get('messageApproval') === 'skip' ? { messageApproval: 'skip' as const } : {}) })],
})

/** What a request answered: its result, or its error's code and message. */
type Outcome = { result: unknown } | { error: { code: unknown; message: string } }

;(window as unknown as { site: unknown }).site = {
  kernelLoaded: () => portico.kernel !== undefined,
  state: () => portico.getState(),
  request: (chainId: `${string}:${string}`, method: string, params: unknown): Promise<Outcome> =>
    portico.request({ chainId, method, params }).then(
      (result) => ({ result }),
      (error: { code?: unknown; shortMessage?: string; message?: string }) => ({ error: { code: error?.code, message: error?.shortMessage ?? error?.message ?? String(error) } }),
    ),
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider portico={portico}>
    <nav aria-label="Wallet">
      <ConnectButton />
    </nav>
  </PorticoProvider>,
)
