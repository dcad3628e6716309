// Bitcoin on the demo site: the chain kit's flows (tests/e2e/kit) on the Bitcoin row, the regtest
// ledger's Esplora API as the truth; its send goes at the Fast speed, the fee read back from Esplora.
import { chainE2e } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.bip122)
