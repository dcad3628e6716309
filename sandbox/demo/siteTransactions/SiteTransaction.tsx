import { Suspense } from 'react'
import { useAccount } from 'portico/react'
import { siteTransactions } from './siteTransactions.js'

/**
 * The active namespace's "Your own transaction" example (siteTransactions.ts), while an account
 * is connected there: what a DEX or NFT site does with the wallet it connected.
 */
export function SiteTransaction() {
  const { namespace, isConnected } = useAccount()
  const example = siteTransactions[namespace]
  if (!isConnected || !example) return null
  return (
    <section aria-labelledby="site-transaction-title">
      <h2 id="site-transaction-title">Your own transaction</h2>
      <p>{example.title}</p>
      <Suspense fallback={<p role="status">Loading the {namespace} SDK…</p>}>
        <example.Component />
      </Suspense>
    </section>
  )
}
