// The Polkadot wallet personas (Polkadot.js, SubWallet, Talisman: docs/wallets/) on the chain e2e kit
// (issue 49). Each injects at `window.injectedWeb3[<its key>]` in its own dialect: its words for a
// refusal, its accounts pinned to other chains or of the Ethereum type (which the page must leave
// out). Each row names the wallet as Connect Wallet lists it and its docs page; `personaE2e` runs the
// shared flow for each (tests/e2e/kit/personaE2e.ts): balances read from the node with
// @polkadot/api, signatures verified with @polkadot/util-crypto. Beside each row: the accounts the
// Account view offers, and picking the other one there.
import { hexToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { encodeSs58 } from '../../../plugins/polkadot/server/index.js'
import { devPolkadotPublicKeysHex } from '../../../sandbox/polkadot/devPolkadot.js'
import { polkadotSandboxSs58Prefix } from '../../../sandbox/polkadot/polkadotSandboxChain.js'
import { rows } from '../kit/chainRows.js'
import { signerRows } from '../kit/signerRows.js'
import { personaE2e, type PersonaRow } from '../kit/personaE2e.js'

type Shares = { __porticoPolkadotPersonas: Record<string, { share(addresses?: string[]): void }> }
/** The visitor shares `addresses` (all when none) with the site in the wallet. */
const share = (page: Page, id: string, addresses?: string[]) => page.evaluate(([key, list]) => (window as unknown as Shares).__porticoPolkadotPersonas[key as string]!.share((list as string[] | null) ?? undefined), [id, addresses ?? null] as const)

/** The dev wallet's two accounts, as the sandbox's chain lists them (checked against sandbox.json below). */
const [dev1, dev2] = devPolkadotPublicKeysHex.map((hex) => encodeSs58(hexToU8a(hex), polkadotSandboxSs58Prefix)) as [string, string]

function polkadotPersona(id: string, wallet: string, hidden: string): PersonaRow {
  return {
    id,
    wallet,
    docs: `docs/wallets/${id.split('/')[1]}.md`,
    connectMethod: 'enable',
    sendMethod: 'signPayload',
    signInMethod: 'signRaw',
    // Restoring enables the extension again on the new page, without a prompt.
    restored: (log) => expect(log).toEqual([{ method: 'enable', outcome: 'approved' }]),
    async connected(kit) {
      expect(kit.chain.accounts.slice(0, 2)).toEqual([dev1, dev2])
      expect((await kit.activity()).filter((a) => a.outcome === 'approved').map((a) => a.method)).toEqual(['enable'])
    },
    // The visitor shares only the second dev account in the wallet: the site follows; then only the first.
    // An sr25519 signature (the kit's check is @polkadot/util-crypto's isValid).
    session: (session) => expect(signatureVerify(u8aWrapBytes(u8aToHex(new TextEncoder().encode(session.message))), session.signature as `0x${string}`, dev1)).toMatchObject({ isValid: true, crypto: 'sr25519' }),
    accountChange: { to: dev2, there: (page) => share(page, id, [dev2]), back: (page) => share(page, id, [dev1]) },
    own: (kit) =>
      it(`Account offers the two dev accounts by name (not "${hidden}"), and picking one there moves the header`, async () => {
        const short = rows.polkadot.shortAddress
        await kit.page.goto(`${kit.sandbox.url}/?personas=${id}`)
        await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short(dev1)))
        await share(kit.page, id)
        await kit.openAccount(dev1)
        const picker = kit.dialog().getByLabel('Account', { exact: true })
        await kit.step(expect.poll(() => picker.locator('option').allTextContents()).toEqual([`Dev account 1 · ${short(dev1)}`, `Dev account 2 · ${short(dev2)}`]))
        expect(await kit.dialog().textContent()).not.toContain(hidden)
        await picker.selectOption(dev2)
        await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short(dev2)))
        await kit.dialog().getByLabel('Account', { exact: true }).selectOption(dev1)
        await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short(dev1)))
        await kit.closeDialog()
      }, 60_000),
  }
}

personaE2e(rows.polkadot, [
  // Polkadot.js lists a Ledger account pinned to the Polkadot relay chain; Talisman and SubWallet an Ethereum one.
  polkadotPersona('polkadot/polkadot-js', 'Polkadot.js', 'Ledger (Polkadot relay chain)'),
  polkadotPersona('polkadot/subwallet', 'SubWallet', 'Dev account (Ethereum)'),
  polkadotPersona('polkadot/talisman', 'Talisman', 'Dev account (Ethereum)'),
], undefined, { signer: signerRows.polkadot })
