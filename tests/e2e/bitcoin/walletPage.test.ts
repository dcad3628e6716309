// The sandbox's /wallet page approves the bip122 namespace the demo proposes over WalletConnect:
// a BIP-322 message signed there verifies with bitcoinjs-lib (not Portico's verifier), and a
// transfer approved there (sendTransfer) is paid by the wallet and lands on the regtest ledger.
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
const demoMessage = 'Hello from the Portico demo'
const network = 'Portico Bitcoin Regtest'
const caip2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
let sandbox: TestSandbox
let browser: Browser
let esplora: string

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  esplora = info.chains.find((c) => c.caipNetworkId === caip2)!.nodeUrl
})
afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
async function satsOf(address: string): Promise<number> {
  const utxos = (await (await fetch(`${esplora}/address/${address}/utxo`)).json()) as { value: number }[]
  return utxos.reduce((sum, u) => sum + u.value, 0)
}

describe('the /wallet page and the bip122 namespace', () => {
  it('approves the bip122 namespace; a message and a transfer approved on /wallet verify and land', async () => {
    const { context, demo, walletPage, errors, blocked, describe: pages } = await pairWithWalletPage({ browser, url: sandbox.url, network: network, chain: caip2, method: 'sendTransfer' })
    try {
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      const dialog = demo.getByRole('dialog')

      const short = `${devBitcoinAddress.slice(0, 4)}…${devBitcoinAddress.slice(-4)}`
      // Each wait says what both pages showed when it fails (CI once saw the transfer never reach the wallet page).
      await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(short), pages)
      await explainFailure(expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0), pages)
      const session = walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
      await explainFailure(session.waitFor(), pages)
      expect(await session.textContent()).toContain(caip2)

      // A message: BIP-322 over signMessage; the page shows the message itself.
      await demo.getByRole('button', { name: `Sign "${demoMessage}"` }).click()
      const requests = walletPage.getByRole('region', { name: 'Requests' })
      const signRequest = requests.getByRole('article', { name: 'signMessage from Portico demo dApp' })
      await explainFailure(signRequest.waitFor({ timeout: 20_000 }), pages)
      expect(await signRequest.textContent()).toContain(demoMessage)
      await signRequest.getByRole('button', { name: 'Approve' }).click()
      const output = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await explainFailure(expect.poll(() => output.textContent(), { timeout: 20_000 }).toMatch(/^Signature: /), pages)
      const signature = ((await output.textContent()) ?? '').replace('Signature: ', '')
      expect(verifyBip322(devBitcoinAddress, demoMessage, signature)).toBe(true)
      expect(verifyBip322(devBitcoinAddress, `${demoMessage}!`, signature)).toBe(false)

      // A transfer: the wallet builds, signs and broadcasts it (sendTransfer); the page shows the amount in BTC and sats.
      const receiver = fresh()
      await header.getByRole('button', { name: new RegExp(short) }).click()
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      await chooseSendToken(dialog, 'BTC')
      await dialog.getByLabel('Amount').fill('0.0005')
      await dialog.getByLabel('Receiver address').fill(receiver)
      await dialog.getByRole('button', { name: 'Preview Send' }).click()
      // A wallet over WalletConnect pays by itself (sendTransfer): the review says the wallet sets the fee.
      await explainFailure(expect.poll(() => dialog.locator('dl').textContent(), { timeout: 20_000 }).toContain('Network feeSet by your wallet'), pages)
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      const transfer = requests.getByRole('article', { name: 'sendTransfer from Portico demo dApp' })
      await explainFailure(transfer.waitFor({ timeout: 20_000 }), pages)
      expect(await transfer.textContent()).toContain('0.00050000 BTC (50000 sats)')
      expect(await transfer.textContent()).toContain(receiver)
      await transfer.getByRole('button', { name: 'Approve' }).click()
      await explainFailure(expect.poll(() => satsOf(receiver).catch(() => 0), { timeout: 20_000 }).toBe(50_000), pages)

      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)
})
