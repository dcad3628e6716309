// Issue 53 on bip122, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger: the chain kit's Ledger flow (tests/e2e/kit/ledgerE2e.ts: the Bitcoin Test app asked for, the
// second BIP-84 account, a message verified with bitcoinjs-message, BTC through the Send view read back
// from Esplora, Reject on the device), then what only Bitcoin has: disconnected, a taproot (BIP-86)
// account chosen in the account list sends (key-path Schnorr signatures the regtest chain checks),
// and signs no message.
import { expect, it } from 'vitest'
import { ledgerBitcoinTaprootAddresses } from '../../../sandbox/ledgerDevice/ledgerBitcoinAccounts.js'
import { sendCompletes } from '../kit/chainE2e.js'
import { ledgerE2e } from '../kit/ledgerE2e.js'
import { ledgerRows } from '../kit/ledgerRows.js'

ledgerE2e(ledgerRows.bip122, (kit) => {
  it('connects a taproot account chosen in the account list and sends from it; the regtest chain takes it; it signs no message', async () => {
    const { page, dialog, header } = kit
    const taproot = ledgerBitcoinTaprootAddresses[1] as string
    await kit.openAccount()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await kit.step(expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
    await kit.closeDialog()
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog().getByRole('button', { name: 'Ledger', exact: true }).click()
    await dialog().getByRole('button', { name: 'Connect', exact: true }).click()
    // The Bitcoin Test app is still open: the account list comes, native segwit first; the visitor picks Taproot.
    const scheme = dialog().getByLabel('Derivation path')
    await kit.step(scheme.waitFor({ timeout: 30_000 }))
    expect(await scheme.locator('option').allTextContents()).toEqual(["Ledger Live — m/84'/1'/i'/0/0", "Taproot — m/86'/1'/i'/0/0", 'Custom'])
    await scheme.selectOption('taproot')
    const row = new RegExp(`^Account 2 ${taproot} m/86'/1'/1'/0/0 balance \\d+(\\.\\d+)? BTC$`)
    await kit.step(expect.poll(() => dialog().getByRole('button', { name: row }).count(), { timeout: 30_000 }).toBe(1))
    await dialog().getByRole('button', { name: row }).click()
    await kit.step(expect.poll(() => dialog().count(), { timeout: 20_000 }).toBe(0))
    await kit.step(expect.poll(() => page.locator('main').innerText()).toContain(taproot))

    const receiver = kit.truth.fresh()
    await header().getByRole('button', { name: new RegExp(`${taproot.slice(0, 4)}…${taproot.slice(-4)}`) }).click()
    await kit.fillSend('BTC', '0.004', receiver)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await sendCompletes({ page, dialog, step: kit.step, row: kit.row.chain, sandbox: kit.sandbox })
    expect(await kit.truth.balance(receiver)).toBe(400_000n)
    expect((await kit.device()).at(-1)).toMatchObject({ app: 'Bitcoin Test', action: 'signPsbt', path: "m/86'/1'/1'/0/0", outcome: 'approved' })
    // The chain's record of the spend: one input from the taproot account, its witness one 64-byte Schnorr signature.
    const txs = (await (await fetch(`${kit.chain.nodeUrl}/address/${taproot}/txs`)).json()) as { vin: { prevout: { scriptpubkey_address: string }; witness: string[] }[]; vout: { scriptpubkey_address: string; value: number }[] }[]
    const spend = txs.find((tx) => tx.vout.some((o) => o.scriptpubkey_address === receiver))
    expect(spend?.vin.every((input) => input.prevout.scriptpubkey_address === taproot && input.witness.length === 1 && input.witness[0]!.length === 128)).toBe(true)
    await kit.closeDialog()
    // A taproot account signs no messages (BIP-137 has no taproot form): the site is told so, the device is not asked.
    const asked = (await kit.device()).length
    expect(await kit.signMessage()).toContain('taproot account signs no messages')
    expect(await kit.device()).toHaveLength(asked)
  }, 120_000)
})
