// Issue 26's wagmi acceptance, as a visitor: a wagmi page (WagmiProvider, QueryClientProvider,
// PorticoProvider; useConnection, useBalance, useSendTransaction) served by the sandbox at
// /wagmi.html, in real Chromium, with the real Portico Dev Wallet, anvil and the Portico server.
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { visitDemo } from '../../helpers/visitDemo.js'

const devAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const receiver = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'


const demo = visitDemo()

const { header } = demo
const wagmiSees = (what: string) => demo.page.getByTestId(`wagmi-${what}`)
const chainA = () => createPublicClient({ transport: http(`${demo.sandbox.url}/v1/?chainId=eip155:31337&projectId=demo`) })

describe('a wagmi site connecting with Portico, end to end', () => {
  it('connects in Portico’s modal, and wagmi’s useConnection and useBalance see the wallet', async () => {
    await demo.page.goto(`${demo.sandbox.url}/wagmi.html`)
    await expect.poll(() => wagmiSees('status').textContent(), { timeout: 20_000 }).toBe('disconnected')
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = demo.page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => demo.page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => wagmiSees('address').textContent(), { timeout: 20_000 }).toBe(devAddress)
    expect(await wagmiSees('status').textContent()).toBe('connected')
    expect(await wagmiSees('chain').textContent()).toBe('31337')
    await expect.poll(() => wagmiSees('balance').textContent(), { timeout: 20_000 }).toMatch(/^\d+(\.\d+)? ETH$/)
  })

  it('useSendTransaction sends through the wallet connected via Portico, and the receipt confirms', async () => {
    const before = await chainA().getBalance({ address: receiver })
    await demo.page.getByRole('button', { name: 'Send 0.5 ETH with wagmi' }).click()
    const result = demo.page.getByTestId('wagmi-send-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Confirmed in block \d+: success \(0x[0-9a-f]{64}\)$/)
    const hash = /\((0x[0-9a-f]{64})\)/.exec((await result.textContent()) ?? '')?.[1] as Hex
    const transaction = await chainA().getTransaction({ hash })
    expect(transaction.from.toLowerCase()).toBe(devAddress.toLowerCase())
    expect(transaction.to?.toLowerCase()).toBe(receiver.toLowerCase())
    expect(transaction.value).toBe(parseEther('0.5'))
    expect((await chainA().getTransactionReceipt({ hash })).status).toBe('success')
    expect((await chainA().getBalance({ address: receiver })) - before).toBeGreaterThanOrEqual(parseEther('0.5'))
  })

  it('disconnecting in Portico’s modal disconnects wagmi', async () => {
    await header().getByRole('button', { name: /0xf39F…2266/ }).click()
    await demo.page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => wagmiSees('status').textContent(), { timeout: 20_000 }).toBe('disconnected')
    expect(await wagmiSees('address').textContent()).toBe('none')
    expect(await demo.page.getByRole('button', { name: 'Send 0.5 ETH with wagmi' }).count()).toBe(0)
  })

  it('ran under the strict CSP, with no page error and nothing beyond 127.0.0.1', async () => {
    expect(await demo.visitor.cspViolations()).toEqual([])
    expect(demo.visitor.pageErrors).toEqual([])
    expect(demo.visitor.blocked).toEqual([])
  })
})
