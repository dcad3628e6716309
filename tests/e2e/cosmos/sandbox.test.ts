// Cosmos on the demo site: the chain kit's flows (tests/e2e/kit) on the Cosmos row (the bank
// ledger's REST API is the truth, ADR-36 signatures checked with @cosmjs/amino), then the plugin's own check.
import { expect, it } from 'vitest'
import { verifyCosmosSignature } from '../../../plugins/cosmos/actions/verifyCosmosSignature.js'
import { chainE2e, message } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.cosmos, (kit) => {
  it('the plugin\'s own ADR-36 check agrees with @cosmjs on the demo\'s signature', async () => {
    expect(await verifyCosmosSignature({ message, signature: kit.signature!, address: kit.truth.devAddress })).toBe(true)
    expect(await verifyCosmosSignature({ message: `${message}!`, signature: kit.signature!, address: kit.truth.devAddress })).toBe(false)
  })
})
