import ledgerSvg from '@web3icons/core/svgs/wallets/branded/ledger.svg.js'
import { svgDataUrl } from '../../kernel/index.js'

/** Ledger's logo from @web3icons/core (MIT), as a data URL: the connector's icon (the same as wallets/builtinWallets.ts). */
export const ledgerLogo = /* @__PURE__ */ svgDataUrl(ledgerSvg)
