// The EVM wallet personas (MetaMask, Rabby, Coinbase Wallet: issue 46, sandbox/personas/<wallet>/
// eip155.entry.ts, each following the wallet's documentation cited in docs/wallets/<wallet>.md) on
// the chain e2e kit (issue 49): `personaE2e` runs the shared flow for each row (tests/e2e/kit/
// personaE2e.ts), balances read from anvil and signatures verified with viem (the sign-in's SIWE
// message parsed with siwe). Beside each row, what the wallets do differently: a chain the wallet
// does not know (4902, add, switch), whether the modal's Disconnect revokes the site in the
// wallet, and a second connection request while the first is still open.
import type { Page } from 'playwright-core'
import { SiweMessage } from 'siwe'
import { getAddress } from 'viem'
import { expect, it } from 'vitest'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { rows } from '../kit/chainRows.js'
import { signerRows } from '../kit/signerRows.js'
import { personaE2e, type PersonaKit, type PersonaRow } from '../kit/personaE2e.js'

const account0 = getAddress(devAddresses[0]!)
const account1 = getAddress(devAddresses[1]!)

const wallet = (page: Page, id: string) => ({
  chainId: () => page.evaluate((key) => window.__porticoEip155Personas![key]!.getState().chainId, id),
  connected: () => page.evaluate((key) => window.__porticoEip155Personas![key]!.getState().connected, id),
  selectAccount: (index: number) => page.evaluate(([key, i]) => window.__porticoEip155Personas![key as string]!.selectAccount(i as number), [id, index] as const),
  hold: (on: boolean) => page.evaluate(([key, value]) => window.__porticoEip155Personas![key as string]!.holdConnections(value as boolean), [id, on] as const),
  hasPending: () => page.evaluate((key) => window.__porticoEip155Personas![key]!.hasPendingConnection(), id),
  answer: (decision: 'approve' | 'reject') => page.evaluate(([key, d]) => window.__porticoEip155Personas![key]!.answerConnection(d as 'approve' | 'reject'), [id, decision] as const),
})

/** The same visitor comes back without ?siwx=required: the connection is restored. */
async function restored(kit: PersonaKit) {
  await kit.page.goto(`${kit.sandbox.url}/?personas=${kit.persona.id}`)
  await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(kit.short))
  await kit.step(expect.poll(() => kit.page.getByTestId('account-status').textContent(), { timeout: 20_000 }).toBe('connected'))
}

async function connectAgain(kit: PersonaKit) {
  // "Connecting…" while an earlier request still waits in the wallet: the visitor clicks it all the same.
  await kit.header().getByRole('button', { name: /^(Connect Wallet|Connecting…)$/ }).click()
  await kit.dialog().getByRole('button', { name: kit.persona.wallet, exact: true }).click()
}

function evmPersona(id: string, name: string, { pending, revokes }: { pending: 'refused' | 'joined'; revokes: boolean }): PersonaRow {
  return {
    id,
    wallet: name,
    docs: `docs/wallets/${id.split('/')[1]}.md`,
    connectMethod: 'eth_requestAccounts',
    sendMethod: 'eth_sendTransaction',
    signInMethod: 'personal_sign',
    restored: rows.eip155.restored,
    disconnectsSite: true,
    accountChange: { to: account1, there: (page) => wallet(page, id).selectAccount(1), back: (page) => wallet(page, id).selectAccount(0) },
    // Listed once, by its EIP-6963 name: no "Browser Wallet" twin for its window.ethereum.
    notListedAs: ['Browser Wallet'],
    session: (session, kit) => {
      const parsed = new SiweMessage(session.message)
      expect(parsed.domain).toBe(new URL(kit.sandbox.url).host)
      expect(parsed.address).toBe(account0)
      expect(parsed.chainId).toBe(31337)
    },
    own: (kit) => {
      it('switches to Portico Devnet B, which the wallet does not know: it answers 4902, the modal adds the chain, the wallet moves; back to Devnet A adds nothing', async () => {
        await restored(kit)
        const persona = wallet(kit.page, id)
        await kit.header().getByRole('button', { name: /Portico Devnet A/ }).click()
        await kit.dialog().getByRole('button', { name: 'Portico Devnet B' }).click()
        await kit.step(expect.poll(() => kit.header().getByRole('button', { name: /Portico Devnet B/ }).count(), { timeout: 20_000 }).toBe(1))
        await kit.step(expect.poll(persona.chainId, { timeout: 20_000 }).toBe(31338))
        const log = await kit.activity()
        expect(log).toContainEqual({ method: 'wallet_switchEthereumChain', outcome: 'failed' })
        expect(log).toContainEqual({ method: 'wallet_addEthereumChain', outcome: 'approved' })
        const adds = log.filter((a) => a.method === 'wallet_addEthereumChain').length
        await kit.header().getByRole('button', { name: /Portico Devnet B/ }).click()
        await kit.dialog().getByRole('button', { name: 'Portico Devnet A' }).click()
        await kit.step(expect.poll(persona.chainId, { timeout: 20_000 }).toBe(31337))
        await kit.step(expect.poll(() => kit.header().getByRole('button', { name: /Portico Devnet A/ }).count(), { timeout: 20_000 }).toBe(1))
        expect((await kit.activity()).filter((a) => a.method === 'wallet_addEthereumChain').length).toBe(adds)
      }, 60_000)

      it(`the modal's Disconnect ${revokes ? 'revokes the site in the wallet' : 'forgets the connection (the wallet keeps it: no wallet_revokePermissions)'}`, async () => {
        await kit.openAccount()
        await kit.dialog().getByRole('button', { name: 'Disconnect' }).click()
        await kit.step(expect.poll(() => kit.header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1))
        expect(await wallet(kit.page, id).connected()).toBe(!revokes)
        await kit.closeDialog()
      })

      it(`a second connection request while the first is still open in the wallet is ${pending === 'refused' ? 'explained, not shown as a rejection' : 'joined to it'}`, async () => {
        const persona = wallet(kit.page, id)
        if (await persona.connected()) {
          await kit.panel().getByRole('button', { name: 'Disconnect site' }).click()
          expect(await persona.connected()).toBe(false)
        }
        await persona.hold(true)
        try {
          await connectAgain(kit)
          await kit.step(expect.poll(persona.hasPending, { timeout: 20_000 }).toBe(true))
          // The visitor closes the modal and asks again, with the wallet's request still open.
          await kit.page.keyboard.press('Escape')
          await kit.step(expect.poll(() => kit.dialog().count(), { timeout: 20_000 }).toBe(0))
          await connectAgain(kit)
          if (pending === 'refused') {
            await kit.step(expect.poll(() => kit.dialog().getByText(`${name} already shows a connection request from this site`).count(), { timeout: 20_000 }).toBe(1))
            expect(await kit.dialog().getByText('Connection rejected').count()).toBe(0)
          }
          await persona.answer('approve')
          await kit.step(expect.poll(() => kit.header().textContent(), { timeout: 20_000 }).toContain(kit.short))
        } finally {
          await persona.hold(false)
        }
        await kit.closeDialog()
      }, 60_000)
    },
  }
}

personaE2e(rows.eip155, [
  // No wallet_revokePermissions: the modal's Disconnect leaves the site connected in the wallet.
  evmPersona('eip155/coinbase', 'Coinbase Wallet', { pending: 'joined', revokes: false }),
  evmPersona('eip155/metamask', 'MetaMask', { pending: 'refused', revokes: true }),
  evmPersona('eip155/rabby', 'Rabby Wallet', { pending: 'refused', revokes: true }),
], undefined, { signer: signerRows.eip155 })
