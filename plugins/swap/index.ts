// `portico/swap`: swap tokens from the Account view through any server speaking the swap API.
export { swap } from './swap.js'
export type { SwapOptions, SwapSettings } from './swap.js'
