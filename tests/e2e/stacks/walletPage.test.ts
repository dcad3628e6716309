// The sandbox's /wallet page approves the stacks namespace the demo proposes over WalletConnect: a
// message signed there verifies with @stacks/encryption (not Portico's code), and an STX transfer
// approved there (stx_transferStx, encoded by portico/stacks) lands on the sandbox's Stacks ledger.
import { bytesToHex } from '@noble/hashes/utils.js'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devStacksKey } from '../../../sandbox/stacks/devStacks.js'
import { stacksSandboxCaipNetworkId } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { sendSuccess } from '../../helpers/sendSuccess.js'

const demoMessage = 'Hello from the Portico demo'
const network = 'Portico Stacks Localnet'
const dev = devStacksKey()
let sandbox: TestSandbox
let browser: Browser
let nodeUrl: string

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  nodeUrl = info.chains.find((c) => c.caipNetworkId.startsWith('stacks:'))!.nodeUrl
})
afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

const ustxOf = async (address: string) => BigInt(((await (await fetch(`${nodeUrl}/v2/accounts/${address}?proof=0`)).json()) as { balance: string }).balance)

describe('the /wallet page and the stacks namespace', () => {
  it('approves the stacks namespace; a message and a transfer approved on /wallet verify and land', async () => {
    const { context, demo, walletPage, errors, blocked, describe: pages } = await pairWithWalletPage({ browser, url: sandbox.url, network, chain: stacksSandboxCaipNetworkId, method: 'stx_transferStx' })
    try {
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      const dialog = demo.getByRole('dialog')
      const short = `${dev.address.slice(0, 4)}…${dev.address.slice(-4)}`
      await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(short), pages)
      await explainFailure(expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0), pages)
      const session = walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
      await explainFailure(session.waitFor(), pages)
      expect(await session.textContent()).toContain(stacksSandboxCaipNetworkId)

      await demo.getByRole('button', { name: `Sign "${demoMessage}"` }).click()
      const requests = walletPage.getByRole('region', { name: 'Requests' })
      const signRequest = requests.getByRole('article', { name: 'stx_signMessage from Portico demo dApp' })
      await explainFailure(signRequest.waitFor({ timeout: 20_000 }), pages)
      expect(await signRequest.textContent()).toContain(demoMessage)
      await signRequest.getByRole('button', { name: 'Approve' }).click()
      const output = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await explainFailure(expect.poll(() => output.textContent(), { timeout: 20_000 }).toMatch(/^Signature: [0-9a-f]{130}$/), pages)
      const signature = ((await output.textContent()) ?? '').replace('Signature: ', '')
      const publicKey = bytesToHex(dev.publicKey)
      expect(verifyMessageSignatureRsv({ message: demoMessage, signature, publicKey })).toBe(true)
      expect(verifyMessageSignatureRsv({ message: `${demoMessage}!`, signature, publicKey })).toBe(false)

      const receiver = privateKeyToAddress(randomPrivateKey(), 'testnet')
      await header.getByRole('button', { name: new RegExp(short) }).click()
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      await chooseSendToken(dialog, 'STX')
      await dialog.getByLabel('Amount').fill('0.1')
      await dialog.getByLabel('Receiver address').fill(receiver)
      await dialog.getByRole('button', { name: 'Preview Send' }).click()
      await explainFailure(expect.poll(() => dialog.locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network feeup to \d+(\.\d+)? STX/), pages)
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      const transfer = requests.getByRole('article', { name: 'stx_transferStx from Portico demo dApp' })
      await explainFailure(transfer.waitFor({ timeout: 20_000 }), pages)
      const shown = (await transfer.textContent()) ?? ''
      expect(shown).toContain(receiver)
      expect(shown).toContain('0.100000 STX (100000 µSTX)')
      await transfer.getByRole('button', { name: 'Approve' }).click()
      await explainFailure(expect.poll(() => ustxOf(receiver), { timeout: 20_000 }).toBe(100_000n), pages)
      const toasts = sendSuccess(demo)
      await explainFailure(expect.poll(() => toasts.textContent(), { timeout: 20_000 }).toContain('Sent'), pages)
      await toasts.getByRole('button', { name: 'Done' }).click()

      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)
})
