// Bundle entry of the Cosmos dev wallet script served at /cosmos-dev-wallet.js (an IIFE built by esbuild).
import { installCosmosDevWallet } from './installCosmosDevWallet.js'

installCosmosDevWallet()
