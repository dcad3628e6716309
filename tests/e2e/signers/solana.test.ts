// Issue 47 on solana, as a visitor of the demo site from `npm start` in real Chromium: the demo's "Your
// own transaction" signed through useSigner('solana') over each connector, read back from the chain —
// the signer kit's flow (tests/e2e/kit/signerE2e.ts) on its row (tests/e2e/kit/signerRows.ts).
import { signerE2e } from '../kit/signerE2e.js'
import { signerRows } from '../kit/signerRows.js'

signerE2e(signerRows.solana)
