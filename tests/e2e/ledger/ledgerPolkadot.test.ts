// Issue 53 on Polkadot, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger (its generic Polkadot app, answered by the real @zondax/ledger-substrate): the chain kit's
// Ledger flow (tests/e2e/kit/ledgerE2e.ts: the Polkadot app asked for, the m/44'/354'/0'/0'/i'
// accounts with their ROC, the second connected, <Bytes>message</Bytes> verified as ed25519 with
// @polkadot/util-crypto, Reject on the device). What only Polkadot has: a send through the Send view
// is refused with the reason before the device is asked: the sandbox chain's runtime predates
// CheckMetadataHash (RFC-0078), which the generic app needs to sign any transaction
// (docs/guides/hardware-wallets.md §2; the signing itself is proven on Polkadot's metadata in
// tests/plugins/ledger/polkadotWithEmulator.test.ts).
import { expect, it } from 'vitest'
import { ledgerE2e } from '../kit/ledgerE2e.js'
import { ledgerRows } from '../kit/ledgerRows.js'

ledgerE2e(ledgerRows.polkadot, (kit) => {
  it('a send through the Send view is refused with the reason (no CheckMetadataHash on this runtime) before the device is asked; nothing moves', async () => {
    const receiver = kit.truth.fresh()
    const before = await kit.truth.balance(kit.second)
    const asked = (await kit.device()).length
    await kit.fillSend('ROC', '1.5', receiver)
    await kit.step(expect.poll(() => kit.dialog().locator('dl').textContent(), { timeout: 30_000 }).toMatch(/Network feeup to \d/))
    await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await kit.step(expect.poll(() => kit.dialog().getByRole('alert').textContent(), { timeout: 30_000 }).toContain('The Ledger Polkadot app signs only where the runtime checks a metadata hash (CheckMetadataHash, RFC-0078)'))
    expect(await kit.device()).toHaveLength(asked)
    expect(await kit.truth.balance(receiver)).toBe(0n)
    expect(await kit.truth.balance(kit.second)).toBe(before)
    await kit.closeDialog()
  }, 90_000)
})
