// Bundle entry of the Sui dev wallet script served at /sui-dev-wallet.js (an IIFE built by esbuild).
import { installSuiDevWallet } from './installSuiDevWallet.js'

installSuiDevWallet()
