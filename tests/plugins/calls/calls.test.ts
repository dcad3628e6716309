// portico/calls: without the plugin every EIP-5792 action of the handle throws PluginRequiredError
// (a rejected promise, nothing asked of the wallet); with it they run (the kernel's calls tests
// cover what they do, over tests/kernel/calls/helpers.ts, which installs the plugin).
import { describe, expect, it } from 'vitest'
import { PluginRequiredError } from '../../../kernel/kernel.js'
import { calls } from '../../../plugins/calls/index.js'
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
})
