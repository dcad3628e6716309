// A server component: it renders Portico's buttons (client components, from an entry that starts
// with 'use client') and a client component of the site's that uses a hook.
import { ConnectButton, NetworkButton } from 'portico/react'
import { AccountStatus } from './account-status'

export default function Home() {
  return (
    <main>
      <h1>Portico on Next.js</h1>
      <nav aria-label="Wallet">
        <NetworkButton />
        <ConnectButton />
      </nav>
      <AccountStatus />
    </main>
  )
}
