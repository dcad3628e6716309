import { base64 } from '@scure/base'

/** The Cosmos dev wallet's icon. */
export const cosmosDevWalletIcon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4338ca"/><circle cx="16" cy="16" r="6" fill="none" stroke="#fff" stroke-width="3"/><ellipse cx="16" cy="16" rx="12" ry="4" fill="none" stroke="#fff" stroke-width="1.5" transform="rotate(-30 16 16)"/></svg>',
  ),
)}`

/** What a site gives `cosmos({ wallets })` to list the Cosmos dev wallet: its id, name, injection path under `window` and icon. */
export const cosmosDevWalletEntry = { id: 'portico-dev-cosmos', name: 'Portico Dev Wallet (Cosmos)', path: 'porticoCosmosDevWallet', icon: cosmosDevWalletIcon } as const
