import '../helpers/sendLoaded.js'
import { describe, expect, it, vi } from 'vitest'
import { formatDecimalUnits, parseDecimalUnits, type TokenBalance } from '../../kernel/kernel.js'
import { SendStore } from '../../plugins/send/stores/SendStore.js'
import { parseTokenBalances } from '../../kernel/utils/parseTokenBalances.js'
import { parseTransactions } from '../../kernel/utils/parseTransactions.js'
import { startRecordingServer } from './helpers/recordingServer.js'
import { createTestPortico, network, newWallet, testChain } from './helpers/testKit.js'
import { send } from '../../plugins/send/send.js'
import { sendForm } from '../plugins/send/helpers.js'

const pusd: TokenBalance = {
  name: 'Portico USD',
  symbol: 'pUSD',
  chainId: 'eip155:1',
  address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  price: 1,
  value: 100,
  quantity: { decimals: '6', numeric: '100.5' },
  iconUrl: '',
}

describe('decimal units (never floats)', () => {
  it.each([
    ['12.5', 6, 12_500_000n],
    ['0.000001', 6, 1n],
    ['1', 18, 10n ** 18n],
    ['123456789012345678901234567890', 0, 123456789012345678901234567890n],
  ])('%s with %i decimals', (amount, decimals, units) => {
    expect(parseDecimalUnits(amount, decimals)).toBe(units)
    expect(formatDecimalUnits(units, decimals)).toBe(amount)
  })

  it('refuses what is not a plain decimal or has too many decimals', () => {
    for (const bad of ['1e3', '-1', '1.', '.5', '0x10', ' 1', '1,5', '', 'NaN', '1.0000001']) expect(parseDecimalUnits(bad, 6), bad).toBeUndefined()
  })
})

describe('parsing blockchain API answers', () => {
  it('drops malformed balances and zero-decimal low-quality tokens', () => {
    const parsed = parseTokenBalances({
      balances: [
        { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 3000, value: 3000, quantity: { decimals: '18', numeric: '1.0' }, iconUrl: 'javascript:alert(1)' },
        { ...pusd },
        { name: 'Junk', symbol: 'JUNK', chainId: 'eip155:1', address: 'eip155:1:0x0000000000000000000000000000000000000001', price: 0, quantity: { decimals: '0', numeric: '1000' }, iconUrl: '' },
        { name: 'Bad', symbol: 'BAD', chainId: 'nope', price: 1, quantity: { decimals: '6', numeric: '1' } },
        { name: 'Float', symbol: 'F', chainId: 'eip155:1', price: 1, quantity: { decimals: '6', numeric: '1e9' } },
        null,
        'x',
      ],
    })
    expect(parsed.map((b) => b.symbol)).toEqual(['ETH', 'pUSD'])
    expect(parsed[0]?.iconUrl).toBe('')
    expect(() => parseTokenBalances({ nope: 1 })).toThrow()
    expect(() => parseTokenBalances(null)).toThrow()
  })

  it('drops transactions on another chain and those whose transfers are all spam', () => {
    const tx = (id: string, chain: string, spam: boolean[]) => ({
      id,
      metadata: { operationType: 'send', hash: `0x${id}`, chain, minedAt: '2026-11-21T00:00:00Z', sentFrom: '0x1', sentTo: '0x2', status: 'confirmed', nonce: 1 },
      transfers: spam.map((s) => ({ direction: 'in', quantity: { numeric: '1' }, nft_info: { flags: { is_spam: s } } })),
    })
    const fungibleSpam = { ...tx('e', 'eip155:1', []), transfers: [{ direction: 'in', quantity: { numeric: '1' }, fungible_info: { symbol: 'SCAM', flags: { is_spam: true } } }] }
    const approval = tx('f', 'eip155:1', [])
    const { data, next } = parseTransactions({ data: [fungibleSpam, approval, tx('a', 'eip155:1', [false]), tx('b', 'eip155:2', [false]), tx('c', 'eip155:1', [true, true]), tx('d', 'eip155:1', [true, false]), { id: 5 }], next: 'cursor-1' }, 'eip155:1')
    expect(data.map((t) => t.id)).toEqual(['f', 'a', 'd'])
    expect(next).toBe('cursor-1')
    expect(() => parseTransactions({ data: 'x' }, 'eip155:1')).toThrow()
  })
})

