// The lodash.clonedeep stand-in of the sandbox's browser bundles keeps what @stacks/transactions needs.
import { makeSTXTokenTransfer, privateKeyToAddress, randomPrivateKey, TransactionSigner } from '@stacks/transactions'
import { describe, expect, it } from 'vitest'

import cloneDeep from '../../../sandbox/build/cloneDeep.js'

describe('cloneDeep', () => {
  it('copies a Stacks transaction deeply, keeping its class (txid, signing) and leaving the original alone', async () => {
    const key = randomPrivateKey()
    const tx = await makeSTXTokenTransfer({ recipient: privateKeyToAddress(randomPrivateKey(), 'testnet'), amount: 5n, fee: 200n, nonce: 3n, senderKey: key, network: 'testnet' })
    const copy = cloneDeep(tx)
    expect(copy).not.toBe(tx)
    expect(Object.getPrototypeOf(copy)).toBe(Object.getPrototypeOf(tx))
    expect(copy.txid()).toBe(tx.txid())
    copy.setFee(999n)
    expect(tx.auth.spendingCondition.fee).toBe(200n)
    new TransactionSigner(copy).signOrigin(key)
    expect(copy.txid()).not.toBe(tx.txid())
  })

  it('keeps typed arrays, Maps, Sets, dates and cycles', () => {
    const value: Record<string, unknown> = { bytes: new Uint8Array([1, 2]), map: new Map([['a', 1n]]), set: new Set([1]), at: new Date(5) }
    value.self = value
    const copy = cloneDeep(value)
    expect(copy.self).toBe(copy)
    expect(copy.bytes).toEqual(new Uint8Array([1, 2]))
    expect(copy.bytes).not.toBe(value.bytes)
    expect(copy.map).toEqual(new Map([['a', 1n]]))
    expect(copy.set).toEqual(new Set([1]))
    expect((copy.at as Date).getTime()).toBe(5)
  })
})
