import { createPublicKey, randomBytes, verify as nodeVerify } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeLegacyTransaction } from '../../../plugins/solana/utils/encodeLegacyTransaction.js'
import { solanaPrograms } from '../../../plugins/solana/utils/solanaPrograms.js'
import { u64le } from '../../../plugins/solana/utils/u64le.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { devSolanaAddress } from '../../../sandbox/solana/devSolana.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { lamportsOf, rpcCall } from '../../plugins/solana/helpers/readChain.js'

let sandbox: TestSandbox
let browser: Browser
let context: BrowserContext
let blocked: string[]
let page: Page
let nodeUrl: string
const problems: string[] = []

type Answer = { result?: unknown; error?: { code: number; message: string } }

/** Finds the wallet the way a Wallet Standard app does (app-ready + register-wallet) and calls a feature. */
async function callWallet(feature: string, method: string, input: Record<string, unknown> | undefined): Promise<Answer> {
  return page.evaluate(
    async ({ feature, method, input }) => {
      const found: { name: string; accounts: unknown[]; features: Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>> }[] = []
      const api = Object.freeze({ register: (...wallets: typeof found) => (found.push(...wallets), () => {}) })
      const onRegister = (event: Event) => (event as CustomEvent<(a: typeof api) => void>).detail(api)
      window.addEventListener('wallet-standard:register-wallet', onRegister)
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
      window.removeEventListener('wallet-standard:register-wallet', onRegister)
      const wallet = found.find((w) => w.name === 'Portico Dev Wallet')
      if (!wallet) return { error: { code: -1, message: 'not registered' } }
      const decode = (value: unknown): unknown => (Array.isArray(value) && value.every((n) => typeof n === 'number') ? new Uint8Array(value as number[]) : value)
      const args = input ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, decode(v)])) : undefined
      if (args && 'account' in args) args.account = wallet.accounts[0]
      try {
        const result = await wallet.features[feature]![method]!(args)
        return { result: JSON.parse(JSON.stringify(result, (_k, v) => (v instanceof Uint8Array ? [...v] : v))) }
      } catch (error) {
        return { error: { code: (error as { code: number }).code, message: (error as Error).message } }
      }
    },
    { feature, method, input },
  )
}

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxInfo
  nodeUrl = info.chains.find((c) => c.caipNetworkId.startsWith('solana:'))!.nodeUrl
  ;({ context, blocked } = await newLoopbackContext(browser))
  page = await context.newPage()
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto(sandbox.url)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await sandbox?.stop()
})

describe('the Solana Portico Dev Wallet in Chromium on the demo page (strict CSP)', () => {
  it('is installed by /solana-dev-wallet.js with its panel', async () => {
    await expect.poll(() => page.evaluate(() => window.__porticoSolanaDevWallet?.address)).toBe(devSolanaAddress)
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet (Solana)' })
    await expect.poll(() => panel.getByText('Not connected to this site').count()).toBe(1)
    expect(await panel.getByRole('switch', { name: 'Reject requests' }).isChecked()).toBe(false)
  })

  it('connects, signs a message (verified by OpenSSL) and a transfer that lands on LiteSVM', async () => {
    const connected = await callWallet('standard:connect', 'connect', undefined)
    expect(connected.error).toBeUndefined()
    expect((connected.result as { accounts: { address: string }[] }).accounts[0]?.address).toBe(devSolanaAddress)
    await expect.poll(() => page.getByRole('region', { name: 'Portico Dev Wallet (Solana)' }).getByText(/^Connected: /).count()).toBe(1)

    const message = 'Sign in to the Portico sandbox'
    const signed = await callWallet('solana:signMessage', 'signMessage', { account: true, message: [...new TextEncoder().encode(message)] })
    const signature = Uint8Array.from((signed.result as { signature: number[] }[])[0]!.signature)
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(base58.decode(devSolanaAddress))])
    expect(nodeVerify(null, Buffer.from(message), createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature)).toBe(true)

    const to = base58.encode(ed25519.getPublicKey(randomBytes(32)))
    const { value } = await rpcCall<{ value: { blockhash: string } }>(nodeUrl, 'getLatestBlockhash', [])
    const data = new Uint8Array(12)
    data.set([2, 0, 0, 0])
    data.set(u64le(250_000_000n), 4)
    const transaction = encodeLegacyTransaction({
      feePayer: devSolanaAddress,
      recentBlockhash: value.blockhash,
      instructions: [{ programId: solanaPrograms.system, accounts: [{ address: devSolanaAddress, signer: true, writable: true }, { address: to, signer: false, writable: true }], data }],
    })
    const sent = await callWallet('solana:signAndSendTransaction', 'signAndSendTransaction', { account: true, chain: 'solana:localnet', transaction: [...transaction] })
    expect(sent.error).toBeUndefined()
    const txSignature = base58.encode(Uint8Array.from((sent.result as { signature: number[] }[])[0]!.signature))
    expect(await lamportsOf(nodeUrl, to)).toBe(250_000_000n)
    const landed = await rpcCall<{ meta: { err: unknown } }>(nodeUrl, 'getTransaction', [txSignature, { encoding: 'json' }])
    expect(landed.meta.err).toBeNull()
  })

  it('the "Reject requests" switch makes every request fail with 4001', async () => {
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet (Solana)' })
    await panel.getByRole('switch', { name: 'Reject requests' }).click()
    const answer = await callWallet('solana:signMessage', 'signMessage', { account: true, message: [1, 2, 3] })
    expect(answer.error).toEqual({ code: 4001, message: 'User rejected the request.' })
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Last request: solana:signMessage (rejected)')
    await panel.getByRole('switch', { name: 'Reject requests' }).click()
    expect((await callWallet('solana:signMessage', 'signMessage', { account: true, message: [1, 2, 3] })).error).toBeUndefined()
  })

  it('refuses a transaction for another chain and garbage bytes, with a clear error', async () => {
    expect((await callWallet('solana:signAndSendTransaction', 'signAndSendTransaction', { account: true, chain: 'solana:mainnet', transaction: [1, 2, 3] })).error?.code).toBe(-32602)
    expect((await callWallet('solana:signTransaction', 'signTransaction', { account: true, transaction: [...new Uint8Array(80)] })).error).toEqual({ code: -32602, message: 'The transaction has no signature slot' })
  })

  it('caused no CSP violation, no page error, and nothing left 127.0.0.1', () => {
    expect(problems).toEqual([])
    expect(blocked).toEqual([])
  })
})
