// A fake eip155 chain plugin for the calls plugin's EIP-5792 actions: its taps answer from an in-memory
// wallet and record what they were asked (a fake is fine inside a unit test).
import '../../helpers/callsLoaded.js'
import { createPorticoKernel, definePlugin, version, type ConnectionAccount, type ConnectionChannel, type PorticoOptions } from '../../../kernel/kernel.js'
import { defineNetwork } from '../../../plugins/eip155/index.js'
import { calls } from '../../../plugins/calls/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import type { CallsHooks } from '../../../plugins/calls/index.js'

export const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
export const eoa = '0x1111111111111111111111111111111111111111'
export const smart = '0x2222222222222222222222222222222222222222'
export const token = '0x000000000000000000000000000000000000dEaD'

export type FakeWallet = {
  accounts: ConnectionAccount[]
  asked: { hook: string; request: unknown }[]
  capabilities?: (request: unknown) => unknown
  sendCalls?: (request: unknown) => unknown
  callsStatus?: (request: unknown) => unknown
  showCallsStatus?: (request: unknown) => unknown
  deployed?: boolean
  switchAccountType?: (request: { type: string }) => ConnectionAccount[] | undefined
  hashes: number
}

export function fakeWallet(accounts: ConnectionAccount[]): FakeWallet {
  return { accounts, asked: [], hashes: 0 }
}

/** A kernel with the fake chain plugin and, unless `withCalls: false`, `portico/calls` (EIP-5792 and smart accounts). */
export function setupPortico(wallet: FakeWallet, options: Partial<PorticoOptions> & { channel?: ConnectionChannel; api?: string; withCalls?: boolean } = {}) {
  const record = (hook: string, request: unknown) => wallet.asked.push({ hook, request })
  const chain = definePlugin({
    name: 'fake-evm',
    kind: 'chain',
    namespace: 'eip155',
    version,
    meta: { description: 'test', capabilities: ['connect'], defaultAccountType: 'eoa', hooks: [], views: [], errors: [] } as never,
    setup(portico) {
      const h = portico.hooks
      // The calls plugin's own hooks (it is set up first); the fake answers before its eip155 taps (stage -1).
      const c = portico.plugins.some((p) => p.name === 'calls') ? portico.pluginHooks<CallsHooks>('calls') : undefined
      const fake = { name: 'fake', stage: -1 }
      portico.chains.register({ namespace: 'eip155', isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a) })
      h.discoverWallets.for('eip155').tapPromise('fake', async (context) => context.add({ id: 'w', name: 'W', namespace: 'eip155', type: 'INJECTED' }))
      h.connect.for('eip155').tapPromise('fake', async () => ({ connectorId: 'w', accounts: wallet.accounts, caipNetworkId: 'eip155:31337', ...(options.channel ? { channel: options.channel } : {}) }))
      portico.chains.register({
        namespace: 'eip155',
        selectAccount: async () => true,
        sendTransaction: async (request) => {
          record('sendTransaction', request.transaction)
          wallet.hashes++
          return { hash: `0x${wallet.hashes.toString(16).padStart(64, '0')}` }
        },
      })
      const answer = (hook: string, fn?: (request: unknown) => unknown) => async (request: unknown) => {
        record(hook, request)
        return fn ? (fn(request) as never) : undefined
      }
      c?.getCapabilities.for('eip155').tapPromise(fake, answer('getCapabilities', (r) => wallet.capabilities?.(r)))
      c?.sendCalls.for('eip155').tapPromise(fake, answer('sendCalls', (r) => wallet.sendCalls?.(r)))
      c?.getCallsStatus.for('eip155').tapPromise(fake, answer('getCallsStatus', (r) => wallet.callsStatus?.(r)))
      c?.showCallsStatus.for('eip155').tapPromise(fake, answer('showCallsStatus', (r) => wallet.showCallsStatus?.(r)))
      c?.smartAccount.for('eip155').tapPromise(fake, answer('smartAccount', () => (wallet.deployed === undefined ? undefined : { deployed: wallet.deployed })))
      if (wallet.switchAccountType) c?.switchAccountType.for('eip155').tapPromise(fake, answer('switchAccountType', (r) => wallet.switchAccountType!(r as { type: string })))
    },
  })
  const { channel: _channel, api, withCalls = true, ...rest } = options
  return createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [...(withCalls ? [calls()] : []), chain], storage: memoryStorage(), endpoints: { api: api ?? 'http://127.0.0.1:9' }, ...rest })
}

export async function connected(wallet: FakeWallet, options: Parameters<typeof setupPortico>[1] = {}) {
  const portico = setupPortico(wallet, options)
  await portico.ready()
  await portico.discoverWallets('eip155')
  await portico.connect({ connectorId: 'w', namespace: 'eip155' })
  return portico
}

/** Resolves once `check` holds (MobX reactions and taps settle on the microtask queue). */
export async function until(check: () => boolean, ms = 2_000) {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

export function rpcError(code: number, message = `error ${code}`) {
  return Object.assign(new Error(message), { code })
}
