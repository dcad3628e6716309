// Account state (preferredAccountType, smartAccountDeployed) and switchAccountType (spec §4), which
// comes with portico/calls (tests/plugins/calls/helpers.ts installs it unless `withCalls: false`).
import { describe, expect, it } from 'vitest'
import { ProviderRpcError } from '../../../kernel/kernel.js'
import { connected, eoa, fakeWallet, smart, until } from './helpers.js'

describe('account state', () => {
  it('records a smart account and whether it is deployed; getAccount returns both', async () => {
    const wallet = fakeWallet([{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }])
    wallet.deployed = false
    const portico = await connected(wallet)
    await until(() => portico.stores.accounts.get('eip155').smartAccountDeployed === false)
    expect(portico.getAccount()).toMatchObject({ address: smart, preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    // After a batch succeeds the account has code: the kernel asks again.
    wallet.deployed = true
    wallet.callsStatus = () => ({ id: 'b', caipNetworkId: 'eip155:31337', status: 'success', statusCode: 200, atomic: true, receipts: [] })
    await portico.getCallsStatus('b')
    await until(() => portico.getAccount().smartAccountDeployed === true)
    await portico.destroy()
  })

  it('an EOA has no smartAccountDeployed, and the smartAccount tap is not asked', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.deployed = true
    const portico = await connected(wallet)
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    expect(portico.getAccount().smartAccountDeployed).toBeUndefined()
    expect(wallet.asked.filter((a) => a.hook === 'smartAccount')).toEqual([])
    await portico.disconnect('eip155')
    expect(portico.getAccount().preferredAccountType).toBeUndefined()
    await portico.destroy()
  })
})

describe('switchAccountType', () => {
  it('moves between the shared smart account and EOA, the chosen one first', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }, { address: smart, type: 'smartAccount' }])
    wallet.deployed = true
    const portico = await connected(wallet)
    await portico.switchAccountType('smartAccount')
    expect(portico.stores.connections.get('eip155').accounts.map((a) => a.address)).toEqual([smart, eoa])
    await until(() => portico.getAccount().preferredAccountType === 'smartAccount' && portico.getAccount().smartAccountDeployed === true)
    await portico.switchAccountType('smartAccount') // already: nothing happens
    await portico.switchAccountType('eoa')
    expect(portico.getAccount().address).toBe(eoa)
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    expect(portico.getAccount().smartAccountDeployed).toBeUndefined()
    await portico.destroy()
  })

  it('throws 4200 "This wallet does not offer a smart account" when the connection offers none, changing nothing', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    const portico = await connected(wallet)
    const error = await portico.switchAccountType('smartAccount').catch((e) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: 4200, shortMessage: 'This wallet does not offer a smart account' })
    expect(portico.getAccount().address).toBe(eoa)
    await expect(portico.switchAccountType('ledger' as never)).rejects.toThrow('The account type must be "eoa" or "smartAccount"')
    await portico.destroy()
  })

  it('asks a connector that creates accounts (switchAccountType tap) and applies its answer', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }])
    wallet.switchAccountType = ({ type }) => (type === 'smartAccount' ? [{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }] : [{ address: eoa, type: 'eoa' }])
    const portico = await connected(wallet, { defaultAccountTypes: { eip155: 'eoa' } })
    await portico.switchAccountType('smartAccount')
    expect(portico.getAccount().address).toBe(smart)
    expect(wallet.asked.filter((a) => a.hook === 'switchAccountType').map((a) => (a.request as { type: string }).type)).toEqual(['smartAccount'])
    await portico.destroy()
  })

  it('a connector that creates accounts gets defaultAccountTypes on connect; an injected wallet is never reordered', async () => {
    const creating = fakeWallet([{ address: eoa, type: 'eoa' }])
    creating.switchAccountType = () => [{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }]
    const a = await connected(creating, { defaultAccountTypes: { eip155: 'smartAccount' } })
    await until(() => a.getAccount().address === smart)
    await a.destroy()

    const injected = fakeWallet([{ address: eoa, type: 'eoa' }, { address: smart, type: 'smartAccount' }])
    const b = await connected(injected, { defaultAccountTypes: { eip155: 'smartAccount' } })
    // The calls plugin asks for the default type only through a switchAccountType tap (this wallet has
    // none), and decides so in the connected hook itself: nothing is left to run after connect.
    expect(b.stores.connections.get('eip155').accounts.map((x) => x.address)).toEqual([eoa, smart])
    await b.destroy()
  })

  it('without portico/calls the default account type is not asked and the switch is refused: smart accounts are the plugin\'s', async () => {
    const creating = fakeWallet([{ address: eoa, type: 'eoa' }])
    creating.switchAccountType = () => [{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }]
    const portico = await connected(creating, { defaultAccountTypes: { eip155: 'smartAccount' }, withCalls: false })
    // Without the plugin there is no switchAccountType hook to tap, so nothing is left to ask after connect.
    expect(creating.asked.filter((a) => a.hook === 'switchAccountType')).toEqual([])
    expect(portico.getAccount()).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
    expect('switchAccountType' in portico).toBe(false)
    expect(portico.getAccount().address).toBe(eoa)
    await portico.destroy()
  })
})
