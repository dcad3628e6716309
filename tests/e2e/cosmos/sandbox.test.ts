// Cosmos on the demo site, as a visitor: the chain kit's shared flows (tests/e2e/kit) on the Cosmos
// row (the verifying bank ledger's REST API is the truth, ADR-36 signatures checked with
// @cosmjs/amino), then what only Cosmos has.
import { expect, it } from 'vitest'
import { verifyCosmosSignature } from '../../../plugins/cosmos/actions/verifyCosmosSignature.js'
import { chainE2e } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.cosmos, (kit) => {
  it('the plugin\'s own ADR-36 check agrees with @cosmjs on the demo\'s signature', async () => {
    const sign = kit.page.getByRole('button', { name: 'Sign "Hello from the Portico demo"' })
    const signResult = kit.page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
    await sign.click()
    await kit.step(expect.poll(() => signResult.textContent(), { timeout: 20_000 }).toMatch(/^Signature: /))
    const signature = ((await signResult.textContent()) ?? '').replace('Signature: ', '')
    expect(await verifyCosmosSignature({ message: 'Hello from the Portico demo', signature, address: kit.truth.devAddress })).toBe(true)
    expect(await verifyCosmosSignature({ message: 'Hello from the Portico demo!', signature, address: kit.truth.devAddress })).toBe(false)
    expect((await kit.activity()).at(-1)).toEqual({ method: 'signArbitrary', outcome: 'approved' })
  })
})