describe('the send form (appkit-behaviour §2.7 button states)', () => {
  function form() {
    const sent: unknown[] = []
    let fail: unknown
    const store = new SendStore({
      isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
      send: async (p) => {
        sent.push(p)
        if (fail) throw fail
        return '0xhash'
      },
    })
    return { store, sent, failWith: (e: unknown) => (fail = e) }
  }

  it('goes Select Token → Add Amount → Incorrect Value → Insufficient Funds → Add Address → Invalid Address → Preview Send', () => {
    const { store } = form()
    expect(store.buttonState).toBe('Select Token')
    store.setToken(pusd)
    expect(store.buttonState).toBe('Add Amount')
    for (const bad of ['0', '-1', '1e3', '1.0000001', 'abc']) {
      store.setAmount(bad)
      expect(store.buttonState, bad).toBe('Incorrect Value')
    }
    store.setAmount('100.6')
    expect(store.buttonState).toBe('Insufficient Funds')
    store.setMax()
    expect(store.amount).toBe('100.5')
    expect(store.buttonState).toBe('Add Address')
    store.setReceiver('0x123')
    expect(store.buttonState).toBe('Invalid Address')
    store.setReceiver('0x000000000000000000000000000000000000dEaD')
    expect(store.buttonState).toBe('Preview Send')
    expect(store.canSend).toBe(true)
  })

  it('a rejection keeps the values and says so; success resets', async () => {
    const { store, sent, failWith } = form()
    store.setToken(pusd)
    store.setAmount('12.5')
    store.setReceiver('0x000000000000000000000000000000000000dEaD')
    failWith(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    expect(await store.submit()).toBeUndefined()
    expect(store).toMatchObject({ amount: '12.5', receiver: '0x000000000000000000000000000000000000dEaD', loading: false, error: 'The request was rejected in the wallet' })
    failWith(undefined)
    expect(await store.submit()).toBe('0xhash')
    expect(store).toMatchObject({ token: undefined, amount: '', receiver: '', hash: '0xhash' })
    expect(sent).toHaveLength(2)
    expect(sent[1]).toEqual({ to: '0x000000000000000000000000000000000000dEaD', amount: '12.5', token: pusd.address })
  })

  it('a submit that cannot send says why (never returns silently); a second submit while the wallet decides sends nothing more', async () => {
    const { store, sent } = form()
    expect(await store.submit()).toBeUndefined()
    expect(store.error).toBe('Select Token')
    store.setToken(pusd)
    store.setAmount('100.6')
    store.setReceiver('0x000000000000000000000000000000000000dEaD')
    expect(await store.submit()).toBeUndefined()
    expect(store.error).toBe('Insufficient Funds')
    expect(sent).toEqual([])
    store.setAmount('1')
    expect(store.error).toBeUndefined()
    const first = store.submit()
    expect(store.loading).toBe(true)
    expect(await store.submit()).toBeUndefined()
    expect(store.error).toBeUndefined()
    expect(await first).toBe('0xhash')
    expect(sent).toHaveLength(1)
  })

  it('asks for the network fee of a complete form only, and drops an answer the form has moved past', async () => {
    const asked: unknown[] = []
    const answers: ((fee: { fee: string; symbol: string } | undefined) => void)[] = []
    const store = new SendStore({
      isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
      send: async () => '0xhash',
      estimateFee: (p) => {
        asked.push(p)
        return new Promise((resolve) => answers.push(resolve))
      },
    })
    await store.estimateFee()
    expect(asked).toEqual([])
    store.setToken(pusd)
    store.setAmount('12.5')
    store.setReceiver('0x000000000000000000000000000000000000dEaD')
    const first = store.estimateFee()
    expect(store.feeStatus).toBe('estimating')
    expect(asked).toEqual([{ to: '0x000000000000000000000000000000000000dEaD', amount: '12.5', token: pusd.address }])
    // The amount changes before the answer: the answer is for another send and is dropped.
    store.setAmount('13')
    expect(store.feeStatus).toBe('idle')
    answers[0]?.({ fee: '0.001', symbol: 'ETH' })
    await first
    expect(store.fee).toBeUndefined()
    const second = store.estimateFee()
    answers[1]?.({ fee: '0.000042', symbol: 'ETH' })
    await second
    expect(store).toMatchObject({ fee: { fee: '0.000042', symbol: 'ETH' }, feeStatus: 'ready' })
    store.setReceiver('0x000000000000000000000000000000000000bEEF')
    expect(store.fee).toBeUndefined()
  })
})

describe('token balances from the blockchain API', () => {
  it('a failing API gives "Token Balance Unavailable", and no second request inside 30 s', async () => {
    const server = await startRecordingServer((req, res) => {
      if (req.url.startsWith('/v1/supported-chains')) res.end(JSON.stringify({ http: ['eip155:1'], ws: [] }))
      else res.writeHead(500).end('{"code":500}')
    })
    try {
      const { portico } = createTestPortico({ endpoints: { api: server.url } })
      await portico.connect({ connectorId: 'eip155.wallet' })
      let now = 1_000_000
      ;(portico.clock as { now: () => number }).now = () => now
      expect(await portico.fetchTokenBalances()).toEqual([])
      expect(portico.stores.toasts.message).toBe('toast.tokenBalanceUnavailable')
      const balanceRequests = () => server.requests.filter((r) => r.url.includes('/balance')).length
      expect(balanceRequests()).toBe(1)
      now += 29_999
      await portico.fetchTokenBalances()
      expect(balanceRequests()).toBe(1)
      now += 1
      await portico.fetchTokenBalances()
      expect(balanceRequests()).toBe(2)
    } finally {
      await server.close()
    }
  })

  it('an unsupported network gives the toast without asking for balances; malformed JSON too', async () => {
    const server = await startRecordingServer((req, res) => {
      if (req.url.startsWith('/v1/supported-chains')) res.end(JSON.stringify({ http: ['eip155:2'], ws: [] }))
      else res.end('{not json')
    })
    try {
      const { portico } = createTestPortico({ endpoints: { api: server.url } })
      await portico.connect({ connectorId: 'eip155.wallet' })
      expect(await portico.fetchTokenBalances()).toEqual([])
      expect(portico.stores.toasts.message).toBe('toast.tokenBalanceUnavailable')
      expect(server.requests.some((r) => r.url.includes('/balance'))).toBe(false)
      await portico.switchNetwork('eip155:2')
      expect(await portico.fetchTokenBalances()).toEqual([])
      expect(server.requests.filter((r) => r.url.includes('/balance'))).toHaveLength(1)
    } finally {
      await server.close()
    }
  })

  it('a chain the API lists no history for is "not available": no history request, no toast, not failed', async () => {
    const server = await startRecordingServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      if (req.url?.startsWith('/v1/supported-chains')) return res.end(JSON.stringify({ http: ['eip155:1', 'eip155:2'], ws: [], history: ['eip155:2'] }))
      if (req.url?.includes('/balance')) return res.end(JSON.stringify({ balances: [] }))
      res.end(JSON.stringify({ data: [], next: null }))
    })
    try {
      const { portico } = createTestPortico({ endpoints: { api: server.url }, networks: [network('eip155', 1), network('eip155', 2)], plugins: [testChain('eip155', newWallet())] })
      await portico.connect({ connectorId: 'eip155.wallet' })
      // The Account view asks for token balances first; that answer carries the history list.
      await portico.fetchTokenBalances()
      expect(await portico.fetchTransactions()).toEqual([])
      expect(portico.stores.toasts.message).not.toBe('toast.transactionsUnavailable')
      expect(portico.stores.accounts.get('eip155')).toMatchObject({ transactions: [], transactionsFailed: false, transactionsUnavailable: true })
      expect(server.requests.some((r) => r.url.includes('/history'))).toBe(false)
      // A chain it does serve is asked, and the flag clears.
      await portico.switchNetwork('eip155:2')
      await portico.fetchTransactions()
      expect(server.requests.filter((r) => r.url.includes('/history'))).toHaveLength(1)
      expect(portico.stores.accounts.get('eip155')).toMatchObject({ transactionsUnavailable: false })
    } finally {
      await server.close()
    }
  })

  it('a failing history gives "Failed to fetch transactions" with the list marked empty', async () => {
    const server = await startRecordingServer((_req, res) => res.writeHead(500).end('x'))
    try {
      const { portico } = createTestPortico({ endpoints: { api: server.url }, networks: [network('eip155', 1)], plugins: [testChain('eip155', newWallet())] })
      await portico.connect({ connectorId: 'eip155.wallet' })
      expect(await portico.fetchTransactions()).toEqual([])
      expect(portico.stores.toasts.message).toBe('toast.transactionsUnavailable')
      expect(portico.stores.accounts.get('eip155')).toMatchObject({ transactions: [], transactionsFailed: true })
    } finally {
      await server.close()
    }
  })
})

