import { describe, expect, it } from 'vitest'
import { createTestPortico } from './helpers/testKit.js'

// `npm test` runs tests/kernel a second time with
// NODE_OPTIONS=--disallow-code-generation-from-strings and PORTICO_NO_EVAL=1, the same
// mechanism a strict Content-Security-Policy uses in the browser.
describe.runIf(process.env.PORTICO_NO_EVAL === '1')('under --disallow-code-generation-from-strings', () => {
  it('code generation really is blocked in this run', () => {
    expect(() => new Function('return 1')).toThrow(EvalError)
    // biome-ignore lint: deliberately probing eval
    expect(() => (0, eval)('1')).toThrow(EvalError)
  })

  it('the kernel still creates an instance, taps and calls every kind of hook', async () => {
    const { portico } = createTestPortico()
    await portico.ready()
    await portico.discoverWallets()
    await portico.connect({ connectorId: 'eip155.wallet' })
    await portico.open()
    await portico.switchNetwork('eip155:2')
    expect(await portico.signMessage({ message: 'csp' })).toBe('signed:csp')
    expect(portico.getState().connections.eip155?.status).toBe('connected')
    await portico.destroy()
  })
})
