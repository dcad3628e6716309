// A site owner's page in the browser test: the kernel and the solana plugin, no UI.
import { createPorticoKernel, loadPlugins } from '../../../../kernel/kernel.js'
import { defineSolanaNetwork, solana } from '../../../../plugins/solana/index.js'

const reference = 'AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP'
const network = defineSolanaNetwork({
  reference,
  name: 'Portico Solana Localnet',
  rpcUrls: [`${location.origin}/v1/?chainId=${encodeURIComponent(`solana:${reference}`)}&projectId=demo`],
})
// The plugin's code loads before the kernel is made, as `createPortico(…).load()` does it.
const plugins = [solana()]
await loadPlugins(plugins)
const portico = createPorticoKernel({ projectId: 'demo', networks: [network], plugins, endpoints: { api: location.origin } })
;(window as unknown as { __portico: typeof portico }).__portico = portico
