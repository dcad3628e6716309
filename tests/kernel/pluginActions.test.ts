// The kernel's seam for a plugin's own actions (`actions`): the kernel, its handle and
// `createPortico`'s handle lend each one, which runs the member of that name in the plugin's store.
import { describe, expect, it } from 'vitest'
import { createPortico, definePlugin, InvalidPluginError, PluginRequiredError, porticoHandleOf, version, type PluginContext } from '../../kernel/kernel.js'
import { createTestPortico, evmA, newWallet, testChain } from './helpers/testKit.js'

/** A plugin that lends `greet` (and, when `registers` is false, never provides it). */
function greeter({ registers = true, actions = ['greet'] }: { registers?: boolean; actions?: string[] } = {}) {
  return definePlugin({
    name: 'greeter',
    kind: 'feature',
    version,
    actions,
    meta: { description: 'lends greet' },
    setup(context: PluginContext) {
      if (registers) context.registerStore('greeter', { greet: async (who: string) => `hello ${who} from ${context.plugins.at(-1)?.name}` })
    },
  })
}

describe('plugin actions (actions)', () => {
  it('the kernel, its handle and a createPortico handle run the store member of that name', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), greeter()] })
    const lent = portico as unknown as { greet(who: string): Promise<string> }
    await expect(lent.greet('Ada')).resolves.toBe('hello Ada from greeter')
    const ofKernel = porticoHandleOf(portico) as unknown as { greet(who: string): Promise<string> }
    await expect(ofKernel.greet('Bo')).resolves.toBe('hello Bo from greeter')
    const handle = createPortico({ projectId: 'test', networks: [evmA], plugins: [testChain('eip155', newWallet()), greeter()], storage: null })
    expect(handle.kernel).toBeUndefined()
    await expect((handle as unknown as { greet(who: string): Promise<string> }).greet('Cy')).resolves.toBe('hello Cy from greeter')
    expect(handle.kernel).toBeDefined()
    await handle.destroy()
    await portico.destroy()
  })

  it('a plugin whose store lacks the action: PluginRequiredError naming both', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), greeter({ registers: false })] })
    expect(() => (portico as unknown as { greet(who: string): unknown }).greet('Ada')).toThrow(PluginRequiredError)
    await portico.destroy()
  })

  it('an action name the instance has (or another plugin lends) is refused', () => {
    expect(() => createTestPortico({ plugins: [testChain('eip155', newWallet()), greeter({ actions: ['connect'] })] })).toThrow(InvalidPluginError)
    const second = definePlugin({ ...greeter(), name: 'second' })
    const error = (() => {
      try {
        createTestPortico({ plugins: [testChain('eip155', newWallet()), greeter(), second] })
      } catch (thrown) {
        return thrown as InvalidPluginError
      }
    })()
    expect(error).toBeInstanceOf(InvalidPluginError)
    expect(error?.message).toContain('Invalid plugin at plugins[2]: "second" lends the action "greet", which the instance has or another plugin lends')
  })
})
