// portico.selectAccount: the site picks another of the connection's accounts, only where the
// namespace's plugin agrees (a wallet that signs for every account it shared).
import { describe, expect, it } from 'vitest'
import { addressA, addressB, createTestPortico, newWallet } from './helpers/testKit.js'

const addressC = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

async function connected(agree: boolean | undefined) {
  const { portico } = createTestPortico({}, newWallet({ accounts: [addressA, addressB] }))
  if (agree !== undefined) portico.chains.register({ namespace: 'eip155', selectAccount: async () => (agree ? true : undefined) })
  await portico.connect({ namespace: 'eip155', connectorId: 'eip155.wallet' })
  return portico
}

describe('portico.selectAccount', () => {
  it('moves the chosen account first and tells accountChanged, when the plugin agrees', async () => {
    const portico = await connected(true)
    const seen: string[] = []
    portico.hooks.accountChanged.tap('test', (event) => void seen.push(event.address))
    await portico.selectAccount(addressB)
    expect(portico.stores.connections.get('eip155').accounts.map((a) => a.address)).toEqual([addressB, addressA])
    expect(portico.getState().connections.eip155?.address).toBe(addressB)
    expect(seen).toEqual([addressB])
    await portico.selectAccount(addressB) // already active: nothing happens
    expect(seen).toEqual([addressB])
  })

  it('refuses an account the wallet did not share (4100) and a plugin that lets the wallet choose (4200), changing nothing', async () => {
    const portico = await connected(false)
    await expect(portico.selectAccount(addressC)).rejects.toMatchObject({ code: 4100 })
    await expect(portico.selectAccount(addressB)).rejects.toMatchObject({ code: 4200 })
    const untapped = await connected(undefined)
    await expect(untapped.selectAccount(addressB)).rejects.toMatchObject({ code: 4200 })
    expect(portico.stores.connections.get('eip155').accounts.map((a) => a.address)).toEqual([addressA, addressB])
  })

  it('keeps the names wallets give their accounts, cleaned of control characters and capped', () => {
    const { portico } = createTestPortico({}, newWallet({ accounts: [addressA] }))
    return portico.connect({ namespace: 'eip155', connectorId: 'eip155.wallet' }).then(() => {
      portico.reportAccountsChanged('eip155', [{ address: addressB, name: ` Savings\u0000\u202e${'x'.repeat(100)}` }, { address: addressA, name: 42 as never }])
      const [first, second] = portico.stores.connections.get('eip155').accounts
      expect(first?.name?.startsWith('Savings')).toBe(true)
      expect(first?.name?.length).toBeLessThanOrEqual(64)
      expect(first?.name).not.toMatch(/[\u0000\u202e]/)
      expect(second).toEqual({ address: addressA })
    })
  })
})
