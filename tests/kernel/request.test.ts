import { describe, expect, it } from 'vitest'
import { NoAnswerError, NoPluginForHookError, NotConnectedError, ProviderRpcError, type WalletRequest } from '../../kernel/kernel.js'
import { createTestPortico, newWallet, testChain, testFeature } from './helpers/testKit.js'

/** A plugin that answers the eip155 `request` hook from `answer` and records what it was asked. */
function rawRequests(answer: (request: WalletRequest) => Promise<{ result: unknown } | undefined>) {
  const seen: WalletRequest[] = []
  const plugin = testFeature('raw-requests', 'Answers raw wallet requests in a test.', (portico) => {
    portico.chains.register({ namespace: 'eip155', request: async (request) => {
      seen.push(request)
      return answer(request)
    } })
  })
  return { plugin, seen }
}

async function connected(answer?: Parameters<typeof rawRequests>[0]) {
  const wallet = newWallet()
  const raw = answer ? rawRequests(answer) : undefined
  const { portico } = createTestPortico({ plugins: [testChain('eip155', wallet), ...(raw ? [raw.plugin] : [])] }, wallet)
  await portico.discoverWallets('eip155')
  await portico.connect({ namespace: 'eip155', connectorId: 'eip155.wallet' })
  return { portico, seen: raw?.seen ?? [] }
}

describe('portico.request without a channel: the request hook', () => {
  it('is refused while the namespace is not connected, with nothing asked', async () => {
    const raw = rawRequests(async () => ({ result: 'never' }))
    const wallet = newWallet()
    const { portico } = createTestPortico({ plugins: [testChain('eip155', wallet), raw.plugin] }, wallet)
    await expect(portico.request({ method: 'eth_accounts', chainId: 'eip155:1' })).rejects.toBeInstanceOf(NotConnectedError)
    expect(raw.seen).toEqual([])
  })

  it('names the missing hook when no plugin taps it', async () => {
    const { portico } = await connected()
    await expect(portico.request({ method: 'eth_chainId', chainId: 'eip155:1' })).rejects.toBeInstanceOf(NoPluginForHookError)
  })

  it("hands the tap the connection's connector and returns its answer, undefined and null included", async () => {
    const answers: unknown[] = ['0x1', undefined, null]
    const { portico, seen } = await connected(async () => ({ result: answers.shift() }))
    expect(await portico.request({ method: 'eth_chainId', chainId: 'eip155:1' })).toBe('0x1')
    expect(await portico.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2' }], chainId: 'eip155:1' })).toBeUndefined()
    expect(await portico.request({ method: 'eth_call', params: [{}], chainId: 'eip155:1' })).toBeNull()
    expect(seen[0]).toEqual({ namespace: 'eip155', connectorId: 'eip155.wallet', method: 'eth_chainId', chainId: 'eip155:1' })
    expect(seen[1]?.params).toEqual([{ chainId: '0x2' }])
  })

  it("keeps the wallet's EIP-1193 code, and a tap that passes is NoAnswerError", async () => {
    const { portico } = await connected(async (request) => {
      if (request.method === 'personal_sign') throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return undefined
    })
    const rejected = await portico.request({ method: 'personal_sign', params: ['0x68', '0x0'], chainId: 'eip155:1' }).catch((e: unknown) => e)
    expect(rejected).toBeInstanceOf(ProviderRpcError)
    expect(rejected).toMatchObject({ code: 4001, isUserRejection: true })
    await expect(portico.request({ method: 'eth_blockNumber', chainId: 'eip155:1' })).rejects.toBeInstanceOf(NoAnswerError)
  })

  it('refuses a malformed request before any tap', async () => {
    const { portico, seen } = await connected(async () => ({ result: 1 }))
    await expect(portico.request({ method: '', chainId: 'eip155:1' })).rejects.toThrow(/needs a method name/)
    await expect(portico.request({ method: 'eth_chainId', chainId: 'nonsense' as never })).rejects.toThrow()
    expect(seen).toEqual([])
  })
})
