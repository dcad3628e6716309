// Issue 47 on stacks: the demo's "Your own transaction" through useSigner('stacks') over each connector of
// its row (tests/e2e/kit/signerRows.ts), the signer kit's flow (tests/e2e/kit/signerE2e.ts).
import { signerE2e } from '../kit/signerE2e.js'
import { signerRows } from '../kit/signerRows.js'

signerE2e(signerRows.stacks)
