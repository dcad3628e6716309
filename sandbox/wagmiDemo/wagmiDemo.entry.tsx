// A wagmi site that connects with Portico (docs/guides/wagmi.md): its own wagmi hooks
// (useConnection, useBalance, useSendTransaction) on the wallet the visitor connected in
// Portico's modal. Served by the sandbox at /wagmi.html; everything talks to this origin.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createPortico } from 'portico'
import { defineNetwork, eip155 } from 'portico/eip155'
import { ConnectButton, NetworkButton, PorticoProvider } from 'portico/react'
import { portico as porticoConnector } from 'portico/wagmi'
import { defineChain, formatEther, parseEther, type Address } from 'viem'
import { createConfig, http, useBalance, useConnection, useSendTransaction, useWaitForTransactionReceipt, WagmiProvider } from 'wagmi'

const origin = window.location.origin
const rpc = (caipNetworkId: string) => `${origin}/v1/?chainId=${caipNetworkId}&projectId=demo`
const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

const portico = createPortico({
  projectId: 'demo',
  metadata: { name: 'Portico + wagmi demo', description: 'A wagmi site connecting with Portico', url: origin, icons: [] },
  networks: [
    defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [rpc('eip155:31337')] }),
    defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [rpc('eip155:31338')] }),
  ],
  plugins: [eip155()],
  endpoints: { api: origin },
})

const devnetA = defineChain({ id: 31337, name: 'Portico Devnet A', nativeCurrency: currency, rpcUrls: { default: { http: [rpc('eip155:31337')] } } })
const devnetB = defineChain({ id: 31338, name: 'Portico Devnet B', nativeCurrency: currency, rpcUrls: { default: { http: [rpc('eip155:31338')] } } })
const config = createConfig({
  chains: [devnetA, devnetB],
  connectors: [porticoConnector(portico)],
  transports: { [devnetA.id]: http(rpc('eip155:31337')), [devnetB.id]: http(rpc('eip155:31338')) },
  // Only Portico connects here: wagmi does not list the extensions itself.
  multiInjectedProviderDiscovery: false,
})
const queryClient = new QueryClient()

/** The dev account 9 of the sandbox: where the demo's send goes. */
const receiver: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

function WagmiAccount() {
  const { status, address, chainId } = useConnection()
  const balance = useBalance({ address, query: { enabled: Boolean(address) } })
  return (
    <section aria-labelledby="wagmi-account-title">
      <h2 id="wagmi-account-title">wagmi sees</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? 'none'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{chainId ?? 'none'}</dd>
        <dt>Balance</dt>
        <dd data-testid="wagmi-balance">{balance.data ? `${formatEther(balance.data.value)} ${balance.data.symbol}` : 'unknown'}</dd>
      </dl>
    </section>
  )
}

function SendWithWagmi() {
  const { isConnected } = useConnection()
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data, query: { enabled: Boolean(send.data) } })
  const [error, setError] = useState('')
  if (!isConnected) return null
  return (
    <section aria-labelledby="wagmi-send-title">
      <h2 id="wagmi-send-title">Send with wagmi</h2>
      <button
        type="button"
        onClick={() => {
          setError('')
          send.sendTransaction({ to: receiver, value: parseEther('0.5') }, { onError: (e) => setError((e as { shortMessage?: string }).shortMessage ?? e.message) })
        }}
      >
        Send 0.5 ETH with wagmi
      </button>
      <p role="status" data-testid="wagmi-send-result">
        {error ? `Failed: ${error}` : receipt.data ? `Confirmed in block ${receipt.data.blockNumber}: ${receipt.data.status} (${receipt.data.transactionHash})` : send.data ? `Sent ${send.data}, waiting for the receipt…` : send.isPending ? 'Waiting for the wallet…' : ''}
      </p>
    </section>
  )
}

function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider portico={portico}>
          <header>
            <nav aria-label="Wallet">
              <NetworkButton />
              <ConnectButton />
            </nav>
          </header>
          <main>
            <h1>Portico + wagmi</h1>
            <WagmiAccount />
            <SendWithWagmi />
          </main>
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

const container = document.getElementById('app')
if (container) createRoot(container).render(<StrictMode><App /></StrictMode>)
