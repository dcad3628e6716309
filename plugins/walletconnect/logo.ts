import walletConnectSvg from '@web3icons/core/svgs/wallets/branded/wallet-connect.svg.js'
import { svgDataUrl } from '../../kernel/index.js'

/** WalletConnect's logo from @web3icons/core (MIT), as a data URL: the connector's icon and the QR code's centre. */
export const walletConnectLogo = /* @__PURE__ */ svgDataUrl(walletConnectSvg)
