// Bitcoin on the demo site, as a visitor: the chain kit's shared flows (tests/e2e/kit) on the
// Bitcoin row (the regtest ledger's own Esplora API is the truth), then what only Bitcoin has: the
// review's fee speeds, the PSBT's fee read back from Esplora.
import { expect, it } from 'vitest'
import { chainE2e } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.bip122, (kit) => {
  it('sends 0.001 BTC at the Fast speed: Slow / Normal / Fast with their fees, the fee line follows the choice, and Esplora shows that fee paid', async () => {
    const receiver = kit.truth.fresh()
    kit.note('receiver at the Fast speed', receiver)
    await kit.fillSend('BTC', '0.001', receiver)
    await kit.dialog().getByRole('button', { name: 'Preview Send' }).click()
    await kit.step(expect.poll(() => kit.dialog().getAttribute('data-view')).toBe('WalletSendPreview'))
    const speeds = kit.dialog().getByRole('group', { name: 'Speed' })
    // The three speeds hold their place from the review's first frame ("Estimating…"); the estimate checks Normal, the plugin's default.
    await kit.step(expect.poll(() => speeds.getByRole('radio').count()).toBe(3))
    await kit.step(expect.poll(() => speeds.getByRole('radio', { name: /^Normal/ }).isChecked(), { timeout: 20_000 }).toBe(true))
    const fastText = (await speeds.locator('label').filter({ hasText: 'Fast' }).textContent()) ?? ''
    expect(fastText).toMatch(/^Fast[\d,]+ sats≈ \$\d+\.\d\d$/)
    const fastSats = Number(/^Fast([\d,]+) sats/.exec(fastText)![1]!.replace(/,/g, ''))
    await speeds.getByRole('radio', { name: /^Fast/ }).check()
    await kit.step(expect.poll(() => kit.dialog().locator('dl').textContent()).toContain(`Network feeup to ${(fastSats / 1e8).toFixed(8).replace(/0+$/, '')} BTC`))
    await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await kit.sendCompletes()
    expect((await kit.activity()).at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
    expect(await kit.truth.balance(receiver)).toBe(100_000n)
    const [tx] = (await (await fetch(`${kit.chain.nodeUrl}/address/${receiver}/txs`)).json()) as { fee: number }[]
    expect(tx?.fee).toBe(fastSats)
  }, 60_000)
})
