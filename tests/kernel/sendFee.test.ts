// The namespace-free fee seam: SendStore asks `estimateFee` for the form's send (the review shows
// it before the wallet is asked), drops an answer for a form that changed, turns a refusal into the
// form's error; the kernel action asks the namespace's `estimateSendFee` tap with the prepared request.
import { describe, expect, it } from 'vitest'

import type { SendFeeEstimate, TokenBalance } from '../../kernel/kernel.js'
import { SendStore } from '../../plugins/send/stores/SendStore.js'

const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' }
const to = '0x000000000000000000000000000000000000dEaD'

function form(estimateFee?: (p: { to: string; amount: string }) => Promise<SendFeeEstimate | undefined>) {
  const asked: { to: string; amount: string }[] = []
  const store = new SendStore({
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    send: async () => '0xhash',
    ...(estimateFee
      ? {
          estimateFee: (p: { to: string; amount: string }) => {
            asked.push(p)
            return estimateFee(p)
          },
        }
      : {}),
  })
  store.setToken(eth)
  store.setAmount('0.5')
  store.setReceiver(to)
  return { store, asked }
}

describe('SendStore.estimateFee', () => {
  it('estimates the form\'s send and keeps the answer until the form changes', async () => {
    const { store, asked } = form(async () => ({ fee: '0.002', symbol: 'ETH' }))
    const pending = store.estimateFee()
    expect(store.feeStatus).toBe('estimating')
    await pending
    expect(asked).toEqual([{ to, amount: '0.5' }])
    expect(store.feeStatus).toBe('ready')
    expect(store.fee).toEqual({ fee: '0.002', symbol: 'ETH' })
    store.setAmount('0.6')
    expect(store.feeStatus).toBe('idle')
    expect(store.fee).toBeUndefined()
  })

  it('drops an answer that arrives after the form changed', async () => {
    let answer: (fee: SendFeeEstimate) => void = () => {}
    const { store } = form(() => new Promise((resolve) => (answer = resolve)))
    const pending = store.estimateFee()
    store.setReceiver('0x000000000000000000000000000000000000bEEF')
    answer({ fee: '9', symbol: 'ETH' })
    await pending
    expect(store.fee).toBeUndefined()
    expect(store.feeStatus).toBe('idle')
  })

  it('a refusal becomes the form\'s error; no estimator or no answer means the wallet sets the fee; an incomplete form asks nothing', async () => {
    const refusing = form(async () => {
      throw Object.assign(new Error('x'), { shortMessage: 'Insufficient SUI balance' })
    })
    await refusing.store.estimateFee()
    expect(refusing.store.error).toBe('Insufficient SUI balance')
    expect(refusing.store.feeStatus).toBe('failed')
    const silent = form(async () => undefined)
    await silent.store.estimateFee()
    expect(silent.store.feeStatus).toBe('wallet')
    expect(silent.store.fee).toBeUndefined()
    const none = form()
    await none.store.estimateFee()
    expect(none.store.feeStatus).toBe('wallet')
    const incomplete = form(async () => ({ fee: '1', symbol: 'ETH' }))
    incomplete.store.setReceiver('0x12')
    await incomplete.store.estimateFee()
    expect(incomplete.store.feeStatus).toBe('idle')
    expect(incomplete.asked).toEqual([])
  })

  it('fee speeds: the plugin\'s speed is preselected, a choice changes the fee shown and goes with the send, a reset forgets it', async () => {
    const sent: unknown[] = []
    const store = new SendStore({
      isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
      send: async (p) => {
        sent.push(p)
        return '0xhash'
      },
      estimateFee: async () => ({
        fee: '0.00000200',
        symbol: 'BTC',
        speed: 'normal',
        speeds: [
          { speed: 'slow', fee: '0.00000100' },
          { speed: 'normal', fee: '0.00000200' },
          { speed: 'fast', fee: '0.00000500', detail: '500 sats · 5 sat/vB' },
        ],
      }),
    })
    store.setToken(eth)
    store.setAmount('0.5')
    store.setReceiver(to)
    await store.estimateFee()
    expect(store.feeSpeed).toBe('normal')
    expect(store.chosenFee).toEqual({ speed: 'normal', fee: '0.00000200' })
    store.setFeeSpeed('fast')
    expect(store.chosenFee?.fee).toBe('0.00000500')
    await store.submit()
    expect(sent).toEqual([{ to, amount: '0.5', feeSpeed: 'fast' }])
    expect(store.feeSpeed).toBe('normal')
  })

  it('a speed the plugin did not offer cannot be chosen, and a send without speeds names none', async () => {
    const sent: unknown[] = []
    const store = new SendStore({ isAddress: () => true, send: async (p) => (sent.push(p), '0xhash'), estimateFee: async () => ({ fee: '0.1', symbol: 'ETH' }) })
    store.setToken(eth)
    store.setAmount('0.5')
    store.setReceiver(to)
    await store.estimateFee()
    store.setFeeSpeed('fast')
    expect(store.feeSpeed).toBe('normal')
    expect(store.chosenFee).toEqual({ speed: 'normal', fee: '0.1' })
    await store.submit()
    expect(sent).toEqual([{ to, amount: '0.5' }])
  })
})

