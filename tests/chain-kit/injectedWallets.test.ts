// The chain kit's injected-wallet parts: reading a provider's path under `window`, the poller the
// cosmos and stacks plugins list their wallets with, and the check of the accounts they keep.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInjectedWalletPoller, isStoredAccounts, readInjected, type InjectedWalletPoller } from '../../chain-kit/index.js'

type Found = { id: string; provider: unknown }
const pageWith = (props: Record<string, unknown>) => Object.assign(new EventTarget(), props) as EventTarget & Record<string, unknown>
const listFrom = (page: Record<string, unknown>, paths: string[]) => (): Found[] =>
  paths.flatMap((path) => {
    const provider = readInjected(page, path)
    return provider ? [{ id: path, provider }] : []
  })

describe('readInjected', () => {
  it('reads a dotted path, and a throwing getter, a missing step or a prototype key as undefined', () => {
    const provider = {}
    const page = { wallet: { providers: { keplr: provider } }, get hostile(): unknown { throw new Error('no') } }
    expect(readInjected(page, 'wallet.providers.keplr')).toBe(provider)
    expect(readInjected(page, 'wallet.none.keplr')).toBeUndefined()
    expect(readInjected(page, 'hostile.x')).toBeUndefined()
    expect(readInjected(page, 'wallet.constructor')).toBeUndefined()
    expect(readInjected(page, '__proto__')).toBeUndefined()
  })
})

describe('createInjectedWalletPoller', () => {
  let poller: InjectedWalletPoller<Found> | undefined
  afterEach(() => poller?.dispose())

  it('lists what the page holds, hears a late wallet on a named event, and waitFor finds it', async () => {
    const page = pageWith({})
    poller = createInjectedWalletPoller({ target: page, list: listFrom(page, ['first', 'late']), events: ['wallet_changed'], pollForMs: 0 })
    expect(poller.wallets()).toEqual([])
    let changes = 0
    poller.onChange(() => changes++)
    const waited = poller.waitFor('late', 5_000)
    page.late = { request() {} }
    page.dispatchEvent(new Event('wallet_changed'))
    expect(changes).toBe(1)
    expect((await waited)?.id).toBe('late')
    expect(poller.get('late')?.provider).toBe(page.late)
  })

  it('waitFor gives up after its time-out; on a page still loading, counts it from `load` when loadWaitMs is set', async () => {
    vi.useFakeTimers()
    try {
      const plain = createInjectedWalletPoller<Found>({ target: pageWith({}), list: () => [], pollForMs: 0 })
      const gone = plain.waitFor('w', 20)
      await vi.advanceTimersByTimeAsync(20)
      expect(await gone).toBeUndefined()
      plain.dispose()
      const page = pageWith({ document: { readyState: 'loading' } })
      poller = createInjectedWalletPoller({ target: page, list: listFrom(page, ['w']), pollForMs: 0, loadWaitMs: 60_000 })
      let settled = false
      const waited = poller.waitFor('w', 20).then((wallet) => {
        settled = true
        return wallet
      })
      // Still loading: the 20 ms start only at `load` (or after loadWaitMs more).
      await vi.advanceTimersByTimeAsync(1_000)
      expect(settled).toBe(false)
      page.dispatchEvent(new Event('load'))
      await vi.advanceTimersByTimeAsync(20)
      expect(settled).toBe(true)
      expect(await waited).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('has nothing and starts nothing without a window', async () => {
    poller = createInjectedWalletPoller<Found>({ target: undefined, list: () => [{ id: 'x', provider: {} }] })
    expect(poller.wallets()).toEqual([])
    expect(await poller.waitFor('x', 0)).toBeUndefined()
  })
})

describe('isStoredAccounts', () => {
  const isEntry = (a: { address?: unknown }) => typeof a?.address === 'string'
  it('takes a connector id and at most 10 entries that pass the check, nothing else', () => {
    expect(isStoredAccounts({ connectorId: 'leather', addresses: [{ address: 'SP1' }] }, 'addresses', isEntry)).toBe(true)
    expect(isStoredAccounts({ connectorId: 'leather', addresses: [{ address: 1 }] }, 'addresses', isEntry)).toBe(false)
    expect(isStoredAccounts({ connectorId: 'leather', addresses: [null] }, 'addresses', isEntry)).toBe(false)
    expect(isStoredAccounts({ connectorId: 'x'.repeat(201), addresses: [] }, 'addresses', isEntry)).toBe(false)
    expect(isStoredAccounts({ connectorId: 'leather', addresses: Array.from({ length: 11 }, () => ({ address: 'SP1' })) }, 'addresses', isEntry)).toBe(false)
    expect(isStoredAccounts({ connectorId: 'leather', accounts: [] }, 'addresses', isEntry)).toBe(false)
    expect(isStoredAccounts(null, 'addresses', isEntry)).toBe(false)
    expect(isStoredAccounts('leather', 'addresses', isEntry)).toBe(false)
  })
})
