// The namespace-free memo seam: a chain plugin declares `meta.sendMemo: { maxBytes }`; the kernel
// then lets a send carry a memo (checked in bytes of UTF-8 before any wallet is asked, refused on a
// namespace that takes none), hands it to the taps as `SendRequest.memo`, and the send form offers
// the field only for such a namespace ('Memo Too Long' when it does not fit).
import '../helpers/sendLoaded.js'
import { afterEach, describe, expect, it } from 'vitest'

import { type Portico, type SendRequest, type TokenBalance } from '../../kernel/kernel.js'
import { SendStore } from '../../plugins/send/stores/SendStore.js'
import { createTestPortico, newWallet, testChain } from './helpers/testKit.js'
import { send } from '../../plugins/send/send.js'
import { sendForm } from '../plugins/send/helpers.js'

const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' }
const to = '0x000000000000000000000000000000000000dEaD'
/** 34 bytes of UTF-8 in 31 characters: 'é' is 2 bytes, '☕' 3. */
const fits = 'café ☕ invoice 42, paid in full'
const tooLong = `${fits}!`

function memoForm(maxBytes?: number) {
  const sent: unknown[] = []
  const estimated: unknown[] = []
  const store = new SendStore({
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    send: async (p) => (sent.push(p), '0xhash'),
    estimateFee: async (p) => (estimated.push(p), { fee: '0.001', symbol: 'ETH' }),
    ...(maxBytes === undefined ? {} : { memoRule: () => ({ maxBytes }) }),
  })
  store.setToken(eth)
  store.setAmount('0.5')
  store.setReceiver(to)
  return { store, sent, estimated }
}

describe('SendStore memo', () => {
  it('a namespace that takes a memo: counted in UTF-8 bytes, sent with the estimate and the send, cleared by a reset', async () => {
    const { store, sent, estimated } = memoForm(34)
    expect(store.memoRule).toEqual({ maxBytes: 34 })
    store.setMemo(fits)
    expect(store.memoBytes).toBe(34)
    expect(store.buttonState).toBe('Preview Send')
    await store.estimateFee()
    expect(estimated).toEqual([{ to, amount: '0.5', memo: fits }])
    store.setMemo(tooLong)
    expect(store.memoBytes).toBe(35)
    expect(store.buttonState).toBe('Memo Too Long')
    expect(store.canSend).toBe(false)
    expect(await store.submit()).toBeUndefined()
    expect(sent).toEqual([])
    store.setMemo(fits)
    expect(await store.submit()).toBe('0xhash')
    expect(sent).toEqual([{ to, amount: '0.5', memo: fits }])
    expect(store.memo).toBe('')
  })

  it('an empty memo is none; a lone surrogate (not valid text) is refused; earlier states still come first', async () => {
    const { store, sent } = memoForm(34)
    store.setMemo('')
    await store.submit()
    expect(sent).toEqual([{ to, amount: '0.5' }])
    const other = memoForm(34)
    other.store.setMemo('ok \uD800')
    expect(other.store.buttonState).toBe('Memo Too Long')
    other.store.setReceiver('0x12')
    expect(other.store.buttonState).toBe('Invalid Address')
  })

  it('a namespace that takes no memo: no field, and a memo typed before the switch is never sent', async () => {
    const { store, sent, estimated } = memoForm()
    expect(store.memoRule).toBeUndefined()
    store.setMemo(tooLong)
    expect(store.buttonState).toBe('Preview Send')
    await store.estimateFee()
    await store.submit()
    expect(estimated).toEqual([{ to, amount: '0.5' }])
    expect(sent).toEqual([{ to, amount: '0.5' }])
  })
})

describe('portico.send with a memo', () => {
  let portico: Portico | undefined
  afterEach(async () => {
    await portico?.destroy()
    portico = undefined
  })

  function start(maxBytes?: number) {
    const wallet = newWallet()
    const plugin = testChain('eip155', wallet)
    const plugins = [maxBytes === undefined ? plugin : { ...plugin, meta: { ...plugin.meta, sendMemo: { maxBytes } } }, send()]
    const created = createTestPortico({ plugins }, wallet)
    portico = created.portico
    const seen: SendRequest[] = []
    created.portico.hooks.send.for('eip155').tapPromise({ name: 'spy', stage: -1 }, async (request) => void seen.push(request))
    return { portico: created.portico, wallet, seen }
  }

  it('passes the memo to the taps as SendRequest.memo, and the form offers it, when the chain plugin declares meta.sendMemo', async () => {
    const { portico, wallet, seen } = start(34)
    await portico.connect({ connectorId: 'eip155.wallet', namespace: 'eip155' })
    expect(portico.sendMemo('eip155')).toEqual({ maxBytes: 34 })
    expect(portico.sendMemo()).toEqual({ maxBytes: 34 })
    expect(sendForm(portico).memoRule).toEqual({ maxBytes: 34 })
    await portico.send({ to, amount: '0.5', memo: fits })
    await portico.send({ to, amount: '0.25', memo: '' })
    expect(seen.map((r) => r.memo)).toEqual([fits, undefined])
    expect(wallet.calls.filter((c) => c === 'send')).toHaveLength(2)
  })

  it('refuses, before the wallet is asked, a memo that is too long, not text or not valid UTF-16', async () => {
    const { portico, wallet, seen } = start(34)
    await portico.connect({ connectorId: 'eip155.wallet', namespace: 'eip155' })
    await expect(portico.send({ to, amount: '0.5', memo: tooLong })).rejects.toMatchObject({ name: 'SendValidationError', shortMessage: 'The memo is 35 bytes; at most 34 bytes are allowed' })
    await expect(portico.send({ to, amount: '0.5', memo: 42 as unknown as string })).rejects.toMatchObject({ shortMessage: 'The memo must be text' })
    await expect(portico.send({ to, amount: '0.5', memo: '\uDC00' })).rejects.toMatchObject({ shortMessage: 'The memo is not valid text' })
    expect(await portico.estimateSendFee({ to, amount: '0.5', memo: tooLong })).toBeUndefined()
    expect(seen).toEqual([])
    expect(wallet.calls).not.toContain('send')
  })

  it('refuses any memo on a namespace whose plugin declares none; the form shows no memo field there', async () => {
    const { portico, wallet } = start()
    await portico.connect({ connectorId: 'eip155.wallet', namespace: 'eip155' })
    expect(portico.sendMemo('eip155')).toBeUndefined()
    expect(sendForm(portico).memoRule).toBeUndefined()
    await expect(portico.send({ to, amount: '0.5', memo: 'hi' })).rejects.toMatchObject({ name: 'SendValidationError', shortMessage: 'This network takes no memo' })
    expect(wallet.calls).not.toContain('send')
  })

  it('refuses a plugin whose meta.sendMemo is malformed or not on a chain plugin', () => {
    const plugin = testChain('eip155', newWallet())
    for (const sendMemo of [{ maxBytes: 0 }, { maxBytes: 1.5 }, { maxBytes: 5000 }, {}, 'yes']) {
      expect(() => createTestPortico({ plugins: [{ ...plugin, meta: { ...plugin.meta, sendMemo: sendMemo as { maxBytes: number } } }] }), JSON.stringify(sendMemo)).toThrow(/meta\.sendMemo/)
    }
    expect(() => createTestPortico({ plugins: [plugin, { ...plugin, name: 'feature', kind: 'feature', namespace: undefined, meta: { description: 'x', sendMemo: { maxBytes: 10 } } }] as never })).toThrow(/meta\.sendMemo/)
  })
})
