import polkadotMark from '@web3icons/core/svgs/networks/background/polkadot.svg.js'
import { base64 } from '@scure/base'

/** The Polkadot dev wallet's icon: Polkadot's mark on its own background, from @web3icons/core (MIT), as a data URL. */
export const polkadotDevWalletIcon = `data:image/svg+xml;base64,${base64.encode(new TextEncoder().encode(polkadotMark))}`
