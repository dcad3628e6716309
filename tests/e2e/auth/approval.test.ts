// Issue 48, acceptance 1 and 2: approval in the wallet frame, in real Chromium against the sandbox
// (`npm start`'s server, wallet origin, anvil devnet A and the LiteSVM chain), on a site served under
// the sandbox's strict CSP. A site script's personal_sign, eth_sendTransaction and solana
// signTransaction each wait for the visitor; Approve (a real click in the frame) signs — the
// signatures verify with viem and @solana/kit — and Reject answers 4001 with nothing on chain; the
// screen shows amount, recipient, network and fee. The hostile page: a request without a click,
// synthetic clicks on the frame element, focusing it, covering it or making it transparent, and a
// replayed approval each sign nothing.
import type { FrameLocator, Page } from 'playwright-core'
import {
  address as solanaAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { createPublicClient, http, parseEther, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxPageCsp } from '../../../sandbox/registerSandboxPages.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailedCode } from '../../helpers/sandboxMail.js'
import { serveTestSite, type TestSite } from '../../helpers/serveTestSite.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type SandboxJson = { chains: { caipNetworkId: string; nodeUrl: string }[]; auth: { walletOrigin: string } }
type Outcome = { result?: unknown; error?: { code: unknown; message: string } }
type SiteWindow = {
  site: { state(): { connections: Record<string, { status: string; address?: string }> }; request(chainId: string, method: string, params: unknown): Promise<Outcome> }
  __asks: Record<string, { done: boolean; outcome?: Outcome }>
}

const devnetA = 'eip155:31337'
/** The sandbox's strict page policy for a site on its own loopback port: its API, chains and images on the sandbox's ports, and the wallet frame. */
const siteCsp = (walletOrigin: string) =>
  `${sandboxPageCsp.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*").replace("img-src 'self' data:", "img-src 'self' data: http://127.0.0.1:*")}; frame-src ${walletOrigin}`

let sandbox: TestSandbox
let info: SandboxJson
let site: TestSite
let siteUrl = ''
let visitor: SandboxPage
let page: Page
let solanaChain = ''
let eip155Account: Address
let solanaAccount = ''
const email = `approval-${Date.now().toString(36)}@example.com`

const wallet = () => page.frameLocator('iframe[title="Portico wallet"]')
const screenText = async (frame: FrameLocator = wallet()) => ((await frame.locator('main#portico-approval').innerText().catch(() => '(no approval screen)')) ?? '').replace(/\s+/g, ' ')
const dialogText = async () => ((await page.getByRole('dialog').innerText().catch(() => '(no dialog)')) ?? '').replace(/\s+/g, ' ')

/** Starts a request from a script of the site's page; its outcome lands in `window.__asks[key]`. */
async function ask(key: string, chainId: string, method: string, params: unknown): Promise<void> {
  await page.evaluate(
    ({ key, chainId, method, params }) => {
      const w = window as unknown as SiteWindow
      w.__asks ??= {}
      w.__asks[key] = { done: false }
      void w.site.request(chainId, method, params).then((outcome) => {
        w.__asks[key] = { done: true, outcome }
      })
    },
    { key, chainId, method, params },
  )
}

const askState = (key: string) => page.evaluate((k) => (window as unknown as SiteWindow).__asks[k], key)

/** The outcome of `key` once it settled (the failure names what the modal and the frame showed). */
async function outcomeOf(key: string): Promise<Outcome> {
  await explainFailure(expect.poll(async () => (await askState(key))?.done, { timeout: 30_000 }).toBe(true), async () => `request ${key} still waiting; dialog: ${await dialogText()} | frame: ${await screenText()}`)
  return (await askState(key))!.outcome!
}

/** Waits until the frame's approval screen shows `title`, over the modal's ApproveTransaction view, at a visible size. */
async function screenShows(title: string | RegExp): Promise<void> {
  await explainFailure(expect.poll(() => wallet().getByRole('heading', { level: 1 }).textContent().catch(() => null), { timeout: 30_000 }).toMatch(title), async () => `frame: ${await screenText()} | dialog: ${await dialogText()}`)
  await expect.poll(() => page.getByRole('dialog').getAttribute('data-view')).toBe('ApproveTransaction')
  // Where a visitor sees it: the frame at a readable size, come to rest over the modal (it follows the modal's opening slide).
  let last = ''
  await expect
    .poll(async () => {
      const box = await page.locator('iframe[title="Portico wallet"]').boundingBox()
      const key = JSON.stringify(box)
      const still = key === last && (box?.width ?? 0) > 250 && (box?.height ?? 0) > 300
      last = key
      return still ? 'at rest' : key
    })
    .toBe('at rest')
}

/**
 * The visitor's own click on a button of the frame's screen (Approve, Sign, Reject), repeated
 * until the request settles: the frame turns Approve away in its first 600 ms on screen, and
 * Chromium drops input to a cross-origin frame that moved in the last moments (its own
 * anti-clickjacking rule; the frame follows the modal's opening slide).
 */
async function press(name: string, key: string): Promise<void> {
  await explainFailure(
    expect
      .poll(
        async () => {
          const state = await askState(key)
          if (state?.done) return true
          await wallet().getByRole('button', { name }).click({ timeout: 2_000 }).catch(() => undefined)
          return (await askState(key))?.done ?? false
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true),
    async () => `frame: ${await screenText()}`,
  )
}

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxJson
  const solana = info.chains.find((c) => c.caipNetworkId.startsWith('solana:'))!
  solanaChain = solana.caipNetworkId
  site = await serveTestSite({ entry: 'tests/e2e/auth/approvalSite/main.tsx', title: 'A shop', csp: siteCsp(info.auth.walletOrigin) })
  const query = new URLSearchParams({
    api: sandbox.url,
    rpc: info.chains.find((c) => c.caipNetworkId === devnetA)!.nodeUrl,
    solanaRef: solanaChain.split(':')[1]!,
    solanaRpc: solana.nodeUrl,
    wallet: info.auth.walletOrigin,
  })
  siteUrl = `${site.origin}/?${query}`
  visitor = await openSandboxPage()
  page = visitor.page
  page.setDefaultTimeout(20_000)
}, 180_000)

