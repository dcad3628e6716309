// Issue 53 on Cosmos, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger behind navigator.hid: the chain kit's Ledger flow (tests/e2e/kit/ledgerE2e.ts) on its row
// (tests/e2e/kit/ledgerRows.ts): the view asks for the Cosmos app, the second account connects, a
// message signed on the device verifies for it only, the device's refusal shows.
import { ledgerE2e } from '../kit/ledgerE2e.js'
import { ledgerRows } from '../kit/ledgerRows.js'

ledgerE2e(ledgerRows.cosmos)
