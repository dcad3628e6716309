// A site page for the sign view test: the kernel, the eip155 plugin with the real Portico Dev
// Wallet (its personal_sign held until the test releases it), siwx with defaults, and the UI.
import { createRoot } from 'react-dom/client'
import { privateKeyToAccount } from 'viem/accounts'
import { createPortico } from '../../../../kernel/kernel.js'
import { defineNetwork, eip155, type Eip155Window } from '../../../../plugins/eip155/index.js'
import { siwx, type SiwxStore } from '../../../../plugins/siwx/index.js'
import { createDevWalletProvider } from '../../../../sandbox/devWallet/createDevWalletProvider.js'
import { ConnectButton, PorticoProvider } from '../../../../ui/kit.js'

type TestWindow = Window & { siwxTest?: unknown }
const params = new URLSearchParams(location.search)
const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
// Anvil's first dev key (public test key); nothing here talks to a chain.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
// `?storage=local`: a returning visitor's page (the wallet's, Portico's and siwx's state in localStorage).
const keep = params.get('storage') === 'local'
const wallet = createDevWalletProvider({ account, chains: [{ chainId: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: currency }], ...(keep ? { storage: localStorage } : {}) })
let release: () => void = () => {}
const signed: string[] = []
const provider = {
  isPorticoDevWallet: true as const,
  async request(args: { method: string; params?: unknown }) {
    if (args.method === 'personal_sign') {
      signed.push(String((args.params as unknown[])[0]))
      await new Promise<void>((resolve) => {
        release = resolve
      })
    }
    return wallet.provider.request(args)
  },
  on: (e: string, fn: (...a: unknown[]) => void) => (wallet.provider.on(e, fn), provider),
  removeListener: (e: string, fn: (...a: unknown[]) => void) => (wallet.provider.removeListener(e, fn), provider),
}
const target = new EventTarget() as Eip155Window
const info = { uuid: '7d1a1b0e-0000-4000-8000-000000000002', name: 'Portico Dev Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'dev.portico.wallet' }
target.addEventListener('eip6963:requestProvider', () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } })))

const portico = createPortico({
  projectId: 'test',
  metadata: { name: 'Siwx Test Site', description: 'The sign view test page.', url: location.origin, icons: [] },
  networks: [defineNetwork({ id: 31337, name: 'Devnet A', rpcUrls: ['http://127.0.0.1:9'] })],
  plugins: [eip155({}, { window: target }), siwx({ required: params.get('required') !== '0', statement: 'Sign in to the test page.' })],
  storage: keep ? localStorage : null,
  endpoints: { api: location.origin },
})
;(window as TestWindow).siwxTest = {
  connect: () => portico.connect({ connectorId: 'dev.portico.wallet' }),
  release: () => release(),
  reject: () => wallet.control.setMode('reject'),
  approve: () => wallet.control.setMode('approve'),
  signed,
  kernelLoaded: () => portico.kernel !== undefined,
  // Settles once the start-time duties have decided (and, when they load the kernel, once it restored).
  ready: () => portico.ready().then(() => undefined),
  isSigned: () => portico.kernel?.getStore<SiwxStore>('siwx')?.isSigned('eip155:31337', account.address) ?? false,
  state: () => ({ ...portico.getState(), status: portico.kernel?.getStore<SiwxStore>('siwx')?.status, shakes: portico.kernel?.stores.modal.shakeCount }),
}
createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
)
