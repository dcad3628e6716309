// The sandbox's /wallet page approves the polkadot namespace the demo proposes over WalletConnect: a
// message signed there verifies with @polkadot/util-crypto, and a transfer signed there
// (polkadot_signTransaction) is accepted by the runtime; the receiver's balance is read with @polkadot/api.
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devPolkadotAddress } from '../../../sandbox/polkadot/devPolkadot.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandboxPolkadot } from '../../helpers/startOnDemand.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

const demoMessage = 'Hello from the Portico demo'
const chainId = `polkadot:${'45'.repeat(16)}`
let sandbox: TestSandbox
let browser: Browser
let api: ApiPromise

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  await startSandboxPolkadot(sandbox)
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  await cryptoWaitReady()
  api = await ApiPromise.create({ provider: new HttpProvider(info.chains.find((c) => c.caipNetworkId === chainId)!.nodeUrl), noInitWarn: true })
})
afterAll(async () => {
  await api?.disconnect()
  await browser?.close()
  await sandbox?.stop()
})

describe('the /wallet page and the polkadot namespace', () => {
  it('approves the polkadot namespace; a message and a transfer approved on /wallet verify and land', async () => {
    const { context, demo, walletPage, errors, blocked, describe: pages } = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Substrate Devnet', chain: chainId, method: 'polkadot_signTransaction' })
    try {
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      const dialog = demo.getByRole('dialog')
      const address = devPolkadotAddress(0)
      const short = `${address.slice(0, 4)}…${address.slice(-4)}`
      await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(short), pages)
      await explainFailure(expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0), pages)
      const session = walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
      await explainFailure(session.waitFor(), pages)
      expect(await session.textContent()).toContain(chainId)

      await demo.getByRole('button', { name: `Sign "${demoMessage}"` }).click()
      const requests = walletPage.getByRole('region', { name: 'Requests' })
      const signRequest = requests.getByRole('article', { name: 'polkadot_signMessage from Portico demo dApp' })
      await explainFailure(signRequest.waitFor({ timeout: 20_000 }), pages)
      expect(await signRequest.textContent()).toContain(address)
      await signRequest.getByRole('button', { name: 'Approve' }).click()
      const output = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await explainFailure(expect.poll(() => output.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{128}$/), pages)
      const signature = ((await output.textContent()) ?? '').replace('Signature: ', '') as `0x${string}`
      const wrapped = u8aWrapBytes(u8aToHex(new TextEncoder().encode(demoMessage)))
      expect(signatureVerify(wrapped, signature, address).isValid).toBe(true)
      expect(signatureVerify(u8aWrapBytes(u8aToHex(new TextEncoder().encode(`${demoMessage}!`))), signature, address).isValid).toBe(false)

      const receiver = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri(`//wallet-page-${Math.random()}`).address
      await header.getByRole('button', { name: new RegExp(short) }).click()
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      await chooseSendToken(dialog, 'ROC')
      await dialog.getByLabel('Amount').fill('2')
      await dialog.getByLabel('Receiver address').fill(receiver)
      await dialog.getByRole('button', { name: 'Preview Send' }).click()
      await explainFailure(expect.poll(() => dialog.locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network feeup to \d+(\.\d+)? ROC/), pages)
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      const txRequest = requests.getByRole('article', { name: 'polkadot_signTransaction from Portico demo dApp' })
      await explainFailure(txRequest.waitFor({ timeout: 20_000 }), pages)
      expect(await txRequest.textContent()).toContain(`0x${'45'.repeat(32)}`)
      await txRequest.getByRole('button', { name: 'Approve' }).click()
      await explainFailure(expect.poll(async () => (await api.query.system.account(receiver)).data.free.toBigInt(), { timeout: 20_000 }).toBe(2_000_000_000_000n), pages)

      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)
})
