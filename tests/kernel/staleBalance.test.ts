// The native balance belongs to one account on one chain: when the wallet moves to another account
// or chain, the old figure leaves the store at once (no view shows account A's balance beside
// account B's address while B's is fetched), and a read for the old account that lands late is dropped.
import { describe, expect, it } from 'vitest'
import { addressA, addressB, createTestPortico, newWallet, testChain, testFeature } from './helpers/testKit.js'

/** A balance read that waits until the test lets it finish, answering per address. */
function slowBalances() {
  const pending: (() => void)[] = []
  const plugin = testFeature('slow-balances', 'Answers balance reads late in a test.', (portico) => {
    portico.hooks.fetchBalance.for('eip155').tapPromise('slow-balances', async (request) => {
      await new Promise<void>((resolve) => pending.push(resolve))
      return { balance: request.address === addressA ? '1' : '2', symbol: 'ETH' }
    })
  })
  /** Lets the newest read answer first, then the older ones: the old account's answer lands last. */
  const finishNewestFirst = async () => {
    for (const resolve of pending.splice(0).reverse()) {
      resolve()
      await new Promise((r) => setTimeout(r, 0))
    }
  }
  return { plugin, finishNewestFirst }
}

async function connectedWithBalance() {
  const wallet = newWallet({ accounts: [addressA, addressB] })
  const { portico } = createTestPortico({ plugins: [testChain('eip155', wallet)] }, wallet)
  await portico.discoverWallets('eip155')
  await portico.connect({ namespace: 'eip155', connectorId: 'eip155.wallet' })
  await portico.fetchBalance('eip155')
  expect(portico.stores.accounts.get('eip155').balance).toBe('1.23456')
  return portico
}

describe("the connected account's balance", () => {
  it('is forgotten at once when the wallet reports another account first, and kept when the first account stays', async () => {
    const portico = await connectedWithBalance()
    portico.reportAccountsChanged('eip155', [addressA, addressB])
    expect(portico.stores.accounts.get('eip155').balance).toBe('1.23456')
    portico.reportAccountsChanged('eip155', [addressB, addressA])
    expect([portico.stores.accounts.get('eip155').balance, portico.stores.accounts.get('eip155').balanceSymbol]).toEqual([undefined, undefined])
    await portico.destroy()
  })

  it('is forgotten at once when the wallet moves to another chain', async () => {
    const portico = await connectedWithBalance()
    portico.reportChainChanged('eip155', 'eip155:2')
    expect(portico.stores.connections.get('eip155').caipNetworkId).toBe('eip155:2')
    expect(portico.stores.accounts.get('eip155').balance).toBeUndefined()
    await portico.destroy()
  })

  it("drops a read of the old account that lands after the switch; the new account's read fills it", async () => {
    const slow = slowBalances()
    const wallet = newWallet({ accounts: [addressA, addressB] })
    const { portico } = createTestPortico({ plugins: [slow.plugin, testChain('eip155', wallet)] }, wallet)
    await portico.discoverWallets('eip155')
    await portico.connect({ namespace: 'eip155', connectorId: 'eip155.wallet' })
    const oldRead = portico.fetchBalance('eip155')
    await new Promise((resolve) => setTimeout(resolve, 0))
    portico.reportAccountsChanged('eip155', [addressB, addressA])
    const newRead = portico.fetchBalance('eip155')
    await new Promise((resolve) => setTimeout(resolve, 0))
    await slow.finishNewestFirst()
    await Promise.all([oldRead, newRead])
    expect(portico.stores.accounts.get('eip155').balance).toBe('2')
    await portico.destroy()
  })
})
