// Sui on the demo site, as a visitor: the chain kit's shared flows (tests/e2e/kit) on the Sui row,
// then what only Sui has.
import { expect, it } from 'vitest'
import { chainE2e } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.sui, (kit) => {
  it('the server\'s history of each receiver of the kit\'s sends lists one transfer from the dev account', async () => {
    for (const { receiver } of kit.sent) {
      const history = (await (await fetch(`${kit.sandbox.url}/v1/account/${receiver}/history?chainId=sui:localnet&projectId=demo`)).json()) as { data: { metadata: { sentFrom: string } }[] }
      expect(history.data.map((t) => t.metadata.sentFrom)).toEqual([kit.truth.devAddress])
    }
    expect(kit.sent.map((s) => s.symbol)).toEqual(['SUI', 'pUSD'])
  })

  it('bad input: a short object id, 63 hex digits and an EVM address are refused in the form; too many decimals too', async () => {
    await kit.fillSend('SUI', '0.0000000001', kit.truth.fresh())
    const receiverField = kit.dialog().getByLabel('Receiver address')
    await kit.step(expect.poll(() => kit.dialog().getByRole('button', { name: 'Incorrect Value' }).count()).toBe(1))
    await kit.dialog().getByLabel('Amount').fill('0.25')
    for (const bad of ['0x2', `0x${'a'.repeat(63)}`, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      await receiverField.fill(bad)
      await kit.step(expect.poll(() => kit.dialog().getByRole('button', { name: 'Invalid Address' }).count()).toBe(1))
      expect(await receiverField.getAttribute('aria-invalid')).toBe('true')
    }
    await receiverField.fill(kit.truth.fresh())
    await kit.step(expect.poll(() => kit.dialog().getByRole('button', { name: 'Preview Send' }).count()).toBe(1))
    await kit.closeDialog()
  })
})
