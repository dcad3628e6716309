'use client'
// The one client module the site writes: it creates the Portico instance (in the browser and, for
// server rendering, on the server) and provides it to every client component below.
import { useState, type ReactNode } from 'react'
import { createPortico, type RestoreHint } from 'portico'
import { defineNetwork, eip155 } from 'portico/eip155'
import { PorticoProvider } from 'portico/react'

function createSitePortico(porticoServer: string) {
  const devnet = defineNetwork({
    id: 31337,
    name: 'Portico Devnet A',
    rpcUrls: [`${porticoServer}/v1/?chainId=eip155:31337&projectId=demo`],
  })
  return createPortico({
    projectId: 'demo',
    metadata: { name: 'Portico on Next.js', description: 'A Next.js App Router site', url: 'http://127.0.0.1', icons: [] },
    networks: [devnet],
    plugins: [eip155()],
    endpoints: { api: porticoServer, relay: `${porticoServer.replace(/^http/, 'ws')}/relay` },
    // Keep the restore cookie the layout reads on the next visit, with the account (its address
    // goes to this site's server with each request), so a returning visitor's account is in the
    // server's HTML. `restoreCookie: true` keeps only the wallet: the server renders "Connecting…".
    restoreCookie: { account: true },
  })
}

export function Providers({ porticoServer, restoreHint, children }: { porticoServer: string; restoreHint: RestoreHint | undefined; children: ReactNode }) {
  // One instance per browser tab (and per server render): never shared between visitors.
  const [portico] = useState(() => createSitePortico(porticoServer))
  return (
    <PorticoProvider portico={portico} restoreHint={restoreHint}>
      {children}
    </PorticoProvider>
  )
}
