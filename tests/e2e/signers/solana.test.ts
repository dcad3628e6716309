// Issue 47 on solana: the signer kit (tests/e2e/kit/signerE2e.ts) over its row's Ledger and embedded wallet (signerRows.ts).
import { signerE2e } from '../kit/signerE2e.js'
import { signerRows } from '../kit/signerRows.js'

signerE2e(signerRows.solana)
