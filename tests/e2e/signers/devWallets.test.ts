// Issue 47 over the dev wallets: every row's example (tests/e2e/kit/signerRows.ts) on one visitor page, one namespace after the other.
import { signersOverDevWallets } from '../kit/signerE2e.js'
import { signerRows } from '../kit/signerRows.js'

signersOverDevWallets(Object.values(signerRows))
