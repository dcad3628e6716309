// Bundle entry of the Stacks dev wallet script served at /stacks-dev-wallet.js (an IIFE built by esbuild).
import { installStacksDevWallet } from './installStacksDevWallet.js'

installStacksDevWallet()
