// The chain contract is a type (issue 45): an adapter that lacks a required method, or answers
// with the wrong shape, does not compile. The `@ts-expect-error` lines are checked by `npm test`'s
// type check (tsgo over tests/): each fails the check if its line ever compiles. The runtime half
// checks that registerChainAdapter taps exactly the methods present.
import { describe, expect, it } from 'vitest'
import { AddressValidatorRegistry, BuiltinWalletRegistry, ChainAdapterRegistry, createHooks, registerChainAdapter, type ChainAdapter, type PluginContext } from '../../../kernel/kernel.js'
import { listTaps } from '../../../kernel/hooks/listTaps.js'

const complete = {
  namespace: 'madeup',
  isAddress: (address: string) => address.startsWith('mu1'),
  explorers: { address: () => undefined, transaction: () => undefined },
  discoverWallets: async () => {},
  connect: async () => undefined,
  reconnect: async () => undefined,
  disconnect: async () => {},
  switchNetwork: async () => undefined,
  signMessage: async () => ({ signature: 'mu-signature' }),
  fetchBalance: async () => ({ balance: '1', symbol: 'MU' }),
  estimateSendFee: async () => undefined,
  send: async () => ({ hash: 'mu-hash' }),
  waitForTransaction: async () => ({ status: 'confirmed' as const }),
} satisfies ChainAdapter

const { send: _send, ...withoutSend } = complete
const { waitForTransaction: _wait, ...withoutWait } = complete
const { isAddress: _isAddress, ...withoutAddressRule } = complete

// @ts-expect-error a chain that cannot send is not a chain adapter
export const missingSend: ChainAdapter = withoutSend
// @ts-expect-error nor one that cannot follow its transactions
export const missingWait: ChainAdapter = withoutWait
// @ts-expect-error nor one without an address rule
export const missingAddressRule: ChainAdapter = withoutAddressRule
// @ts-expect-error a signature is a string
export const wrongSignature: ChainAdapter = { ...complete, signMessage: async () => ({ signature: new Uint8Array(64) }) }
// @ts-expect-error a send answers a hash
export const wrongSend: ChainAdapter = { ...complete, send: async () => 'mu-hash' }
// @ts-expect-error a transaction is confirmed or failed, nothing else
export const wrongStatus: ChainAdapter = { ...complete, waitForTransaction: async () => ({ status: 'pending' as const }) }
// @ts-expect-error optional capabilities are typed too: selectAccount answers true or undefined
export const wrongSelect: ChainAdapter = { ...complete, selectAccount: async () => false }

/** The parts of a plugin context registerChainAdapter uses, real where it matters (the hooks). */
function context() {
  const registered: Record<string, unknown> = {}
  const registry = (name: string) => ({ register: (namespace: string, value: unknown) => void (registered[`${name}:${namespace}`] = value) })
  const portico = {
    hooks: createHooks(),
    chains: new ChainAdapterRegistry({ addressValidators: registry('addressValidators'), builtinWallets: registry('builtinWallets') } as never),
    explorers: registry('explorers'),
    signInVerifiers: registry('signInVerifiers'),
  } as unknown as PluginContext
  return { portico, registered }
}

describe('registerChainAdapter', () => {
  it('taps the namespace hook of every hook method present, once, under the namespace, joins portico.chains for the rest, and registers the rules', async () => {
    const { portico, registered } = context()
    const adapter: ChainAdapter = { ...complete, selectAccount: async () => true }
    registerChainAdapter(portico, adapter)
    const taps = listTaps(portico.hooks).filter((tap) => tap.name === 'madeup')
    expect(taps.map((tap) => tap.hook).sort()).toEqual(
      ['connect', 'disconnect', 'discoverWallets', 'fetchBalance', 'reconnect', 'send', 'signMessage', 'switchNetwork'].sort(),
    )
    // The methods only the chain answers are called directly, through portico.chains.
    expect(portico.chains.has('madeup', 'selectAccount')).toBe(true)
    expect(portico.chains.has('madeup', 'rpcRequest')).toBe(false)
    expect(portico.chains.has('other', 'waitForTransaction')).toBe(false)
    expect(await portico.chains.call('madeup', 'selectAccount', { namespace: 'madeup', connectorId: 'x', address: 'mu1a' })).toBe(true)
    expect(await portico.chains.call('madeup', 'waitForTransaction', { namespace: 'madeup', network: {} as never, hash: '0x1' })).toEqual({ status: 'confirmed' })
    expect(registered['addressValidators:madeup']).toBe(adapter.isAddress)
    expect(registered['explorers:madeup']).toBe(adapter.explorers)
    expect(registered).not.toHaveProperty('signInVerifiers:madeup')
    // The hooks answer with the adapter's methods.
    const signed = await portico.hooks.signMessage.for('madeup').promise({ namespace: 'madeup', connectorId: 'x', address: 'mu1a', caipNetworkId: 'madeup:1', message: 'hi' })
    expect(signed).toEqual({ signature: 'mu-signature' })
  })

  it("taps the chain's own token balances after the blockchain API (stage 20), and disposes the adapter", () => {
    const { portico } = context()
    let disposed = 0
    const dispose = registerChainAdapter(portico, { ...complete, fetchTokenBalances: async () => [], dispose: () => void (disposed += 1) })
    const taps = (portico.hooks.fetchTokenBalances.for('madeup') as unknown as { taps: { name: string; stage?: number }[] }).taps
    expect(taps).toEqual([expect.objectContaining({ name: 'madeup', stage: 20 })])
    dispose()
    expect(disposed).toBe(1)
  })
})

describe('ChainAdapterRegistry', () => {
  it("asks a namespace's adapters in the order they registered until one answers, and forgets a removed one", async () => {
    const chains = new ChainAdapterRegistry({ addressValidators: new AddressValidatorRegistry(), builtinWallets: new BuiltinWalletRegistry() })
    const asked: string[] = []
    const removeFirst = chains.register({ namespace: 'madeup', selectAccount: async () => void asked.push('first') })
    chains.register({ namespace: 'madeup', selectAccount: async () => (asked.push('second'), true) })
    chains.register({ namespace: 'madeup', selectAccount: async () => (asked.push('third'), true) })
    const request = { namespace: 'madeup', connectorId: 'x', address: 'mu1a' }
    expect(await chains.call('madeup', 'selectAccount', request)).toBe(true)
    expect(asked).toEqual(['first', 'second'])
    removeFirst()
    asked.length = 0
    await chains.call('madeup', 'selectAccount', request)
    expect(asked).toEqual(['second'])
    expect(await chains.call('madeup', 'rpcRequest', { namespace: 'madeup', network: {} as never, method: 'x' })).toBeUndefined()
  })

  it("keeps the namespace's SLIP-44 coin type from the first adapter that declares a valid one", () => {
    const chains = new ChainAdapterRegistry({ addressValidators: new AddressValidatorRegistry(), builtinWallets: new BuiltinWalletRegistry() })
    expect(chains.slip44('madeup')).toBeUndefined()
    chains.register({ namespace: 'madeup', slip44: -1 })
    chains.register({ namespace: 'madeup', slip44: 1.5 })
    expect(chains.slip44('madeup')).toBeUndefined()
    chains.register({ namespace: 'madeup', slip44: 9000 })
    chains.register({ namespace: 'madeup', slip44: 1 })
    expect(chains.slip44('madeup')).toBe(9000)
    expect(chains.slip44('other')).toBeUndefined()
  })
})
