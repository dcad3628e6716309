// lazySignInVerifier: a chain adapter's sign-in verifier whose check loads on the first sign-in,
// hands the check every field, and passes on the check's answer and its failures.
import { describe, expect, it } from 'vitest'
import { type Network } from '../../kernel/kernel.js'
import { lazySignInVerifier, type SignInVerify } from '../../chain-kit/index.js'

const network = { caipNetworkId: 'madeup:1' } as unknown as Network

describe('lazySignInVerifier', () => {
  it('loads the check only when a signature is verified, then answers with it', async () => {
    const seen: Parameters<SignInVerify>[0][] = []
    let loads = 0
    const verifier = lazySignInVerifier('Made Up', async () => {
      loads += 1
      return async (parameters) => (seen.push(parameters), parameters.signature === 'good')
    })
    expect(verifier.label).toBe('Made Up')
    expect(loads).toBe(0)
    expect(await verifier.verify({ message: 'm', signature: 'good', address: 'a', network })).toBe(true)
    expect(await verifier.verify({ message: 'm', signature: 'forged', address: 'a', network })).toBe(false)
    expect(loads).toBe(2)
    expect(seen[0]).toEqual({ message: 'm', signature: 'good', address: 'a', network })
  })

  it("passes on a failed import or a check's error rather than answering true", async () => {
    const missing = lazySignInVerifier('Made Up', async () => {
      throw new Error('chunk failed to load')
    })
    await expect(missing.verify({ message: 'm', signature: 's', address: 'a', network })).rejects.toThrow('chunk failed to load')
    const throwing = lazySignInVerifier('Made Up', async () => async () => {
      throw new Error('not a signature')
    })
    await expect(throwing.verify({ message: 'm', signature: 's', address: 'a', network })).rejects.toThrow('not a signature')
  })
})
