import { createHash } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinSandboxCaipNetworkId } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { openSandboxPage, type SandboxPage } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'
import { verifyBip322 } from './verifyBip322.js'

let sandbox: TestSandbox
let visitor: SandboxPage
let page: Page

type Answer = { result?: unknown; error?: { code: number; message: string } }

/** Finds the provider the WBIP004 way (`window.btc_providers`, then `window[id]`) and calls `request`. */
function callWallet(method: string, params?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, params }) => {
      const listed = (window.btc_providers ?? []).find((p) => p.name === 'Portico Dev Wallet')
      if (!listed) return { error: { code: -1, message: 'not listed' } }
      const provider = (window as unknown as Record<string, { request(m: string, p?: unknown): Promise<{ result: unknown }> }>)[listed.id]
      try {
        return { result: (await provider!.request(method, params)).result }
      } catch (failure) {
        return { error: (failure as { error: { code: number; message: string } }).error }
      }
    },
    { method, params },
  )
}

beforeAll(async () => {
  ;[sandbox, visitor] = await Promise.all([startSandbox({ reuseFromEnv: true }), openSandboxPage()])
  page = visitor.page
  await page.goto(sandbox.url)
})

afterAll(async () => {
  await visitor?.close()
  await sandbox?.stop()
})

describe('the Bitcoin Portico Dev Wallet in Chromium on the demo page (strict CSP)', () => {
  it('is listed in btc_providers with its panel, sends a transfer the server sees and signs a BIP-322 message', async () => {
    await expect.poll(() => page.evaluate(() => window.__porticoBitcoinDevWallet?.paymentAddress)).toBe(devBitcoinAddress)
    expect(await page.evaluate(() => window.btc_providers?.map((p) => [p.id, p.name, p.icon.slice(0, 26), p.methods]))).toEqual([
      ['PorticoDevWalletBitcoin', 'Portico Dev Wallet', 'data:image/svg+xml;base64,', ['getInfo', 'getAddresses', 'signMessage', 'signPsbt', 'sendTransfer']],
    ])
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet (Bitcoin)' })
    expect(await panel.getByRole('switch', { name: 'Reject requests' }).isChecked()).toBe(false)

    const addresses = (await callWallet('getAddresses')).result as { addresses: { address: string; purpose: string }[] }
    expect(addresses.addresses.map((a) => a.purpose)).toEqual(['payment', 'ordinals'])
    expect(addresses.addresses[0]?.address).toBe(devBitcoinAddress)

    const receiver = bitcoin.payments.p2wpkh({
      pubkey: Buffer.from(ecc.pointFromScalar(createHash('sha256').update(`browser receiver ${Date.now()}`).digest(), true) as Uint8Array),
      network: bitcoin.networks.regtest,
    }).address as string
    const sent = await callWallet('sendTransfer', { recipients: [{ address: receiver, amount: 75_000 }] })
    expect((sent.result as { txid: string }).txid).toMatch(/^[0-9a-f]{64}$/)
    const balance = (await (await fetch(`${sandbox.url}/v1/account/${receiver}/balance?chainId=${bitcoinSandboxCaipNetworkId}&projectId=demo`)).json()) as { balances: { quantity: { numeric: string } }[] }
    expect(balance.balances[0]?.quantity.numeric).toBe('0.00075')

    const signed = await callWallet('signMessage', { address: devBitcoinAddress, message: 'Hello from the demo' })
    expect(verifyBip322(devBitcoinAddress, 'Hello from the demo', (signed.result as { signature: string }).signature)).toBe(true)
    expect(await visitor.cspViolations()).toEqual([])
    expect(visitor.pageErrors).toEqual([])
    expect(visitor.blocked).toEqual([])
  })

  it('answers 4001 once the visible "Reject requests" switch is on', async () => {
    const panel = page.getByRole('region', { name: 'Portico Dev Wallet (Bitcoin)' })
    await panel.getByRole('switch', { name: 'Reject requests' }).check()
    expect(await callWallet('getAddresses')).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    await expect.poll(() => panel.getByText('Last request: getAddresses (rejected)').count()).toBe(1)
    await panel.getByRole('switch', { name: 'Reject requests' }).uncheck()
    expect((await callWallet('getInfo')).result).toMatchObject({ version: '1.0.0' })
  })
})