afterAll(async () => {
  await visitor?.close()
  await site?.close()
  await sandbox?.stop()
})

describe('approval in the frame (issue 48, acceptance 1)', () => {
  it('logs in by email: eip155 and solana connect through the embedded wallet, and both accounts are funded', async () => {
  await page.goto(siteUrl)
  const nav = page.getByRole('navigation', { name: 'Wallet' })
  await nav.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await dialog.getByRole('heading', { name: 'Enter the code' }).waitFor()
  await dialog.getByRole('textbox', { name: 'Code' }).fill((await mailedCode(sandbox.url, email)).code)
  const verify = dialog.getByRole('button', { name: 'Verify' })
  if ((await verify.count()) > 0 && (await verify.isEnabled())) await verify.click().catch(() => undefined)
  const state = () => page.evaluate(() => (window as unknown as SiteWindow).site.state())
  await explainFailure(expect.poll(async () => (await state()).connections.solana?.status, { timeout: 30_000 }).toBe('connected'), async () => `dialog: ${await dialogText()}`)
  await expect.poll(async () => (await state()).connections.eip155?.status).toBe('connected')
  eip155Account = (await state()).connections.eip155!.address as Address
  solanaAccount = (await state()).connections.solana!.address as string
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  for (const [caipAddress, amount] of [[`${devnetA}:${eip155Account}`, '1'], [`${solanaChain}:${solanaAccount}`, '1']]) {
    const funded = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress, amount }) })
    expect(funded.status, await funded.clone().text()).toBe(200)
  }
  }, 120_000)

  it('personal_sign waits for the visitor; Sign in the frame signs, and the signature verifies with viem', async () => {
    await ask('sign', devnetA, 'personal_sign', ['Log in to A shop\nNonce: 42', eip155Account])
    await screenShows('Sign a message')
    const text = await screenText()
    expect(text).toContain('Log in to A shop Nonce: 42')
    expect(text).toContain(`from ${site.origin}`)
    expect(text).toContain('Portico Devnet A (eip155:31337)')
    expect((await askState('sign'))?.done).toBe(false)
    await press('Sign the message', 'sign')
    const { result } = await outcomeOf('sign')
    expect(await verifyMessage({ address: eip155Account, message: 'Log in to A shop\nNonce: 42', signature: result as Hex })).toBe(true)
    // The screen went, the frame hid and the modal closed (it opened for the approval).
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await expect.poll(async () => (await page.locator('iframe[title="Portico wallet"]').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1)
  }, 60_000)

  it('eth_sendTransaction shows amount, recipient, network and fee; Reject gives 4001 and nothing reaches the chain; Approve sends', async () => {
    const rpc = createPublicClient({ transport: http(info.chains.find((c) => c.caipNetworkId === devnetA)!.nodeUrl), cacheTime: 0 })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const nonce = await rpc.getTransactionCount({ address: eip155Account })
    const tx = [{ from: eip155Account, to: receiver, value: '0x2386f26fc10000' }]
    await ask('rejected', devnetA, 'eth_sendTransaction', tx)
    await screenShows('Send 0.01 ETH')
    const text = await screenText()
    expect(text).toContain('Amount 0.01 ETH')
    expect(text).toContain(`Recipient ${receiver}`)
    expect(text).toContain('Network Portico Devnet A (eip155:31337)')
    expect(text).toMatch(/Estimated fee up to 0\.0000\d+ ETH/)
    await press('Reject', 'rejected')
    expect((await outcomeOf('rejected')).error).toMatchObject({ code: 4001 })
    expect(await rpc.getBalance({ address: receiver })).toBe(0n)
    expect(await rpc.getTransactionCount({ address: eip155Account })).toBe(nonce)

    await ask('sent', devnetA, 'eth_sendTransaction', tx)
    await screenShows('Send 0.01 ETH')
    await press('Approve the transaction', 'sent')
    const { result } = await outcomeOf('sent')
    expect(result).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => rpc.getBalance({ address: receiver }), { timeout: 20_000 }).toBe(parseEther('0.01'))
  }, 90_000)

  it('solana signTransaction shows the SOL transfer; Reject gives 4001; Approve signs a signature that verifies with @solana/kit', async () => {
    const rpc = createSolanaRpc(info.chains.find((c) => c.caipNetworkId === solanaChain)!.nodeUrl)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const receiver = (await generateKeyPairSigner()).address
    const payer = createNoopSigner(solanaAddress(solanaAccount))
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: payer, destination: solanaAddress(receiver), amount: 10_000_000n }), m),
    )
    const transaction = getBase64EncodedWireTransaction(compileTransaction(message))
    await ask('solanaRejected', solanaChain, 'solana_signTransaction', { transaction })
    await screenShows('Send 0.01 SOL')
    const text = await screenText()
    expect(text).toContain(`Recipient ${receiver}`)
    expect(text).toContain(`Network Portico Solana Localnet (${solanaChain})`)
    expect(text).toContain('Estimated fee 0.000005 SOL')
    await press('Reject', 'solanaRejected')
    expect((await outcomeOf('solanaRejected')).error).toMatchObject({ code: 4001 })

    await ask('solanaSigned', solanaChain, 'solana_signTransaction', { transaction })
    await screenShows('Send 0.01 SOL')
    await press('Approve the transaction', 'solanaSigned')
    const { result } = await outcomeOf('solanaSigned')
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode((result as { transaction: string }).transaction))
    const signature = signed.signatures[solanaAddress(solanaAccount)]
    expect(signature).toBeTruthy()
    const key = await getPublicKeyFromAddress(solanaAddress(solanaAccount))
    expect(await verifySignature(key, signatureBytes(signature!), signed.messageBytes)).toBe(true)
    // signTransaction sends nothing: the receiver has no account on chain.
    expect((await rpc.getBalance(solanaAddress(receiver)).send()).value).toBe(0n)
  }, 90_000)
})

