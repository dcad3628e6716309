// The emulated Ledger on Stacks: the chain kit's Ledger flow (tests/e2e/kit/ledgerE2e.ts) on its row (ledgerRows.ts).
import { ledgerE2e } from '../kit/ledgerE2e.js'
import { ledgerRows } from '../kit/ledgerRows.js'

ledgerE2e(ledgerRows.stacks)
