import ledgerSvg from '@web3icons/core/svgs/wallets/background/ledger.svg.js'
import { svgDataUrl } from '../../kernel/index.js'

/**
 * Ledger's logo from @web3icons/core (MIT), as a data URL: the connector's icon (the same as
 * wallets/builtinWallets.ts). The variant on Ledger's black square: the bare black mark all but
 * vanished on the dark theme's surface (issue 52); white on black reads in both themes.
 */
export const ledgerLogo = /* @__PURE__ */ svgDataUrl(ledgerSvg)
