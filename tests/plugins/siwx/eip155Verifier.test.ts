import '../../helpers/siwxLoaded.js'
import { readFileSync } from 'node:fs'
import { serializeErc6492Signature } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, definePlugin, type SignInVerifier } from '../../../kernel/kernel.js'
import { defineNetwork } from '../../../plugins/eip155/index.js'
import { siwx } from '../../../plugins/siwx/index.js'
import { createEip155SignInVerifier } from '../../../plugins/siwx/verifiers/createEip155SignInVerifier.js'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { newWallet, testChain } from '../../kernel/helpers/testKit.js'
import { setupContractWallets } from './helpers/contractWallets.js'

const alice = devAccount(0)
const bob = devAccount(1)
const message = 'example.com wants you to sign in with your Ethereum account:\n…'
let anvil: Anvil
let network: ReturnType<typeof defineNetwork>
let wallets: Awaited<ReturnType<typeof setupContractWallets>>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  network = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvil.rpcUrl] })
  wallets = await setupContractWallets(anvil.rpcUrl, 31337)
})
afterAll(async () => {
  await anvil?.stop()
})

// A chain plugin that registers no verifier of its own, so the one in use is siwx's.
const make = (plugins: Parameters<typeof createPorticoKernel>[0]['plugins']) =>
  createPorticoKernel({ networks: [network], plugins: [testChain('eip155', newWallet()), ...(plugins ?? [])], storage: null, endpoints: { api: 'http://127.0.0.1:9' }, enableReconnect: false })

describe('siwx: the built-in eip155 sign-in verifier', () => {
  const verifier = createEip155SignInVerifier()

  it('siwx() registers it with the EIP-4361 label when no plugin registered one', async () => {
    const portico = make([siwx({ domain: 'example.com', uri: 'https://example.com/' })])
    expect(portico.signInVerifiers.get('eip155')?.label).toBe('Ethereum')
    expect(await portico.signInVerifiers.get('eip155')!.verify({ message, signature: await alice.signMessage({ message }), address: alice.address, network })).toBe(true)
    await portico.destroy()
  })

  it("a plugin's own eip155 verifier wins, whether it is set up before or after siwx()", async () => {
    const own: SignInVerifier = { label: 'Ethereum', verify: async () => true }
    const registersOwn = () => definePlugin({ name: 'own-verifier', kind: 'feature', version: '0.0.0', meta: { description: 'Registers its own eip155 verifier.' }, setup: (p) => p.signInVerifiers.register('eip155', own) })
    for (const plugins of [[registersOwn(), siwx({ domain: 'example.com' })], [siwx({ domain: 'example.com' }), registersOwn()]]) {
      const portico = make(plugins)
      expect(portico.signInVerifiers.get('eip155')).toBe(own)
      await portico.destroy()
    }
  })

  it('an EOA: its own signature is valid, another key\'s is not (no RPC needed)', async () => {
    const offline = defineNetwork({ id: 31337, name: 'offline', rpcUrls: [] })
    expect(await verifier.verify({ message, signature: await alice.signMessage({ message }), address: alice.address, network: offline })).toBe(true)
    expect(await verifier.verify({ message, signature: await bob.signMessage({ message }), address: alice.address, network: offline })).toBe(false)
    expect(await verifier.verify({ message: message + '!', signature: await alice.signMessage({ message }), address: alice.address, network })).toBe(false)
  })

  it('an EIP-1271 contract wallet deployed on anvil, through the chain (also over several RPC URLs)', async () => {
    const contract = await wallets.deployWallet(alice.address, 'siwx-verifier-1271')
    expect(await verifier.verify({ message, signature: await alice.signMessage({ message }), address: contract, network })).toBe(true)
    expect(await verifier.verify({ message, signature: await bob.signMessage({ message }), address: contract, network })).toBe(false)
    const twoUrls = defineNetwork({ id: 31337, name: 'two RPCs', rpcUrls: ['http://127.0.0.1:9', anvil.rpcUrl] })
    expect(await verifier.verify({ message, signature: await alice.signMessage({ message }), address: contract, network: twoUrls })).toBe(true)
  })

  it('an EIP-6492 signature of an undeployed contract wallet', async () => {
    const { address, factoryData } = await wallets.counterfactual(alice.address, 'siwx-verifier-6492')
    const signature = serializeErc6492Signature({ address: wallets.factoryAddress, data: factoryData, signature: await alice.signMessage({ message }) })
    expect(await verifier.verify({ message, signature, address, network })).toBe(true)
    const forged = serializeErc6492Signature({ address: wallets.factoryAddress, data: factoryData, signature: await bob.signMessage({ message }) })
    expect(await verifier.verify({ message, signature: forged, address, network })).toBe(false)
  })

  it('hostile input is simply not valid', async () => {
    for (const signature of ['', '0x', 'zz', '0x123', '0x' + '00'.repeat(65), 42 as never]) {
      expect(await verifier.verify({ message, signature, address: alice.address, network }), String(signature)).toBe(false)
    }
    expect(await verifier.verify({ message, signature: await alice.signMessage({ message }), address: 'not an address', network })).toBe(false)
  })

  it('viem loads lazily: the verifier module imports none of it at the top', () => {
    const source = readFileSync(new URL('../../../plugins/siwx/verifiers/createEip155SignInVerifier.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^import .* from 'viem/m)
    expect(source).toContain("await import('./verifyEip155Message.js')")
  })
})
