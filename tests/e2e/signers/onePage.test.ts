// Issue 47: every row's example (tests/e2e/kit/signerRows.ts) over its dev wallet, Ledger and embedded wallet, on one visitor page, one after the other.
import { signersOnOnePage } from '../kit/signerE2e.js'
import { signerRows } from '../kit/signerRows.js'

signersOnOnePage(Object.values(signerRows))
