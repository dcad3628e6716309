// Bundle entry of the Solana dev wallet script served at /solana-dev-wallet.js (an IIFE built by esbuild).
import { installSolanaDevWallet } from './installSolanaDevWallet.js'

installSolanaDevWallet()
