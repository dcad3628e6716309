// portico/calls: without the plugin neither the kernel nor the handle has the EIP-5792 actions and
// switchAccountType; with it they run (tests/plugins/calls/actions.test.ts covers what they do, over tests/plugins/calls/helpers.ts, which installs the
// plugin). The EIP-5792 wallet requests and the smart-account facts for EVM wallets are this
// plugin's taps, not the eip155 plugin's: an EVM site without it does not load them
// (tests/plugins/eip155/calls.test.ts runs them against anvil; tests/ui/accountType.test.tsx the
// Account view's badge and switch).
import '../../helpers/eip155Loaded.js'
import '../../helpers/callsLoaded.js'
import { describe, expect, it } from 'vitest'
import { createPortico, createPorticoKernel, definePlugin, listTaps, version, type Hooks } from '../../../kernel/kernel.js'
import { calls, type CallsHooks } from '../../../plugins/calls/index.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { checkPlugin } from '../../conformance/index.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'

const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })

describe('calls plugin', () => {
  it('without it, neither the kernel nor the handle has the EIP-5792 actions; with it both lend them (actions)', async () => {
    const actions = ['getCapabilities', 'sendCalls', 'getCallsStatus', 'waitForCallsStatus', 'showCallsStatus', 'fetchUserOperationReceipt', 'switchAccountType']
    expect(calls().actions).toEqual(actions)
    const without = createTestPortico()
    const handleWithout = createPortico({ networks: [devnet], plugins: [eip155({}, { window: null })], storage: null })
    for (const action of actions) {
      expect(action in without.portico, action).toBe(false)
      expect(action in handleWithout, action).toBe(false)
    }
    await without.portico.destroy()
    const withIt = createTestPortico({ plugins: [testChain('eip155', newWallet()), calls()] })
    const handle = createPortico({ networks: [devnet], plugins: [eip155({}, { window: null }), calls()], storage: null })
    for (const action of actions) {
      expect(typeof (withIt.portico as unknown as Record<string, unknown>)[action], action).toBe('function')
      expect(typeof (handle as unknown as Record<string, unknown>)[action], action).toBe('function')
    }
    // The handle's action loads the kernel first, then runs the plugin's: the visitor is not connected.
    await expect(handle.getCallsStatus('0x01')).rejects.toMatchObject({ name: 'NotConnectedError' })
    expect(handle.kernel).toBeDefined()
    await withIt.portico.destroy()
    await handle.destroy()
  })

  it('with it, the actions run: a malformed batch is refused by the kernel before the wallet is asked', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), calls()] })
    await portico.connect({ connectorId: 'eip155.wallet' })
    await expect(portico.sendCalls({ calls: [] })).rejects.toMatchObject({ name: 'InvalidCallsError' })
    await portico.destroy()
  })

  it('refuses options', () => {
    expect(() => createTestPortico({ plugins: [testChain('eip155', newWallet()), calls({ batch: true } as never)] })).toThrow(/batch/)
  })

  it('declares its hooks and taps the eip155 EIP-5792 and smart-account ones (getCapabilities, sendCalls, getCallsStatus, showCallsStatus, smartAccount); the kernel has none of them', () => {
    let declared: CallsHooks | undefined
    const probe = definePlugin({ name: 'probe', kind: 'feature', version, meta: { description: 'reads the calls hooks' }, setup: (context) => void (declared = context.pluginHooks<CallsHooks>('calls')) })
    const portico = createPorticoKernel({ networks: [devnet], plugins: [eip155({}, { window: null }), calls(), probe], storage: null, enableReconnect: false })
    for (const hook of ['getCapabilities', 'sendCalls', 'getCallsStatus', 'showCallsStatus', 'smartAccount', 'switchAccountType']) expect(hook in portico.hooks, hook).toBe(false)
    const taps = listTaps(declared as unknown as Hooks).map((tap) => `${tap.hook}:${tap.namespace}:${tap.name}`).sort()
    expect(taps).toEqual(['getCallsStatus:eip155:calls', 'getCapabilities:eip155:calls', 'sendCalls:eip155:calls', 'showCallsStatus:eip155:calls', 'smartAccount:eip155:calls'])
  })

  it('passes the plugin conformance checks (meta.hooks lists what it taps)', async () => {
    const report = await checkPlugin({ plugin: calls(), networks: [devnet], withPlugins: [eip155({}, { window: null })] })
    expect(report.issues).toEqual([])
    expect(report.ok).toBe(true)
  })
})
