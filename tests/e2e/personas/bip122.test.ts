// The Bitcoin wallet personas (issue 46) on the chain e2e kit (issue 49): Leather and Xverse (the
// sats-connect / @leather.io request dialects), and the wallets that inject a global of their own,
// Unisat (`window.unisat`), Phantom (`window.phantom.bitcoin`) and OKX Wallet
// (`window.okxwallet.bitcoin`). Each row names the wallet as Connect Wallet lists it, the docs page
// of the dialect it follows, the methods its log shows and what it asks when a page reloads;
// `personaE2e` runs the shared flow for each (tests/e2e/kit/personaE2e.ts) against the regtest
// Esplora ledger. Beside a row: what that wallet alone does (Leather's kept accounts and missing
// account events; the injected wallets pay from the account the visitor switched to).
import type {} from '../../../sandbox/bitcoinWallet/bitcoinPersonaActions.js'
import { expect, it } from 'vitest'
import { devBitcoinAddress, devBitcoinKeyAt, p2wpkhRegtestAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { bitcoinKeyring } from '../../../sandbox/personas/shared/bitcoinKeyring.js'
import { rows } from '../kit/chainRows.js'
import { signerRows } from '../kit/signerRows.js'
import { personaE2e, type PersonaKit, type PersonaRow } from '../kit/personaE2e.js'

const taproot = bitcoinKeyring(0).taproot().address
/** Phantom's second account (m/84'/1'/1'/0/0), where its switch goes. */
const secondAccount = p2wpkhRegtestAddress(devBitcoinKeyAt("m/84'/1'/1'/0/0").publicKey)
const short = rows.bip122.shortAddress

const bip122 = {
  sendMethod: 'signPsbt',
  signInMethod: 'signMessage',
  // The review offers the fee speeds (tests/e2e/bitcoin/sandbox.test.ts sends at Fast).
  reviewed: async (kit: PersonaKit) => void (await kit.step(expect.poll(() => kit.dialog().getByRole('group', { name: 'Speed' }).getByRole('radio').count(), { timeout: 20_000 }).toBe(3))),
} satisfies Partial<PersonaRow>
/** Both addresses connected: payment first, then Taproot (the persona's own list). */
const connectsBoth = async (kit: PersonaKit) => expect(await kit.page.evaluate((id) => window.__porticoPersonas![id]!.accounts(), kit.persona.id)).toEqual([devBitcoinAddress, taproot])

/**
 * The injected wallets' switch toggles the address type (Unisat, OKX: to Taproot) or the account
 * (Phantom: to its second); after it, a send pays from that address (Esplora's inputs say so) and
 * a refused one moves nothing.
 */
function paysFromTheSwitchedAccount(from: string) {
  return (kit: PersonaKit) =>
    it(`after the switch in the wallet, a PSBT send pays from ${short(from)} (the ledger's inputs), and a refused one moves nothing`, async () => {
      const funded = await fetch(`${kit.sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `${kit.chain.caipNetworkId}:${from}`, amount: '0.1' }) })
      expect(funded.ok, `the faucet refused ${from}: ${funded.status}`).toBe(true)
      // Without ?siwx=required: a new account would be asked to sign in again.
      await kit.page.goto(`${kit.sandbox.url}/?personas=${kit.persona.id}`)
      await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(kit.short))
      await kit.page.evaluate((id) => window.__porticoBitcoinPersonas![id]!.switchAccount(), kit.persona.id)
      await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(short(from)))
      const receiver = kit.truth.fresh()
      await kit.review('BTC', '0.001', receiver, from)
      await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await kit.step(expect.poll(() => kit.truth.balance(receiver), { timeout: 30_000 }).toBe(100_000n))
      const [tx] = (await (await fetch(`${kit.chain.nodeUrl}/address/${receiver}/txs`)).json()) as { vin: { prevout: { scriptpubkey_address: string } }[] }[]
      expect(tx?.vin.map((input) => input.prevout.scriptpubkey_address)).toContain(from)
      await kit.step(expect.poll(() => kit.activity()).toContainEqual({ method: kit.persona.sendMethod, outcome: 'approved' }))
      await kit.closeDialog()
      const refused = kit.truth.fresh()
      await kit.setMode('reject')
      try {
        await kit.review('BTC', '0.001', refused, from)
        await kit.dialog().getByRole('button', { name: 'Send', exact: true }).click()
        await kit.step(expect.poll(() => kit.dialog().getByRole('alert').textContent(), { timeout: 20_000 }).toBe('The request was rejected in the wallet'))
        expect((await kit.activity()).at(-1)).toEqual({ method: kit.persona.sendMethod, outcome: 'rejected' })
        expect(await kit.truth.balance(refused)).toBe(0n)
      } finally {
        await kit.setMode('approve')
        await kit.closeDialog()
      }
    }, 90_000)
}

/** Unisat's and OKX's `getAccounts` never prompts; Phantom answers a connected app's `requestAccounts` at once. */
const reconnects = (method: string) => (log: { method: string; outcome: string }[]) => {
  expect(log.map((a) => a.method)).toContain(method)
  if (method !== 'requestAccounts') expect(log.map((a) => a.method)).not.toContain('requestAccounts')
  expect(log.every((a) => a.outcome === 'approved')).toBe(true)
}

personaE2e(rows.bip122, [
  {
    ...bip122,
    id: 'bip122/leather',
    wallet: 'Leather',
    docs: 'docs/wallets/leather.md',
    connectMethod: 'getAddresses',
    // Leather opens its prompt on every getAddresses: a reload restores from the accounts the plugin kept, asking nothing.
    restored: (log) => expect(log.filter((a) => a.method !== 'getInfo')).toEqual([]),
    async connected(kit) {
      await connectsBoth(kit)
      // The accounts the plugin keeps for Leather's reload: payment first, then the Taproot (ordinals) account.
      const kept = JSON.parse((await kit.page.evaluate(() => localStorage.getItem('@portico/bip122_accounts'))) ?? 'null') as { accounts: { address: string; purpose: string }[] }
      expect(kept.accounts.map((a) => [a.address, a.purpose])).toEqual([
        [devBitcoinAddress, 'payment'],
        [taproot, 'ordinal'],
      ])
    },
    own: (kit) =>
      it("has no account events (Leather's provider has no addListener)", async () => {
        expect(await kit.page.evaluate(() => typeof (window as unknown as { LeatherProvider: Record<string, unknown> }).LeatherProvider.addListener)).toBe('undefined')
      }),
  },
  {
    ...bip122,
    id: 'bip122/okx',
    wallet: 'OKX Wallet',
    docs: 'docs/wallets/okx.md',
    connectMethod: 'requestAccounts',
    restored: reconnects('getAccounts'),
    own: paysFromTheSwitchedAccount(taproot),
  },
  {
    ...bip122,
    id: 'bip122/phantom',
    wallet: 'Phantom',
    docs: 'docs/wallets/phantom.md',
    connectMethod: 'requestAccounts',
    sendMethod: 'signPSBT',
    restored: reconnects('requestAccounts'),
    own: paysFromTheSwitchedAccount(secondAccount),
  },
  {
    ...bip122,
    id: 'bip122/unisat',
    wallet: 'Unisat',
    docs: 'docs/wallets/unisat.md',
    connectMethod: 'requestAccounts',
    restored: reconnects('getAccounts'),
    own: paysFromTheSwitchedAccount(taproot),
  },
  {
    ...bip122,
    id: 'bip122/xverse',
    wallet: 'Xverse Wallet',
    docs: 'docs/wallets/xverse.md',
    connectMethod: 'wallet_connect',
    // Xverse answers getAddresses without a prompt to a site it allowed.
    restored: (log) => {
      const asked = log.filter((a) => a.method !== 'getInfo')
      expect(asked.map((a) => a.method)).toEqual(['getAddresses'])
      expect(asked.every((a) => a.outcome !== 'approved')).toBe(true)
    },
    connected: connectsBoth,
    accountChange: {
      to: bitcoinKeyring(1).payment.address,
      there: (page) => page.evaluate(() => (window as unknown as { __porticoXversePersona: { switchAccount(n: number): void } }).__porticoXversePersona.switchAccount(1)),
      back: (page) => page.evaluate(() => (window as unknown as { __porticoXversePersona: { switchAccount(n: number): void } }).__porticoXversePersona.switchAccount(0)),
    },
  },
], undefined, { signer: signerRows.bip122 })
