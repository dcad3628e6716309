import safeSvg from '@web3icons/core/svgs/wallets/branded/safe.svg.js'
import { svgDataUrl } from '../../kernel/index.js'

/**
 * Safe's logo from @web3icons/core (MIT), as a data URL: the Safe connector's icon (the same as
 * wallets/builtinWallets.ts), so the Safe's row never shows a letter tile (issue 52).
 */
export const safeLogo = /* @__PURE__ */ svgDataUrl(safeSvg)
