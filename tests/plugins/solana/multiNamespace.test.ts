import '../../helpers/eip155Loaded.js'
import '../../helpers/solanaLoaded.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { defineSolanaNetwork, solana, solanaLocalnet } from '../../../plugins/solana/index.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { devSolanaAddress } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc, type SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { pageWithDevWallet } from '../eip155/helpers/setupDevWallet.js'
import { registerDevWallet } from './helpers/solanaPage.js'

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let anvil: Anvil
let rpc: SolanaRpc

beforeAll(async () => {
  ;[anvil, rpc] = await Promise.all([startAnvil({ chainId: 31337 }), startSolanaRpc()])
  await fundSolanaDevAccounts(rpc)
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), rpc?.stop()])
})

describe('eip155 and solana in one Portico instance', () => {
  it('connects both, keeps both, and switches the active namespace', async () => {
    const devnet = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvil.rpcUrl] })
    const localnet = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Portico Solana Localnet', rpcUrls: [rpc.rpcUrl] })
    const page = pageWithDevWallet({ chains: [{ chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] })
    const dev = registerDevWallet({ rpcUrl: rpc.rpcUrl })
    const storage = memoryStorage()
    const portico = createPorticoKernel({ projectId: 'test', networks: [devnet, localnet], plugins: [eip155({}, { window: page.target }), solana()], storage, endpoints: { api: 'http://127.0.0.1:9' } })
    try {
      // One wallet name in two namespaces is one multi-chain entry.
      const wallets = await portico.discoverWallets()
      const merged = wallets.find((w) => w.name === 'Portico Dev Wallet')
      expect(merged?.type).toBe('MULTI_CHAIN')
      expect(merged?.connectors?.map((c) => `${c.namespace}:${c.id}`).sort()).toEqual(['eip155:dev.portico.wallet', 'solana:Portico Dev Wallet'])

      await portico.connect({ connectorId: 'dev.portico.wallet', namespace: 'eip155' })
      expect(portico.getState().activeNamespace).toBe('eip155')
      // Choosing the Solana network while only EVM is connected asks to switch the active chain.
      portico.selectNetwork(localnet)
      expect(portico.stores.router.view).toBe('SwitchActiveChain')

      await portico.connect({ connectorId: 'Portico Dev Wallet', namespace: 'solana' })
      await portico.switchNetwork(localnet)
      expect(portico.getState().activeNamespace).toBe('solana')
      expect(portico.getState().connections).toMatchObject({
        eip155: { status: 'connected', address: evmAddress },
        solana: { status: 'connected', address: devSolanaAddress },
      })
      expect((await portico.fetchBalance('solana'))?.symbol).toBe('SOL')
      expect((await portico.fetchBalance('eip155'))?.symbol).toBe('ETH')
      await portico.switchNetwork(devnet)
      expect(portico.getState().activeNamespace).toBe('eip155')

      // Both come back on the next load.
      const next = createPorticoKernel({ projectId: 'test', networks: [devnet, localnet], plugins: [eip155({}, { window: page.target }), solana()], storage, endpoints: { api: 'http://127.0.0.1:9' } })
      await next.ready()
      expect(next.getState().connections).toMatchObject({ eip155: { status: 'connected' }, solana: { status: 'connected', address: devSolanaAddress } })
      await next.destroy()

      // Ending one leaves the other.
      await portico.disconnect('solana')
      expect(portico.getState().connections).toMatchObject({ eip155: { status: 'connected' }, solana: { status: 'disconnected' } })
    } finally {
      await portico.destroy()
      dev.unregister()
    }
  })
})
