// Issue 47 over WalletConnect: every row's example (tests/e2e/kit/signerRows.ts) on one demo page paired once with the sandbox's /wallet page.
import { signersOverWalletConnect } from '../kit/signerE2e.js'
import { signerRows } from '../kit/signerRows.js'

signersOverWalletConnect(Object.values(signerRows))
