// Polkadot on the demo site, as a visitor: the chain kit's shared flows (tests/e2e/kit) on the
// Polkadot row (the Substrate node through @polkadot/api is the truth, sr25519 signatures checked
// with @polkadot/util-crypto), then what only Polkadot has: the extension's account names, the
// existential deposit, SS58 addresses.
import { expect, it } from 'vitest'
import { amountOf, chainE2e, truncated } from '../kit/chainE2e.js'
import { rows } from '../kit/chainRows.js'

chainE2e(rows.polkadot, (kit) => {
  const second = () => kit.chain.accounts[1]!

  it('the server\'s history of the kit\'s receiver lists the transfer the toast linked, confirmed, from the dev account', async () => {
    const { receiver, explorer } = kit.sent[0]!
    const history = (await (await fetch(`${kit.sandbox.url}/v1/account/${receiver}/history?chainId=${kit.chain.caipNetworkId}&projectId=demo`)).json()) as { data: { id: string; metadata: { sentFrom: string; status: string } }[] }
    // The same extrinsic the send's toast linked on the explorer.
    expect(history.data.map((t) => [t.id, t.metadata.sentFrom, t.metadata.status])).toEqual([[explorer!.split('/').at(-1), kit.truth.devAddress, 'confirmed']])
  })

  it('shows the account names the extension gives, and the visitor picks the other shared account and back', async () => {
    await kit.openAccount()
    const secondShort = kit.row.shortAddress(second())
    expect(await kit.dialog().textContent()).toContain('Dev account 1')
    const picker = kit.dialog().getByLabel('Account', { exact: true })
    expect(await picker.locator('option').allTextContents()).toEqual([`Dev account 1 · ${kit.short}`, `Dev account 2 · ${secondShort}`])
    const enables = (await kit.activity()).filter((a) => a.method === 'enable').length
    await picker.selectOption(second())
    await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(secondShort))
    await kit.step(expect.poll(() => kit.dialog().textContent(), { timeout: 20_000 }).toContain('Dev account 2'))
    await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toMatch(/\d[\d,]*\.\d{3} ROC/))
    expect(amountOf((await kit.header().textContent()) ?? '', 'ROC')).toBe(truncated(await kit.truth.balance(second()), 12))
    await kit.dialog().getByLabel('Account', { exact: true }).selectOption(kit.truth.devAddress)
    await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(kit.short))
    expect((await kit.activity()).filter((a) => a.method === 'enable').length).toBe(enables)
    await kit.closeDialog()
  })

  it('explains the existential deposit before the wallet is asked: too little for a new account, too much to keep the sender alive', async () => {
    const reviewText = async () => `${await kit.dialog().locator('dl').textContent()} ${(await kit.dialog().getByRole('alert').allTextContents()).join(' ')}`
    const asked = (await kit.activity()).length
    await kit.fillSend('ROC', '0.000001', kit.truth.fresh())
    await kit.review({ fee: false })
    await kit.step(expect.poll(reviewText, { timeout: 20_000 }).toMatch(/Send at least 0\.000003333333 ROC: a new account must receive the existential deposit/))
    // Pressing Send anyway asks nothing of the wallet: the same rule stops it first.
    await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await kit.step(expect.poll(() => kit.dialog().getByRole('alert').textContent()).toMatch(/existential deposit/))
    await kit.closeDialog()
    const balance = await kit.truth.balance(kit.truth.devAddress)
    await kit.fillSend('ROC', `${balance / 10n ** 12n}.${(balance % 10n ** 12n).toString().padStart(12, '0')}`, kit.truth.fresh())
    await kit.review({ fee: false })
    await kit.step(expect.poll(reviewText, { timeout: 20_000 }).toMatch(/You can send at most [\d.]+ ROC: your account keeps 0\.000003333333 ROC, the existential deposit/))
    expect((await kit.activity()).length).toBe(asked)
    await kit.closeDialog()
  })

  it('bad input: an EVM address, a broken checksum, a script URL and too many decimals are refused in the form', async () => {
    await kit.fillSend('ROC', '0.0000000000001', second())
    await kit.step(expect.poll(() => kit.dialog().getByRole('button', { name: 'Incorrect Value' }).count()).toBe(1))
    await kit.dialog().getByLabel('Amount').fill('1')
    const receiverField = kit.dialog().getByLabel('Receiver address')
    for (const bad of ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', `${second().slice(0, -1)}${second().endsWith('a') ? 'b' : 'a'}`, 'javascript:alert(1)']) {
      await receiverField.fill(bad)
      await kit.step(expect.poll(() => kit.dialog().getByRole('button', { name: 'Invalid Address' }).count()).toBe(1))
    }
    await receiverField.fill(second())
    await kit.step(expect.poll(() => kit.dialog().getByRole('button', { name: 'Preview Send' }).count()).toBe(1))
    await kit.closeDialog()
  })
})
