// `portico/solana/mobile`: Solana Mobile Wallet Adapter, opt-in (`solana({ mobileWalletAdapter })`).
// Apart from `portico/solana` because its library pulls in CommonJS (`qrcode`): a bundler that meets
// CommonJS anywhere in a site's build puts its interop helpers in a chunk every page loads, so only
// the sites that want the Mobile Wallet Adapter import this entry and pay for them.
export { mobileWalletAdapter } from './mobileWalletAdapter.js'
export type { SolanaMobileWalletAdapter, SolanaMobileWalletAdapterModule } from './mobileWalletAdapter.js'
export type { RegisterMobileWalletAdapterParameters } from '../lazy/mobileWalletAdapter.js'
