import { lazy, type ComponentType } from 'react'

/**
 * The demo's "Your own transaction" examples by namespace (issue 47): a transaction the site
 * builds with its chain's own SDK and has the connected wallet sign through `useSigner`, whatever
 * connector holds the connection. Each loads with its SDK when its namespace is connected. A
 * namespace adds its row here (`solana: { title, Component: lazy(() => import('./solanaTransaction.js')) }`)
 * and its component beside this file (`<namespace>Transaction.tsx`, default export), which shows
 * its outcome in its own `role="status"` line.
 */
export const siteTransactions: Partial<Record<string, { title: string; Component: ComponentType }>> = {
  bip122: { title: 'A PSBT built with @scure/btc-signer: two inputs of your payment address and an OP_RETURN output, signed by your wallet and broadcast.', Component: lazy(() => import('./bip122Transaction.js')) },
  stacks: { title: 'A SIP-010 transfer of pUSD built with @stacks/transactions (a contract call with a post condition), signed by your Stacks wallet.', Component: lazy(() => import('./stacksTransaction.js')) },
  eip155: { title: "Transfer pUSD with viem's WalletClient (writeContract on the ERC-20), signed by the wallet you connected.", Component: lazy(() => import('./eip155Transaction.js')) },
  cosmos: { title: 'A MsgSend with a memo, built and broadcast with CosmJS, signed in your wallet.', Component: lazy(() => import('./cosmosTransaction.js')) },
  polkadot: { title: "Two transfers in one polkadot-api Utility.batch_all, signed by the connected wallet through useSigner('polkadot').", Component: lazy(() => import('./polkadotTransaction.js')) },
  solana: { title: 'pUSD and a memo in one transaction, built with @solana/kit and signed by your wallet.', Component: lazy(() => import('./solanaTransaction.js')) },
  sui: { title: 'A Sui programmable transaction built with @mysten/sui: two coins split off the gas coin, one sent to each of two addresses, signed and executed through useSigner("sui").', Component: lazy(() => import('./suiTransaction.js')) },
}
