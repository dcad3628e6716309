// Bundle entry of the Bitcoin dev wallet script served at /bitcoin-dev-wallet.js (an IIFE built by esbuild).
import { installBitcoinDevWallet } from './installBitcoinDevWallet.js'

installBitcoinDevWallet()
