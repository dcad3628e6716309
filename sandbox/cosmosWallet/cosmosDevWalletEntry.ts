import { base64 } from '@scure/base'
import cosmosMark from '@web3icons/core/svgs/networks/background/cosmos.svg.js'

/** The Cosmos dev wallet's icon: the Cosmos mark on its own background, from @web3icons/core (MIT). */
export const cosmosDevWalletIcon = `data:image/svg+xml;base64,${base64.encode(new TextEncoder().encode(cosmosMark))}`

/** What a site gives `cosmos({ wallets })` to list the Cosmos dev wallet: its id, name, injection path under `window` and icon. */
export const cosmosDevWalletEntry = { id: 'portico-dev-cosmos', name: 'Portico Dev Wallet (Cosmos)', path: 'porticoCosmosDevWallet', icon: cosmosDevWalletIcon } as const
