// The EVM dev wallet's account: the address is known at once, the key becomes a signer on the
// first signature (so a page load computes no public key), and a key that is not the address's is
// refused there.
import { parseGwei, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, it } from 'vitest'

import { devPrivateKeys } from '../../../sandbox/config.js'
import { lazyLocalAccount } from '../../../sandbox/devWallet/lazyLocalAccount.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'

describe('lazyLocalAccount', () => {
  const account = lazyLocalAccount(devAddresses[2]!, devPrivateKeys[2])

  it('signs messages, typed data and transactions that verify for its address', async () => {
    expect(account.address).toBe(devAddresses[2])
    const signature = await account.signMessage({ message: 'hello portico' })
    expect(await verifyMessage({ address: devAddresses[2]!, message: 'hello portico', signature })).toBe(true)
    const typed = { domain: { name: 'Portico', chainId: 31337 }, types: { Hello: [{ name: 'to', type: 'string' }] }, primaryType: 'Hello', message: { to: 'you' } } as const
    expect(await verifyTypedData({ address: devAddresses[2]!, ...typed, signature: await account.signTypedData(typed) })).toBe(true)
    const serialized = await account.signTransaction({ chainId: 31337, to: devAddresses[1]!, value: 1n, nonce: 0, gas: 21_000n, maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: 1n })
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as `0x02${string}` })).toBe(devAddresses[2])
  })

  it('refuses a key that is not the address\'s at the first signature, with the address in the message', async () => {
    const wrong = lazyLocalAccount(devAddresses[3]!, devPrivateKeys[2])
    expect(wrong.address).toBe(devAddresses[3])
    await expect(wrong.signMessage({ message: 'x' })).rejects.toThrow(`lazyLocalAccount: the key is not ${devAddresses[3]}'s`)
  })
})
