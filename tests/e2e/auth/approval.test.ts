// Issue 44: a first visit to a plain site with the embedded wallet loads no kernel; back later, the
// stored login reconnects with no click and no new code, and the button never offers "Connect Wallet".
// Issue 48, acceptance 1 and 2: approval in the wallet frame, in real Chromium against the sandbox
// (`npm start`'s server, wallet origin, anvil devnet A and the LiteSVM chain), on a site served under
// the sandbox's strict CSP. A site script's personal_sign, eth_sendTransaction and solana
// signTransaction each wait for the visitor; Approve (a real click in the frame) signs — the
// signatures verify with viem and @solana/kit — and Reject answers 4001 with nothing on chain; the
// screen shows amount, recipient, network and fee. The hostile page: a request without a click,
// synthetic clicks on the frame element, focusing it, covering it or making it transparent, and a
// replayed approval each sign nothing.
import type { Page } from 'playwright-core'
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
import { explainFailure } from '../../helpers/explainFailure.js'
import type { SandboxPage } from '../../helpers/openSandboxPage.js'
import { mailbox } from '../../helpers/sandboxMail.js'
import type { TestSite } from '../../helpers/serveTestSite.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { askWallet, connectToWalletFrame, emailLogin, expectClean, faucet, openVisitor, pressInFrame, sandboxInfo, serveShop, step, walletFrame, type SandboxInfo } from '../kit/authE2e.js'

type Outcome = { result?: unknown; error?: { code: unknown; message: string } }
type SiteWindow = {
  site: { kernelLoaded(): boolean; state(): { connections: Record<string, { status: string; address?: string; connectorId?: string }> }; request(chainId: string, method: string, params: unknown): Promise<Outcome> }
  __asks: Record<string, { done: boolean; outcome?: Outcome }>
}

const devnetA = 'eip155:31337'

let sandbox: TestSandbox
let info: SandboxInfo
let site: TestSite & { url: string }
let visitor: SandboxPage
let page: Page
let solanaChain = ''
let eip155Account: Address
let solanaAccount = ''
const email = `approval-${Date.now().toString(36)}@example.com`

const wallet = () => walletFrame(page)
const screenText = async () => ((await wallet().locator('main#portico-approval').innerText().catch(() => '(no approval screen)')) ?? '').replace(/\s+/g, ' ')

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
  await step(page, expect.poll(async () => (await askState(key))?.done, { timeout: 30_000 }).toBe(true))
  return (await askState(key))!.outcome!
}

/** Waits until the frame's approval screen shows `title`, over the modal's ApproveTransaction view, at a visible size. */
async function screenShows(title: string | RegExp): Promise<void> {
  await step(page, expect.poll(() => wallet().getByRole('heading', { level: 1 }).textContent().catch(() => null), { timeout: 30_000 }).toMatch(title))
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

/** The visitor's own click on `name` in the frame's screen, again until request `key` settled. */
const press = (name: string, key: string) => pressInFrame(page, name, async () => (await askState(key))?.done ?? false)
const siteState = () => page.evaluate(() => (window as unknown as SiteWindow).site.state())

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  info = await sandboxInfo(sandbox.url)
  solanaChain = info.chains.find((c) => c.caipNetworkId.startsWith('solana:'))!.caipNetworkId
  site = await serveShop(sandbox.url, info)
  visitor = await openVisitor()
  page = visitor.page
}, 180_000)

afterAll(async () => {
  await visitor?.close()
  await site?.close()
  await sandbox?.stop()
})

describe('approval in the frame (issue 48, acceptance 1)', () => {
  it('a first visit loads no kernel; logs in by email: eip155 and solana connect through the embedded wallet, and both accounts are funded', async () => {
    await page.goto(site.url)
    const nav = page.getByRole('navigation', { name: 'Wallet' })
    await expect.poll(() => nav.textContent()).toBe('Connect Wallet')
    expect(await page.evaluate(() => (window as unknown as SiteWindow).site.kernelLoaded())).toBe(false)
    await emailLogin(page, sandbox.url, email, nav.getByRole('button', { name: 'Connect Wallet' }))
    await step(page, expect.poll(async () => (await siteState()).connections.solana?.status, { timeout: 30_000 }).toBe('connected'))
    await expect.poll(async () => (await siteState()).connections.eip155?.status).toBe('connected')
    // The account button names the login (its email, cut short) for an embedded wallet.
    await expect.poll(() => nav.textContent()).toContain(email.slice(0, 16))
    eip155Account = (await siteState()).connections.eip155!.address as Address
    solanaAccount = (await siteState()).connections.solana!.address as string
    await faucet(sandbox.url, `${devnetA}:${eip155Account}`, '1')
    await faucet(sandbox.url, `${solanaChain}:${solanaAccount}`, '1')
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
    await page.evaluate((walletOrigin) => {
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
      iframe.contentWindow!.postMessage({ type: 'portico-auth:approve', approved: true }, walletOrigin)
    }, info.auth.walletOrigin)
    // Its own port to the frame, with every "approve" it can think of.
    expect(await connectToWalletFrame(page, info.auth.walletOrigin, 'iframe[title="Portico wallet"]')).toBe('ready')
    const answers = await Promise.all(['approve', 'approveRequest', 'confirm'].map((method) => askWallet(page, method, { approved: true })))
    expect(answers.map((a) => a.error?.code)).toEqual(['UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD', 'UNSUPPORTED_METHOD'])
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
  }, 60_000)
})

describe('a returning visitor (issue 44: a start-time duty)', () => {
  it('reconnects with no click and no new code, and the button never offers "Connect Wallet" on the way', async () => {
    const mails = (await mailbox(sandbox.url)).filter((m) => m.to.includes(email)).length
    // Back later: the stored login loads the kernel at once and the frame says who it is.
    await page.addInitScript(() => {
      ;(window as unknown as { __texts: string[] }).__texts = []
      new MutationObserver(() => {
        const nav = document.querySelector('nav[aria-label="Wallet"]')
        const texts = (window as unknown as { __texts: string[] }).__texts
        if (nav && texts.at(-1) !== nav.textContent) texts.push(nav.textContent ?? '')
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload()
    // (The balance beside it may come before or after: only the login is compared.)
    await expect.poll(() => page.getByRole('navigation', { name: 'Wallet' }).textContent(), { timeout: 30_000 }).toContain(email.slice(0, 16))
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect((await siteState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'AUTH' })
    const texts = await page.evaluate(() => (window as unknown as { __texts: string[] }).__texts)
    expect(texts.filter((text) => text.includes('Connect Wallet'))).toEqual([])
    expect((await mailbox(sandbox.url)).filter((m) => m.to.includes(email)).length).toBe(mails)
    await expectClean(visitor)
  }, 60_000)
})
