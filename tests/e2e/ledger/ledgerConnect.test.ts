// Issue 25 on eip155, as a visitor of the demo site in real Chromium with the sandbox's emulated
// Ledger behind navigator.hid, driven by the real @ledgerhq libraries the plugin loads on demand: the
// chain kit's Ledger flow (tests/e2e/kit/ledgerE2e.ts: the second Ledger Live account, a message
// verified with viem, 0.01 ETH through the Send view, Reject on the device), with what only EVM has:
// the picker photographed at 1280×800 and 360×740 (.portico/screenshots/ledger), a custom path that is
// not a path refused in the picker, and with blind signing off a token send that says how to turn it
// on and sends nothing. A locked device and the wrong app run in Node (tests/plugins/ledger/withEmulator.test.ts).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createPublicClient, http, type Address } from 'viem'
import { expect, it } from 'vitest'
import { ledgerE2e } from '../kit/ledgerE2e.js'
import { ledgerRows } from '../kit/ledgerRows.js'

// Looked at by people, not compared: kept out of git under .portico/.
const shots = join(import.meta.dirname, '../../../.portico/screenshots/ledger')
const pusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

ledgerE2e(
  {
    ...ledgerRows.eip155,
    // pUSD for the blind-signing case (a token send carries calldata), before any token list is read.
    async prepare(kit) {
      mkdirSync(shots, { recursive: true })
      const paid = await fetch(`${kit.sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `eip155:31337:${kit.second}`, amount: '5000000', token: pusd }) })
      if (!paid.ok) throw new Error(`the faucet answered ${paid.status}: ${await paid.text()}`)
    },
    async inPicker({ page, dialog }) {
      await page.screenshot({ path: join(shots, 'ledger-picker-1280x800.png') })
      await page.setViewportSize({ width: 360, height: 740 })
      await page.screenshot({ path: join(shots, 'ledger-picker-360x740.png') })
      await page.setViewportSize({ width: 1280, height: 800 })
      // The custom path refuses what is not a path, with the contract's text.
      await dialog().getByLabel('Derivation path').selectOption('custom')
      await dialog().getByLabel('Custom path').fill("m/44'/60'/x")
      await dialog().getByRole('button', { name: 'Use path' }).click()
      await expect.poll(() => dialog().innerText()).toContain("Enter a path like m/44'/60'/0'/0/0")
      await dialog().getByLabel('Derivation path').selectOption('ledgerLive')
    },
  },
  (kit) => {
    it('with blind signing off, a token send (calldata) says how to turn it on, and nothing is sent', async () => {
      const rpc = createPublicClient({ transport: http(kit.chain.nodeUrl), cacheTime: 0 })
      const nonceBefore = await rpc.getTransactionCount({ address: kit.second as Address })
      await kit.ledger('setBlindSigning(false)')
      try {
        await kit.fillSend('pUSD', '1', kit.truth.fresh())
        await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
        await kit.step(expect.poll(() => kit.dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toContain('Enable "Blind signing" in the Ethereum app\'s settings on your Ledger'))
        expect(await rpc.getTransactionCount({ address: kit.second as Address })).toBe(nonceBefore)
      } finally {
        await kit.ledger('setBlindSigning(true)')
      }
      await kit.closeDialog()
    }, 90_000)
  },
)