describe('a hostile page cannot approve (issue 48, acceptance 2)', () => {
  /** The frame element's rectangle and the Approve button's centre in page coordinates. */
  async function approveButtonCentre(name: string): Promise<{ x: number; y: number }> {
    const frame = await page.locator('iframe[title="Portico wallet"]').boundingBox()
    const inner = await wallet().getByRole('button', { name }).boundingBox()
    if (!frame || !inner) throw new Error(`No Approve button on screen; frame: ${await screenText()}`)
    // Playwright reports a frame element's box in page coordinates already.
    return { x: inner.x + inner.width / 2, y: inner.y + inner.height / 2 }
  }

  /**
   * The visitor clicks at `centre` until the frame has answered three clicks with its refusal
   * (the test clears the frame's notice before each, so every refusal is seen anew; Chromium may
   * drop a click to a frame that just moved, which then simply counts for nothing).
   */
  async function clickedAway(centre: { x: number; y: number }): Promise<void> {
    let refused = 0
    await explainFailure(
      expect
        .poll(
          async () => {
            await wallet().locator('#portico-approval [role="status"]').evaluate((node) => void (node.textContent = ''))
            await page.mouse.click(centre.x, centre.y)
            await expect.poll(() => wallet().locator('#portico-approval [role="status"]').textContent(), { timeout: 1_000 }).toContain('Make sure nothing covers this window').then(
              () => void refused++,
              () => undefined,
            )
            return refused
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBeGreaterThanOrEqual(3),
      async () => `frame: ${await screenText()}`,
    )
  }

  it('synthetic clicks on the frame element, focusing it, keys and messages from the page sign nothing', async () => {
    await ask('hostile', devnetA, 'personal_sign', ['Transfer everything', eip155Account])
    await screenShows('Sign a message')
    const tried = await page.evaluate(async (walletOrigin) => {
      const iframe = document.querySelector('iframe[title="Portico wallet"]') as HTMLIFrameElement
      const rect = iframe.getBoundingClientRect()
      const at = { clientX: rect.left + rect.width * 0.75, clientY: rect.bottom - 30, bubbles: true, cancelable: true }
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) iframe.dispatchEvent(new MouseEvent(type, at))
      iframe.click()
      iframe.focus()
      iframe.contentWindow?.focus()
      for (const key of ['Tab', 'Tab', 'Enter', ' ']) {
        document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
        iframe.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
      }
      document.elementFromPoint(at.clientX, at.clientY)?.dispatchEvent(new MouseEvent('click', at))
      // Its own port to the frame, with every "approve" it can think of.
      const channel = new MessageChannel()
      const answers: unknown[] = []
      channel.port1.onmessage = (event) => answers.push(event.data)
      iframe.contentWindow!.postMessage({ type: 'portico-auth:connect', version: 1 }, walletOrigin, [channel.port2])
      await new Promise<void>((resolve) => {
        const ready = (event: MessageEvent) => {
          if ((event.data as { event?: string })?.event === 'ready') resolve()
        }
        channel.port1.addEventListener('message', ready)
        channel.port1.start()
      })
      const answered = new Promise<void>((resolve) => {
        channel.port1.addEventListener('message', () => {
          if (answers.filter((a) => typeof (a as { id?: unknown }).id === 'number').length === 3) resolve()
        })
      })
      for (const [id, method] of [[901, 'approve'], [902, 'approveRequest'], [903, 'confirm']] as const) channel.port1.postMessage({ id, method, params: { approved: true } })
      iframe.contentWindow!.postMessage({ type: 'portico-auth:approve', approved: true }, walletOrigin)
      await answered
      return { answers: answers.filter((a) => typeof (a as { id?: unknown }).id === 'number') as { id: number; error?: { code: string } }[] }
    }, info.auth.walletOrigin)
    expect(tried.answers.map((a) => a.error?.code)).toEqual(['UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD'])
    // Still waiting, and the screen still asks: nothing was signed.
    expect((await askState('hostile'))?.done).toBe(false)
    expect(await wallet().getByRole('heading', { name: 'Sign a message' }).count()).toBe(1)
    await press('Reject', 'hostile')
    expect((await outcomeOf('hostile')).error).toMatchObject({ code: 4001 })
  }, 60_000)

  it('a page element over the frame, or the frame made transparent, turns the visitor\'s click on Approve away', async () => {
    await ask('covered', devnetA, 'personal_sign', ['Claim your prize', eip155Account])
    await screenShows('Sign a message')
    const centre = await approveButtonCentre('Sign the message')
    // A decoy drawn over the frame that lets clicks through to it (classic clickjacking).
    await page.evaluate(() => {
      const iframe = document.querySelector('iframe[title="Portico wallet"]') as HTMLIFrameElement
      const rect = iframe.getBoundingClientRect()
      const decoy = document.createElement('div')
      decoy.id = 'decoy'
      decoy.textContent = 'Click here to claim your prize'
      Object.assign(decoy.style, { position: 'fixed', top: `${rect.top}px`, left: `${rect.left}px`, width: `${rect.width}px`, height: `${rect.height}px`, background: '#fff', zIndex: '2147483647', pointerEvents: 'none' })
      document.body.append(decoy)
    })
    // The visitor clicks where the decoy says, again and again: the frame takes none of it.
    await clickedAway(centre)
    expect((await askState('covered'))?.done).toBe(false)
    // The frame itself made nearly transparent over a decoy beneath: refused too.
    await page.evaluate(() => {
      document.getElementById('decoy')!.style.zIndex = '1'
      ;(document.querySelector('iframe[title="Portico wallet"]') as HTMLIFrameElement).style.opacity = '0.05'
    })
    await clickedAway(centre)
    expect((await askState('covered'))?.done).toBe(false)
    // Uncovered and opaque again, the visitor's click goes through.
    await page.evaluate(() => {
      document.getElementById('decoy')!.remove()
      ;(document.querySelector('iframe[title="Portico wallet"]') as HTMLIFrameElement).style.opacity = '1'
    })
    await press('Sign the message', 'covered')
    expect(await verifyMessage({ address: eip155Account, message: 'Claim your prize', signature: (await outcomeOf('covered')).result as Hex })).toBe(true)
  }, 60_000)

  it('an approval signs one request only: the same request again waits for a new approval', async () => {
    const params = ['Pay 10 pUSD to the shop', eip155Account]
    await ask('first', devnetA, 'personal_sign', params)
    await screenShows('Sign a message')
    await press('Sign the message', 'first')
    expect((await outcomeOf('first')).result).toMatch(/^0x[0-9a-f]{130}$/)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    // The page sends the identical request again: a new screen, and nothing until the visitor acts.
    await ask('replay', devnetA, 'personal_sign', params)
    await screenShows('Sign a message')
    expect((await askState('replay'))?.done).toBe(false)
    await press('Reject', 'replay')
    expect((await outcomeOf('replay')).error).toMatchObject({ code: 4001 })
    expect(visitor.pageErrors).toEqual([])
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.blocked).toEqual([])
  }, 60_000)
})
