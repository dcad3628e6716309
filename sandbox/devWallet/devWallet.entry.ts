// Bundle entry of the dev wallet script served at /dev-wallet.js (an IIFE built by esbuild).
import { installDevWallet } from './installDevWallet.js'

installDevWallet()