describe('caching and sharing requests', () => {
  it('the native balance is cached 30 s; force asks again', async () => {
    const { portico, wallet } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.fetchBalance()
    await portico.fetchBalance()
    expect(wallet.calls.filter((c) => c === 'fetchBalance')).toHaveLength(1)
    await portico.fetchBalance(undefined, { force: true })
    expect(wallet.calls.filter((c) => c === 'fetchBalance')).toHaveLength(2)
  })

  it('two callers at once share one request', async () => {
    const server = await startRecordingServer((req, res) => {
      if (req.url.startsWith('/v1/supported-chains')) res.end(JSON.stringify({ http: ['eip155:1'], ws: [] }))
      else setTimeout(() => res.end(JSON.stringify({ balances: [pusd], data: [], next: null })), 50)
    })
    try {
      const { portico } = createTestPortico({ endpoints: { api: server.url } })
      await portico.connect({ connectorId: 'eip155.wallet' })
      const [a, b] = await Promise.all([portico.fetchTokenBalances(), portico.fetchTokenBalances()])
      expect(a).toEqual(b)
      await Promise.all([portico.fetchTransactions(), portico.fetchTransactions()])
      expect(server.requests.filter((r) => r.url.includes('/balance'))).toHaveLength(1)
      expect(server.requests.filter((r) => r.url.includes('/history'))).toHaveLength(1)
    } finally {
      await server.close()
    }
  })

  it('after a send from the modal, the success screen sits over Account: Back does not lead into the cleared form', async () => {
    const server = await startRecordingServer((req, res) => {
      if (req.url.startsWith('/v1/supported-chains')) res.end(JSON.stringify({ http: ['eip155:1'], ws: [] }))
      else res.end(JSON.stringify({ balances: [], data: [], next: null }))
    })
    const { portico } = createTestPortico({ endpoints: { api: server.url }, plugins: [testChain('eip155', newWallet()), send()] })
    try {
      await portico.connect({ connectorId: 'eip155.wallet' })
      await portico.open()
      portico.stores.router.push('WalletSend')
      portico.stores.router.push('WalletSendPreview')
      sendForm(portico).setToken({ ...pusd, address: undefined, symbol: 'ETH', quantity: { decimals: '18', numeric: '10' } })
      sendForm(portico).setAmount('1')
      sendForm(portico).setReceiver('0x000000000000000000000000000000000000dEaD')
      expect(await sendForm(portico).submit()).toMatch(/^hash:/)
      // The success screen over Account: Done and the (hidden) Back lead to Account, never into the form.
      expect(portico.getState()).toMatchObject({ view: 'WalletSendSuccess', history: ['Account', 'WalletSendSuccess'] })
      // No chain tap to follow it: "Sent" on the screen at once, and no toast over it.
      await vi.waitFor(() => expect(sendForm(portico).sent).toMatchObject({ amount: '1', symbol: 'ETH', receiver: '0x000000000000000000000000000000000000dEaD', progress: 'sent' }))
      expect(portico.stores.toasts.open).toBe(false)
    } finally {
      await server.close()
    }
  })
})
