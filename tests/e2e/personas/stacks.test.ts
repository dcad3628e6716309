// The Stacks wallet personas (Leather, Xverse: issue 46) on the chain e2e kit (issue 49): each row
// names the wallet as Connect Wallet lists it, the docs page it follows, and its dialect (Leather:
// `getAddresses` on `window.LeatherProvider`, no account events; Xverse: `wallet_connect` on
// `XverseProviders.BitcoinProvider`, since its `StacksProvider.request` throws, with account
// events and a wallet-side disconnect). `personaE2e` runs the shared flow for each
// (tests/e2e/kit/personaE2e.ts). Last, the exported `stacksLocalnet` preset's node answers a page
// on another origin (CORS).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { stacksLocalnet } from '../../../plugins/stacks/index.js'
import { sandboxPorts } from '../../../sandbox/config.js'
import { devStacksKey } from '../../../sandbox/stacks/devStacks.js'
import { openSandboxPage } from '../../helpers/openSandboxPage.js'
import { rows } from '../kit/chainRows.js'
import { signerRows } from '../kit/signerRows.js'
import { personaE2e, type PersonaKit, type PersonaRow } from '../kit/personaE2e.js'

const stacks = {
  sendMethod: 'stx_transferStx',
  signInMethod: 'stx_signMessage',
  // A fresh page's log starts empty, and restoring asked the wallet nothing.
  restored: (log) => expect(log).toEqual([]),
  // The review offers the fee speeds (tests/e2e/stacks/sandbox.test.ts sends at Fast).
  reviewed: async (kit: PersonaKit) => void (await kit.step(expect.poll(() => kit.dialog().getByRole('group', { name: 'Speed' }).getByRole('radio').count(), { timeout: 20_000 }).toBe(3))),
  // The first connect asked the wallet nothing else: the refused one and the approved one.
  connected: async (kit: PersonaKit) => expect(await kit.activity()).toEqual([{ method: kit.persona.connectMethod, outcome: 'rejected' }, { method: kit.persona.connectMethod, outcome: 'approved' }]),
} satisfies Partial<PersonaRow>

personaE2e(
  rows.stacks,
  [
    {
      ...stacks,
      id: 'stacks/leather',
      wallet: 'Leather',
      docs: 'docs/wallets/leather.md',
      connectMethod: 'getAddresses',
      own: (kit) =>
        it("has no account events (Leather's provider has no addListener)", async () => {
          expect(await kit.page.evaluate(() => typeof (window as unknown as { LeatherProvider: Record<string, unknown> }).LeatherProvider.addListener)).toBe('undefined')
        }),
    },
    {
      ...stacks,
      id: 'stacks/xverse',
      wallet: 'Xverse Wallet',
      docs: 'docs/wallets/xverse.md',
      connectMethod: 'wallet_connect',
      disconnectsSite: true,
      accountChange: {
        to: devStacksKey("m/44'/5757'/0'/0/3").address,
        there: (page) => page.evaluate(() => window.__porticoXversePersona!.switchAccount(3)),
        back: (page) => page.evaluate(() => window.__porticoXversePersona!.switchAccount(0)),
      },
    },
  ],
  (kit) => {
    it("the exported stacksLocalnet preset points at the sandbox's Stacks node on its default port (PORT + 8)", () => {
      expect(stacksLocalnet.rpcUrls.default.http).toEqual([`http://127.0.0.1:${sandboxPorts(4700).stacks}`])
      expect(kit.chain.caipNetworkId).toBe(stacksLocalnet.caipNetworkId)
      expect(kit.truth.devAddress).toBe(devStacksKey().address)
    })

    it("the preset's node answers a page on another origin: a balance read and a fee estimate (a preflighted POST) succeed from the page", async () => {
      // A site of its own on another loopback port, with no Content-Security-Policy of its own: only CORS decides.
      const site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>A site using stacksLocalnet</title>'))
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
      const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
      const visitor = await openSandboxPage()
      try {
        await visitor.page.goto(siteOrigin)
        expect(new URL(kit.chain.nodeUrl).origin).not.toBe(siteOrigin)
        const read = await visitor.page.evaluate(
          async ([base, address]) => {
            const account = (await (await fetch(`${base}/v2/accounts/${address}?proof=0`)).json()) as { balance: string }
            const fees = await fetch(`${base}/v2/fees/transfer`)
            const estimate = await fetch(`${base}/v2/fees/transaction`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transaction_payload: '0x00', estimated_len: 180 }) })
            return { balance: account.balance, fees: fees.ok, estimate: estimate.status }
          },
          [kit.chain.nodeUrl, kit.truth.devAddress] as const,
        )
        expect(BigInt(read.balance)).toBe(await kit.truth.balance(kit.truth.devAddress))
        expect(read.fees).toBe(true)
        // Any answer at all means CORS let the page read it (a blocked preflight is a TypeError in the page).
        expect(read.estimate).toBeGreaterThanOrEqual(200)
        expect(visitor.pageErrors).toEqual([])
      } finally {
        await visitor.close()
        await new Promise((resolve) => site.close(resolve))
      }
    })
  },
  { signer: signerRows.stacks },
)
