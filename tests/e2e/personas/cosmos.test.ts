// The cosmos plugin with each Cosmos wallet persona (Keplr, Leap, Cosmostation: issue 46), on the
// demo site from `npm start`, as a visitor, in real Chromium: connect (the chain suggested to a wallet
// that does not know it), sign in (the ADR-36 signature checked with CosmJS), reconnect after a
// reload, send (the balance read back from the ledger's REST API), a refused send and a refused
// connection with the wallet's own error, and another account picked in the wallet. One sandbox, one
// browser, one page; each row names the persona and the docs page it follows.
import { randomBytes } from 'node:crypto'
import { bech32 } from '@scure/base'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cosmosAddressOf } from '../../../sandbox/cosmos/cosmosAddress.js'
import { devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { cosmosPersonaSecondPath } from '../../../sandbox/cosmosWallet/createCosmosPersona.js'
import { listPersonas } from '../../../sandbox/personas/listPersonas.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { sendSettles } from '../../helpers/describeSend.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { verifyAdr36WithCosmjs } from '../../helpers/verifyAdr36WithCosmjs.js'
import { clearSiteStorage } from '../../helpers/clearSiteStorage.js'
import { signInMessage } from '../../helpers/signInMessage.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string; accounts: string[] }[] }
type Activity = { method: string; outcome: string }
type PersonaWindow = { __porticoPersonas?: Record<string, { setMode(mode: 'approve' | 'reject'): void; activity(): Activity[]; accounts(): readonly string[]; switchAccount?(): readonly string[] }> }

const network = 'Portico Cosmos Localnet'
const rows = listPersonas().filter((persona) => persona.namespace === 'cosmos')
/** Each wallet's own injection, as its docs page describes it. */
const injectedAt: Record<string, string> = { keplr: 'window.keplr', leap: 'window.leap', cosmostation: 'window.cosmostation.providers.keplr' }

let sandbox: TestSandbox
let chainId: string
let nodeUrl: string
let devAddress: string
let visitor: SandboxPage
let page: Page
const secondAddress = cosmosAddressOf(devCosmosKey(cosmosPersonaSecondPath).publicKey, 'portico')
const shortOf = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const chain = info.chains.find((c) => c.caipNetworkId.startsWith('cosmos:'))
  if (!chain) throw new Error('The sandbox has no Cosmos chain')
  chainId = chain.caipNetworkId
  nodeUrl = chain.nodeUrl
  devAddress = chain.accounts[0]!
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

/** Base units of the native denom held by `address`, from the ledger's bank REST API. */
async function bankBalance(address: string): Promise<bigint> {
  const response = await fetch(`${nodeUrl}/cosmos/bank/v1beta1/balances/${address}`)
  const body = (await response.json()) as { balances: { denom: string; amount: string }[] }
  return BigInt(body.balances.find((b) => b.denom === 'uptc')?.amount ?? '0')
}
const freshAddress = () => bech32.encode('portico', bech32.toWords(randomBytes(20)))

const header = () => page.getByRole('navigation', { name: 'Wallet' })
const dialog = () => page.getByRole('dialog')

describe.each(rows.map((persona) => ({ ...persona, injection: injectedAt[persona.wallet] ?? '?' })))('$name ($id, following $docs)', (persona) => {
  const installed = () => page.evaluate((id) => (window as unknown as PersonaWindow).__porticoPersonas?.[id] !== undefined, persona.id)
  const activity = () => page.evaluate((id) => (window as unknown as PersonaWindow).__porticoPersonas?.[id]?.activity() ?? [], persona.id)
  const setMode = (mode: 'approve' | 'reject') => page.evaluate(([id, m]) => (window as unknown as PersonaWindow).__porticoPersonas?.[id!]?.setMode(m as 'approve' | 'reject'), [persona.id, mode])
  /** What the page showed: the header, the open dialog, the persona's last requests. */
  const shown = async () =>
    `The page showed: header "${(await header().textContent().catch(() => ''))?.trim()}"; dialog "${(await dialog().first().textContent({ timeout: 1_000 }).catch(() => '(none)'))?.slice(0, 400)}"; ${persona.id} answered ${JSON.stringify((await activity().catch(() => [])).slice(-6))}`
  const step = <T,>(run: Promise<T>) => explainFailure(run, shown)
  const panel = () => page.getByRole('region', { name: `${persona.name} (persona, cosmos)` })
  /** The row's steps build on each other: after one fails, the rest are skipped rather than each timing out on the same broken page. */
  let broken = false
  const rowIt = (name: string, run: () => Promise<void>, timeout?: number) =>
    it(
      name,
      async (context) => {
        if (broken) context.skip()
        try {
          await run()
        } catch (error) {
          broken = true
          throw error
        }
      },
      timeout,
    )

  async function chooseCosmos() {
    await header().getByRole('button', { name: /Portico Devnet A|Portico Cosmos Localnet/ }).first().click()
    await dialog().getByRole('button', { name: network }).click()
    await expect.poll(() => dialog().count()).toBe(0)
  }
  async function openAccount(address: string) {
    if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    await header().getByRole('button', { name: new RegExp(shortOf(address)) }).click()
  }

  rowIt(`installs at ${persona.injection}, is its own wallet in the connect modal, connects with the sandbox chain suggested, and signs in (ADR-36 checked with CosmJS)`, async () => {
    // A first-time visitor: nothing stored, no session.
    await clearSiteStorage(page, sandbox.url)
    await visitor.context.clearCookies()
    await page.goto(`${sandbox.url}/?personas=${persona.id}&siwx=required`)
    await step(expect.poll(installed).toBe(true))
    await step(chooseCosmos())
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const wallet = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: persona.name, exact: true })
    await step(expect.poll(() => wallet.count()).toBe(1))
    await wallet.click()
    const signView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Sign in with your wallet' }) })
    const message = await step(signInMessage(signView))
    expect(await message.textContent()).toContain(devAddress)
    // What the Sign click met, for a failure's message (issue 49: a Keplr sign-in whose Sign asked
    // the wallet nothing): each pointer event with the button under it, whether it was still the
    // Sign button the click aimed at (a view mounted again replaces it) and its state.
    const sign = signView.getByRole('button', { name: 'Sign', exact: true })
    await sign.evaluate((button) => {
      const trace: string[] = []
      ;(window as unknown as { __signTrace?: string[] }).__signTrace = trace
      for (const type of ['pointerdown', 'mouseup', 'click']) {
        document.addEventListener(
          type,
          (event) => {
            const hit = (event.target as Element | null)?.closest?.('button')
            trace.push(`${type} on ${hit === button ? 'the Sign button' : hit ? `button "${hit.textContent?.trim().slice(0, 30)}"` : (event.target as Element | null)?.tagName ?? '?'}; Sign ${button.isConnected ? 'in the page' : 'replaced'}${(button as HTMLButtonElement).disabled ? ', disabled' : ''}`)
          },
          true,
        )
      }
    })
    await sign.click()
    await explainFailure(expect.poll(() => dialog().count()).toBe(0), async () => `${await shown()}; the Sign click met ${JSON.stringify(await page.evaluate(() => (window as unknown as { __signTrace?: string[] }).__signTrace ?? []).catch(() => []))}`)
    await step(expect.poll(() => header().textContent()).toContain(shortOf(devAddress)))
    const methods = (await activity()).map((a) => `${a.method}:${a.outcome}`)
    // The wallet did not know the sandbox chain: it was suggested, then enabled, then the sign-in signed.
    expect(methods).toContain('experimentalSuggestChain:approved')
    expect(methods).toContain('enable:approved')
    expect(methods.at(-1)).toBe('signArbitrary:approved')
    const response = await visitor.context.request.get(`${sandbox.url}/siwx/sessions`)
    const body = (await response.json()) as { signedIn: boolean; sessions: { data: { chainId: string; accountAddress: string }; message: string; signature: string }[] }
    const session = body.sessions.find((s) => s.data.chainId === chainId)
    expect(session?.data.accountAddress).toBe(devAddress)
    expect(await verifyAdr36WithCosmjs(session!.message, session!.signature, devAddress)).toBe(true)
    expect(await verifyAdr36WithCosmjs(`${session!.message}.`, session!.signature, devAddress)).toBe(false)
  }, 60_000)

  rowIt('reconnects after a reload without asking again', async () => {
    // The same visitor comes back (a new page load, sign-in no longer required by the page).
    await page.goto(`${sandbox.url}/?personas=${persona.id}`)
    await step(expect.poll(() => header().textContent()).toContain(shortOf(devAddress)))
    expect(await header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0)
    // The persona's log starts with the page: the silent reconnect asked the visitor nothing.
    expect(await activity()).toEqual([])
  })

  rowIt('sends 0.25 PTC; the ledger shows it', async () => {
    const receiver = freshAddress()
    await openAccount(devAddress)
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await step(chooseSendToken(dialog(), 'PTC'))
    await dialog().getByLabel('Amount').fill('0.25')
    await dialog().getByLabel('Receiver address').fill(receiver)
    await dialog().getByRole('button', { name: 'Preview Send' }).click()
    await step(expect.poll(() => dialog().locator('dl').textContent()).toMatch(/Network feeup to \d+(\.\d+)? PTC/))
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await sendSettles(page, expect.poll(() => bankBalance(receiver).catch(() => 0n), { timeout: 30_000 }).toBe(250_000n), activity)
    expect((await activity()).filter((a) => a.method.startsWith('sign')).at(-1)).toEqual({ method: 'signDirect', outcome: 'approved' })
  }, 60_000)

  rowIt("a refused send shows the wallet's refusal and nothing moves", async () => {
    const receiver = freshAddress()
    await setMode('reject')
    try {
      await openAccount(devAddress)
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await step(chooseSendToken(dialog(), 'PTC'))
      await dialog().getByLabel('Amount').fill('0.1')
      await dialog().getByLabel('Receiver address').fill(receiver)
      await dialog().getByRole('button', { name: 'Preview Send' }).click()
      await dialog().getByRole('button', { name: 'Send', exact: true }).click()
      await sendSettles(page, expect.poll(() => dialog().getByRole('alert').textContent()).toMatch(/reject|declined/i), activity)
      expect((await activity()).at(-1)).toEqual({ method: 'signDirect', outcome: 'rejected' })
      expect(await bankBalance(receiver)).toBe(0n)
    } finally {
      await setMode('approve')
      await page.keyboard.press('Escape')
    }
  }, 60_000)

  rowIt('follows another account picked in the wallet (its own keystore event), and back', async () => {
    await expect.poll(() => dialog().count()).toBe(0)
    const moved = await page.evaluate((id) => (window as unknown as PersonaWindow).__porticoPersonas?.[id]?.switchAccount?.(), persona.id)
    expect(moved).toEqual([secondAddress])
    await step(expect.poll(() => header().textContent()).toContain(shortOf(secondAddress)))
    await page.evaluate((id) => (window as unknown as PersonaWindow).__porticoPersonas?.[id]?.switchAccount?.(), persona.id)
    await step(expect.poll(() => header().textContent()).toContain(shortOf(devAddress)))
  })

  rowIt('the site disconnected in the wallet disconnects; a refused connection shows "Connection rejected", and "Try again" connects', async () => {
    await setMode('reject')
    try {
      await panel().getByRole('button', { name: 'Disconnect site' }).click()
      await step(expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1))
      await header().getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: persona.name, exact: true }).click()
      await step(expect.poll(() => dialog().getByText('Connection rejected').count()).toBeGreaterThan(0))
      expect((await activity()).at(-1)?.outcome).toBe('rejected')
    } finally {
      await setMode('approve')
    }
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await step(expect.poll(() => header().textContent()).toContain(shortOf(devAddress)))
  })
})

describe('the page', () => {
  it('broke no CSP rule, threw no page error and reached nothing beyond 127.0.0.1', async () => {
    expect(rows.map((r) => r.id)).toEqual(['cosmos/cosmostation', 'cosmos/keplr', 'cosmos/leap'])
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })
})
