// portico/calls: without the plugin every EIP-5792 action of the handle and switchAccountType throw
// PluginRequiredError (a rejected promise, nothing asked of the wallet); with it they run (the
// kernel's calls tests cover what they do, over tests/kernel/calls/helpers.ts, which installs the
// plugin). The EIP-5792 wallet requests and the smart-account facts for EVM wallets are this
// plugin's taps, not the eip155 plugin's: an EVM site without it does not load them
// (tests/plugins/eip155/calls.test.ts runs them against anvil; tests/ui/accountType.test.tsx the
// Account view's badge and switch).
import '../../helpers/eip155Loaded.js'
import '../../helpers/callsLoaded.js'
import { describe, expect, it } from 'vitest'
import { createPorticoKernel, listTaps, PluginRequiredError } from '../../../kernel/kernel.js'
import { calls } from '../../../plugins/calls/index.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { checkPlugin } from '../../conformance/index.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'

describe('calls plugin', () => {
  it('without it, each EIP-5792 action rejects with PluginRequiredError naming the plugin and the action', async () => {
    const { portico } = createTestPortico()
    await portico.connect({ connectorId: 'eip155.wallet' })
    const attempts: [string, () => Promise<unknown>][] = [
      ['getCapabilities', () => portico.getCapabilities()],
      ['sendCalls', () => portico.sendCalls({ calls: [{ to: '0x000000000000000000000000000000000000dEaD' }] })],
      ['getCallsStatus', () => portico.getCallsStatus('0x01')],
      ['waitForCallsStatus', () => portico.waitForCallsStatus('0x01')],
      ['showCallsStatus', () => portico.showCallsStatus('0x01')],
      ['fetchUserOperationReceipt', () => portico.fetchUserOperationReceipt(`0x${'ab'.repeat(32)}`)],
      ['switchAccountType', () => portico.switchAccountType('smartAccount')],
    ]
    for (const [action, attempt] of attempts) {
      const error = await attempt().then(() => undefined, (e: unknown) => e)
      expect(error, action).toBeInstanceOf(PluginRequiredError)
      expect(error, action).toMatchObject({ code: 'PLUGIN_REQUIRED', plugin: 'calls', action, shortMessage: `"${action}" needs the calls plugin`, docsPath: '/kernel/errors.md#pluginrequirederror' })
    }
    await portico.destroy()
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

  it('taps the eip155 EIP-5792 and smart-account hooks (getCapabilities, sendCalls, getCallsStatus, showCallsStatus, smartAccount); the eip155 plugin alone taps none of them', () => {
    const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
    const batches = ['sendCalls', 'getCallsStatus', 'showCallsStatus', 'getCapabilities', 'smartAccount']
    const tapsOf = (portico: ReturnType<typeof createPorticoKernel>) =>
      listTaps(portico.hooks)
        .filter((tap) => batches.includes(tap.hook))
        .map((tap) => `${tap.hook}:${tap.namespace}:${tap.name}`)
        .sort()
    const alone = createPorticoKernel({ networks: [devnet], plugins: [eip155({}, { window: null })], storage: null, enableReconnect: false })
    expect(tapsOf(alone)).toEqual([])
    const withCalls = createPorticoKernel({ networks: [devnet], plugins: [eip155({}, { window: null }), calls()], storage: null, enableReconnect: false })
    expect(tapsOf(withCalls)).toEqual(['getCallsStatus:eip155:calls', 'getCapabilities:eip155:calls', 'sendCalls:eip155:calls', 'showCallsStatus:eip155:calls', 'smartAccount:eip155:calls'])
  })

  it('passes the plugin conformance checks (meta.hooks lists what it taps)', async () => {
    const devnet = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
    const report = await checkPlugin({ plugin: calls(), networks: [devnet], withPlugins: [eip155({}, { window: null })] })
    expect(report.issues).toEqual([])
    expect(report.ok).toBe(true)
  })
})
