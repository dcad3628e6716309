// The sandbox's /wallet page approves the cosmos namespace the demo proposes over WalletConnect:
// an ADR-36 message signed there (cosmos_signAmino) verifies with CosmJS, and a send signed there
// (cosmos_getAccounts, cosmos_signDirect) is broadcast by portico/cosmos and lands on the ledger.
import { randomBytes } from 'node:crypto'
import { bech32 } from '@scure/base'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devCosmosAddress } from '../../../sandbox/cosmos/devCosmos.js'
import { chooseSendToken } from '../../helpers/chooseSendToken.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { verifyAdr36WithCosmjs } from '../../helpers/verifyAdr36WithCosmjs.js'

const demoMessage = 'Hello from the Portico demo'
const network = 'Portico Cosmos Localnet'
let sandbox: TestSandbox
let browser: Browser
let nodeUrl: string

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { caipNetworkId: string; nodeUrl: string }[] }
  nodeUrl = info.chains.find((c) => c.caipNetworkId.startsWith('cosmos:'))!.nodeUrl
})
afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

async function bankBalance(address: string): Promise<bigint> {
  const body = (await (await fetch(`${nodeUrl}/cosmos/bank/v1beta1/balances/${address}`)).json()) as { balances: { denom: string; amount: string }[] }
  return BigInt(body.balances.find((b) => b.denom === 'uptc')?.amount ?? '0')
}

describe('the /wallet page and the cosmos namespace', () => {
  it('approves the cosmos namespace; a message and a send approved on /wallet verify and land', async () => {
    const { context, demo, walletPage, errors, blocked, describe: pages } = await pairWithWalletPage({ browser, url: sandbox.url, network: network, chain: 'cosmos:portico-local-1', method: 'cosmos_signDirect' })
    try {
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      const dialog = demo.getByRole('dialog')

      const short = `${devCosmosAddress.slice(0, 4)}…${devCosmosAddress.slice(-4)}`
      await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(short), pages)
      await explainFailure(expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0), pages)
      const session = walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
      await explainFailure(session.waitFor(), pages)
      expect(await session.textContent()).toContain('cosmos:portico-local-1')

      // A message: the ADR-36 doc goes over cosmos_signAmino; the page shows the message itself.
      await demo.getByRole('button', { name: `Sign "${demoMessage}"` }).click()
      const requests = walletPage.getByRole('region', { name: 'Requests' })
      const signRequest = requests.getByRole('article', { name: 'cosmos_signAmino from Portico demo dApp' })
      await explainFailure(signRequest.waitFor({ timeout: 20_000 }), pages)
      expect(await signRequest.textContent()).toContain(demoMessage)
      await signRequest.getByRole('button', { name: 'Approve' }).click()
      const output = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await explainFailure(expect.poll(() => output.textContent(), { timeout: 20_000 }).toMatch(/^Signature: \{/), pages)
      const signature = ((await output.textContent()) ?? '').replace('Signature: ', '')
      expect(await verifyAdr36WithCosmjs(demoMessage, signature, devCosmosAddress)).toBe(true)
      expect(await verifyAdr36WithCosmjs(`${demoMessage}!`, signature, devCosmosAddress)).toBe(false)

      // A send: the plugin reads the account's key (cosmos_getAccounts), simulates, and the page signs the SignDoc.
      const receiver = bech32.encode('portico', bech32.toWords(randomBytes(20)))
      await header.getByRole('button', { name: new RegExp(short) }).click()
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      await chooseSendToken(dialog, 'PTC')
      await dialog.getByLabel('Amount').fill('0.1')
      await dialog.getByLabel('Receiver address').fill(receiver)
      await dialog.getByRole('button', { name: 'Preview Send' }).click()
      // cosmos_getAccounts needs no visitor (the page answers it at once); the signature does.
      const approveEach = async (method: string) => {
        const request = requests.getByRole('article', { name: `${method} from Portico demo dApp` })
        await explainFailure(request.waitFor({ timeout: 20_000 }), pages)
        await request.getByRole('button', { name: 'Approve' }).click()
      }
      await explainFailure(expect.poll(() => dialog.locator('dl').textContent(), { timeout: 20_000 }).toMatch(/Network feeup to \d+(\.\d+)? PTC/), pages)
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      await approveEach('cosmos_signDirect')
      await explainFailure(expect.poll(() => bankBalance(receiver).catch(() => 0n), { timeout: 20_000 }).toBe(100_000n), pages)

      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 120_000)
})
