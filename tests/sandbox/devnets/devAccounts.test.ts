import { describe, expect, it } from 'vitest'

import { devAccount, devAddresses, devMnemonic } from '../../../sandbox/devnets/devAccounts.js'

describe('devAccounts', () => {
  it('uses the standard public test mnemonic', () => {
    expect(devMnemonic).toBe('test test test test test test test test test test test junk')
  })

  it('lists the first 10 accounts of the mnemonic, index 0 = 0xf39F…2266', () => {
    expect(devAddresses).toHaveLength(10)
    expect(devAddresses[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    devAddresses.forEach((address, index) => expect(devAccount(index).address).toBe(address))
    expect(Object.isFrozen(devAddresses)).toBe(true)
  })

  it('derives real signing accounts', async () => {
    const account = devAccount(3)
    const signature = await account.signMessage({ message: 'hello portico' })
    const { verifyMessage } = await import('viem')
    await expect(verifyMessage({ address: devAddresses[3]!, message: 'hello portico', signature })).resolves.toBe(true)
    await expect(verifyMessage({ address: devAddresses[4]!, message: 'hello portico', signature })).resolves.toBe(false)
  })

  it.each([-1, 1.5, Number.NaN, 2 ** 31, '1' as unknown as number])('refuses index %s with a clear error', (index) => {
    expect(() => devAccount(index)).toThrow(/index must be an integer from 0 to 2\^31 - 1/)
  })
})
