// The Account view's rules that come from the chain plugin serving the namespace (rendered to
// HTML): the NFTs tab only where the plugin declares the `nfts` capability, and the Explorer link
// as the plugin's explorers build it (docs/design.md, issue 52).
import '../helpers/bip122Loaded.js'
import '../helpers/cosmosLoaded.js'
import '../helpers/eip155Loaded.js'
import '../helpers/solanaLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Capability, type Portico } from '../../kernel/kernel.js'
import { bip122 } from '../../plugins/bip122/index.js'
import { cosmos, defineCosmosNetwork } from '../../plugins/cosmos/index.js'
import { eip155 } from '../../plugins/eip155/index.js'
import { solana } from '../../plugins/solana/index.js'
import { PorticoProvider } from '../../ui/kit.js'
import { chainHasCapability } from '../../ui/utils/chainHasCapability.js'
import { AccountView } from '../../ui/views/Account/AccountView.js'
import { registerUiViews } from '../../ui/views/registerUiViews.js'
import { createTestPortico, evmA, evmB, memoryStorage, newWallet, testChain } from '../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const explorerEvmA = { ...evmA, blockExplorers: { default: { name: 'Chainscan', url: 'https://chainscan.example' } } }

async function account(capabilities: readonly Capability[]) {
  const chain = testChain('eip155', newWallet())
  ;(chain.meta as { capabilities: readonly Capability[] }).capabilities = capabilities
  const { portico } = createTestPortico({ plugins: [chain], networks: [explorerEvmA, evmB] })
  instances.push(portico)
  registerUiViews(portico.views)
  await portico.ready()
  await portico.discoverWallets('eip155')
  await portico.connect({ connectorId: 'eip155.wallet' })
  return { portico, render: () => renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>) }
}

const tabNames = (html: string) => [...html.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((m) => m[1])

describe("Account view: tabs from the chain plugin's capabilities", () => {
  it('shows NFTs only where the chain plugin declares `nfts`', async () => {
    expect(tabNames((await account(['connect', 'balance', 'nfts'])).render())).toContain('NFTs')
    const without = tabNames((await account(['connect', 'balance'])).render())
    expect(without).toContain('Tokens')
    expect(without).not.toContain('NFTs')
  })

  it('Bitcoin and Cosmos declare no NFTs; EVM and Solana do', () => {
    const plugins = { plugins: [bip122(), cosmos(), eip155(), solana()] }
    expect(chainHasCapability(plugins, 'bip122', 'nfts')).toBe(false)
    expect(chainHasCapability(plugins, 'cosmos', 'nfts')).toBe(false)
    expect(chainHasCapability(plugins, 'eip155', 'nfts')).toBe(true)
    expect(chainHasCapability(plugins, 'solana', 'nfts')).toBe(true)
    // A namespace with no chain plugin meta to say otherwise keeps the tab.
    expect(chainHasCapability(plugins, 'sui', 'nfts')).toBe(true)
  })
})

describe('Account view: the Explorer link', () => {
  it("is the chain plugin's address link on the network's explorer", async () => {
    const { portico, render } = await account(['connect'])
    portico.explorers.register('eip155', { address: (network, address) => `${network.blockExplorers?.default.url}/account/${address}?from=plugin`, transaction: () => undefined })
    expect(render()).toContain(`href="https://chainscan.example/account/${portico.getAccount().address}?from=plugin"`)
  })

  it('Cosmos: its adapter builds the address link from the network explorer', () => {
    const network = defineCosmosNetwork({ chainId: 'portico-local-1', bech32Prefix: 'portico', denom: 'uptc', coinType: 118, gasPrice: 0.025, name: 'Cosmos Local', restUrls: ['http://127.0.0.1:1'], rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'P', symbol: 'PTC', decimals: 6 }, blockExplorer: { name: 'Sandbox', url: 'https://explorer.example/cosmos:portico-local-1' } })
    const portico = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [cosmos()], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    instances.push(portico)
    expect(portico.explorers.addressUrl(network, 'portico1abc')).toBe('https://explorer.example/cosmos:portico-local-1/address/portico1abc')
  })
})
