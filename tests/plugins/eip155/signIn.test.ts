import '../../helpers/eip155Loaded.js'
import { readFileSync } from 'node:fs'
import { serializeErc6492Signature } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { createEip155SignInVerifier } from '../../../plugins/eip155/signIn/createEip155SignInVerifier.js'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { setupContractWallets } from '../siwx/helpers/contractWallets.js'

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

describe('eip155 sign-in verifier', () => {
  const verifier = createEip155SignInVerifier()

  it('is registered by eip155() with the EIP-4361 label', async () => {
    const portico = createPorticoKernel({ networks: [network], plugins: [eip155({}, { window: null })], storage: null, endpoints: { api: 'http://127.0.0.1:9' }, enableReconnect: false })
    expect(portico.signInVerifiers.get('eip155')?.label).toBe('Ethereum')
    await portico.destroy()
  })

  it('an EOA: its own signature is valid, another key\'s is not (no RPC needed)', async () => {
    const offline = defineNetwork({ id: 31337, name: 'offline', rpcUrls: [] })
    expect(await verifier.verify({ message, signature: await alice.signMessage({ message }), address: alice.address, network: offline })).toBe(true)
    expect(await verifier.verify({ message, signature: await bob.signMessage({ message }), address: alice.address, network: offline })).toBe(false)
    expect(await verifier.verify({ message: message + '!', signature: await alice.signMessage({ message }), address: alice.address, network })).toBe(false)
  })

  it('an EIP-1271 contract wallet deployed on anvil, through the chain', async () => {
    const contract = await wallets.deployWallet(alice.address, 'verifier-1271')
    expect(await verifier.verify({ message, signature: await alice.signMessage({ message }), address: contract, network })).toBe(true)
    expect(await verifier.verify({ message, signature: await bob.signMessage({ message }), address: contract, network })).toBe(false)
  })

  it('an EIP-6492 signature of an undeployed contract wallet', async () => {
    const { address, factoryData } = await wallets.counterfactual(alice.address, 'verifier-6492')
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
    const source = readFileSync(new URL('../../../plugins/eip155/signIn/createEip155SignInVerifier.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^import .* from 'viem/m)
    expect(source).toContain("await import('./viemSignIn.js')")
  })
})
