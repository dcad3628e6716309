// portico.getSigner (issue 47): the kernel's half of the signers. One signer per namespace, built
// by the chain adapter's `createSigner` when first asked for, reading the connection at each use:
// refused while nothing is connected, refusing another network before the wallet is asked, and
// sending through `portico.request` on the connection's network. The signer here is a made-up
// chain's; each chain plugin's real signer is proven against its chain in its own tests.
import { describe, expect, it } from 'vitest'
import { ChainNotSupportedError, createPorticoKernel, definePlugin, NoPluginForHookError, NotConnectedError, ProviderRpcError, version, type NamespaceSigner, type SignerContext } from '../../kernel/kernel.js'
import { defineNetwork } from '../../plugins/eip155/index.js'
import { memoryStorage } from './helpers/testKit.js'

const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
const other = defineNetwork({ id: 31338, name: 'Other', rpcUrls: ['http://127.0.0.1:9'] })
const alice = '0x1111111111111111111111111111111111111111'

type TestSigner = NamespaceSigner & { sign(payload: { chainId: string; data: string }): Promise<unknown>; address(): string }

function setup({ failFirstLoad = false } = {}) {
  const requests: unknown[] = []
  let builds = 0
  const chain = definePlugin({
    name: 'fake-evm',
    kind: 'chain',
    namespace: 'eip155',
    version,
    meta: { description: 'test', capabilities: ['connect', 'signer'], hooks: ['connect'], views: [], errors: [] } as never,
    setup(portico) {
      portico.hooks.discoverWallets.for('eip155').tapPromise('fake', async (context) => context.add({ id: 'w', name: 'W', namespace: 'eip155', type: 'INJECTED' }))
      portico.hooks.connect.for('eip155').tapPromise('fake', async () => ({ connectorId: 'w', accounts: [{ address: alice, type: 'eoa' }], caipNetworkId: 'eip155:31337' }))
      portico.chains.register({
        namespace: 'eip155',
        isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
        async request(request) {
          requests.push({ method: request.method, params: request.params, chainId: request.chainId, connectorId: request.connectorId })
          if (request.params === 'refuse') throw new ProviderRpcError({ code: 4001, message: 'User rejected the request.' })
          return { result: `signed:${String(request.params)}` }
        },
        async createSigner(context: SignerContext): Promise<TestSigner> {
          builds += 1
          if (failFirstLoad && builds === 1) throw new Error('the signer code failed to load')
          return {
            namespace: context.namespace,
            address: () => context.connection().address,
            sign: async ({ chainId, data }) => {
              const { caipNetworkId } = context.requireNetwork(chainId)
              return context.request('test_sign', data, caipNetworkId)
            },
          }
        },
      })
    },
  })
  const portico = createPorticoKernel({ projectId: 'test', networks: [devnet, other], plugins: [chain], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
  return { portico, requests, builds: () => builds }
}

describe('getSigner', () => {
  it('builds one signer per namespace; while nothing is connected it refuses and asks no wallet', async () => {
    const { portico, requests, builds } = setup()
    await portico.ready()
    const signer = (await portico.getSigner('eip155')) as unknown as TestSigner
    expect(await portico.getSigner('eip155')).toBe(signer)
    expect(builds()).toBe(1)
    expect(signer.namespace).toBe('eip155')
    await expect(signer.sign({ chainId: 'eip155:31337', data: 'x' })).rejects.toThrow(NotConnectedError)
    expect(() => signer.address()).toThrow(NotConnectedError)
    expect(requests).toEqual([])
    await portico.destroy()
  })

  it('connected: signs through portico.request on the connection network; another network is refused before the wallet; a rejection keeps its code', async () => {
    const { portico, requests } = setup()
    await portico.ready()
    const signer = (await portico.getSigner('eip155')) as unknown as TestSigner
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'w', namespace: 'eip155' })
    expect(signer.address()).toBe(alice)
    expect(await signer.sign({ chainId: 'eip155:31337', data: 'hello' })).toBe('signed:hello')
    // The namespace's own reference is understood too.
    expect(await signer.sign({ chainId: '31337', data: 'again' })).toBe('signed:again')
    const wrong = await signer.sign({ chainId: 'eip155:31338', data: 'elsewhere' }).catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(ChainNotSupportedError)
    expect((wrong as ChainNotSupportedError).message).toContain('Connected on: eip155:31337')
    const refused = await signer.sign({ chainId: 'eip155:31337', data: 'refuse' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ProviderRpcError)
    expect((refused as ProviderRpcError).isUserRejection).toBe(true)
    expect(requests).toEqual([
      { method: 'test_sign', params: 'hello', chainId: 'eip155:31337', connectorId: 'w' },
      { method: 'test_sign', params: 'again', chainId: 'eip155:31337', connectorId: 'w' },
      { method: 'test_sign', params: 'refuse', chainId: 'eip155:31337', connectorId: 'w' },
    ])
    // After a disconnect the same signer refuses again.
    await portico.disconnect('eip155')
    await expect(signer.sign({ chainId: 'eip155:31337', data: 'late' })).rejects.toThrow(NotConnectedError)
    expect(requests).toHaveLength(3)
    await portico.destroy()
  })

  it('a namespace whose plugin gives no signer, and a malformed namespace, are refused; a failed build may be retried', async () => {
    const { portico, builds } = setup({ failFirstLoad: true })
    await portico.ready()
    await expect(portico.getSigner('solana')).rejects.toThrow(NoPluginForHookError)
    await expect(portico.getSigner('' as never)).rejects.toThrow(/getSigner needs a CAIP-2 namespace/)
    await expect(portico.getSigner('Not A Namespace' as never)).rejects.toThrow(/getSigner needs a CAIP-2 namespace/)
    await expect(portico.getSigner('eip155')).rejects.toThrow('the signer code failed to load')
    const signer = await portico.getSigner('eip155')
    expect(signer.namespace).toBe('eip155')
    expect(builds()).toBe(2)
    await portico.destroy()
  })
})
