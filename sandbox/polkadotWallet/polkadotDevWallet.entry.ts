// Bundle entry of the Polkadot dev wallet script served at /polkadot-dev-wallet.js (an IIFE built by esbuild).
import { installPolkadotDevWallet } from './installPolkadotDevWallet.js'

installPolkadotDevWallet()
