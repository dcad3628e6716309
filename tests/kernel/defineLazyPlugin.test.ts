// defineLazyPlugin and lazyCode (issue 44): a plugin whose setup, meta and views' strings load with
// the kernel; the kernel checks its meta and options once loaded (validatePlugins).
import { describe, expect, it } from 'vitest'
import { createPortico, defineLazyPlugin, InvalidPluginOptionsError, lazyCode, loadPlugins, PluginNotLoadedError, type PluginMeta } from '../../kernel/kernel.js'
import { evmA, newWallet, testChain } from './helpers/testKit.js'

const meta: PluginMeta = {
  description: 'A lazy test feature.',
  optionsSchema: { type: 'object', additionalProperties: false, properties: { greeting: { type: 'string', description: 'Said once.' } } },
}

function lazyFeature(importer: () => Promise<{ meta: PluginMeta; messages?: Record<string, string> }>, options: Record<string, unknown> = {}) {
  const seen: string[] = []
  const code = lazyCode(importer)
  const plugin = defineLazyPlugin({
    name: 'lazy-feature',
    kind: 'feature',
    options,
    messages: { 'lazy-feature.page': 'On the page' },
    code,
    setup: (loaded, context) => void seen.push(`${loaded.meta.description} ${context.plugins.length}`),
  })
  return { plugin, seen, code }
}

describe('defineLazyPlugin', () => {
  it('has no meta before its code loads, then the loaded meta and both sets of strings; setup before load refuses', async () => {
    let imports = 0
    const { plugin, seen } = lazyFeature(async () => (imports++, { meta, messages: { 'lazy-feature.view': 'In the view' } }))
    expect(plugin.meta).toBeUndefined()
    expect(plugin.messages).toEqual({ 'lazy-feature.page': 'On the page' })
    expect(() => plugin.setup({} as never)).toThrow(PluginNotLoadedError)
    await Promise.all([plugin.load?.(), plugin.load?.()])
    expect(imports).toBe(1)
    expect(plugin.meta).toBe(meta)
    expect(plugin.messages).toEqual({ 'lazy-feature.page': 'On the page', 'lazy-feature.view': 'In the view' })
    plugin.setup({ plugins: [1, 2] } as never)
    expect(seen).toEqual(['A lazy test feature. 2'])
  })

  it('a failed import rejects load() and is retried on the next load()', async () => {
    let attempts = 0
    const { plugin } = lazyFeature(async () => {
      attempts++
      if (attempts === 1) throw new Error('chunk failed to load')
      return { meta }
    })
    await expect(plugin.load?.()).rejects.toThrow('chunk failed to load')
    expect(plugin.meta).toBeUndefined()
    await plugin.load?.()
    expect(attempts).toBe(2)
    expect(plugin.meta).toBe(meta)
  })

  it('one lazyCode serves every instance: once one has loaded, another sets up at once', async () => {
    const code = lazyCode(async () => ({ meta }))
    const make = () => defineLazyPlugin({ name: 'lazy-feature', kind: 'feature', code, setup: () => undefined })
    await loadPlugins([make()])
    const later = make()
    expect(later.meta).toBe(meta)
    expect(() => later.setup({} as never)).not.toThrow()
  })
})

describe('plugin options are checked when the kernel loads', () => {
  it("createPortico returns the handle; load() rejects with InvalidPluginOptionsError for options that break the loaded meta's schema", async () => {
    const { plugin } = lazyFeature(async () => ({ meta }), { greting: 'typo' })
    const handle = createPortico({ projectId: 'test', networks: [evmA], plugins: [testChain('eip155', newWallet()), plugin], storage: null, endpoints: { api: 'http://127.0.0.1:9' } })
    await expect(handle.load()).rejects.toBeInstanceOf(InvalidPluginOptionsError)
    await expect(handle.load()).rejects.toThrow(/greting/)
  })

  it('good options load and set up', async () => {
    const { plugin, seen } = lazyFeature(async () => ({ meta }), { greeting: 'hi' })
    const handle = createPortico({ projectId: 'test', networks: [evmA], plugins: [testChain('eip155', newWallet()), plugin], storage: null, endpoints: { api: 'http://127.0.0.1:9' } })
    const kernel = await handle.load()
    expect(seen).toEqual(['A lazy test feature. 2'])
    await kernel.destroy()
  })
})
