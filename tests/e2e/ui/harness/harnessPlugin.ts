import { definePlugin, type CaipNetworkId, type Network } from '../../../../kernel/kernel.js'
import { eip155Wallets } from '../../../../wallets/byNamespace/eip155Wallets.js'

/** What the in-page fake wallet does on its next request. */
export type WalletStep = 'approve' | 'reject' | 'fail' | 'hold'

/** The in-page fake wallet the harness plugin talks to (the UI is the unit under test). */
export type HarnessWallet = {
  address: string
  chain: CaipNetworkId
  /** Next answers for connect and switch requests, consumed in order; empty = approve. */
  script: WalletStep[]
  calls: string[]
  /** Resolves a request held by a 'hold' step. */
  release(): void
}

export const harnessAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const icon =
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#3352ff"/><path d="M12 28V12h9a6 6 0 0 1 0 12h-5v4z" fill="#fff"/></svg>')

export type HarnessWalletInternal = HarnessWallet & { gate(what: string): Promise<void> }

export function createHarnessWallet(): HarnessWalletInternal {
  let held: (() => void) | undefined
  const wallet: HarnessWallet = {
    address: harnessAddress,
    chain: 'eip155:31337',
    script: [],
    calls: [],
    release() {
      held?.()
      held = undefined
    },
  }
  return Object.assign(wallet, {
    async gate(what: string): Promise<void> {
      wallet.calls.push(what)
      const step = wallet.script.shift() ?? 'approve'
      if (step === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      if (step === 'fail') throw Object.assign(new Error('Wallet is locked'), { code: -32002 })
      if (step === 'hold') await new Promise<void>((resolve) => (held = resolve))
    },
  })
}

/** A chain plugin for the UI harness: one announced wallet, "Portico Dev Wallet", in memory (none installed when `installed` is false). */
export function harnessChain(wallet: HarnessWalletInternal, { installed = true }: { installed?: boolean } = {}) {
  const gate = (what: string) => wallet.gate(what)
  return definePlugin({
    name: 'harness',
    kind: 'chain',
    namespace: 'eip155',
    version: '0.0.0',
    meta: { description: 'In-page fake wallet for the UI harness.', capabilities: ['connect', 'balance', 'nfts'] },
    setup(portico) {
      // As the eip155 plugin's adapter does: the address rule and the namespace's built-in wallets (the Connect view's fallback, Get Wallet).
      portico.chains.register({ namespace: 'eip155', isAddress: (address) => /^0x[0-9a-fA-F]{40}$/.test(address), builtinWallets: eip155Wallets })
      portico.hooks.discoverWallets.for('eip155').tapPromise('harness', async (context) => {
        wallet.calls.push('discover')
        if (installed) context.add({ id: 'dev.portico.wallet', name: 'Portico Dev Wallet', namespace: 'eip155', type: 'ANNOUNCED', imageUrl: icon, rdns: 'dev.portico.wallet' })
      })
      portico.hooks.connect.for('eip155').tapPromise('harness', async (request) => {
        await gate('connect')
        return { connectorId: request.connectorId, accounts: [{ address: wallet.address }], caipNetworkId: wallet.chain }
      })
      portico.hooks.reconnect.for('eip155').tapPromise('harness', async (request) => {
        wallet.calls.push('reconnect')
        await new Promise((resolve) => setTimeout(resolve, 300))
        return { connectorId: request.connectorId, accounts: [{ address: wallet.address }], caipNetworkId: wallet.chain }
      })
      portico.hooks.disconnect.for('eip155').tapPromise('harness', async () => {
        wallet.calls.push('disconnect')
      })
      portico.hooks.switchNetwork.for('eip155').tapPromise('harness', async (request: { network: Network }) => {
        await gate('switch')
        wallet.chain = request.network.caipNetworkId
        return { caipNetworkId: request.network.caipNetworkId }
      })
      portico.hooks.fetchBalance.for('eip155').tapPromise('harness', async () => {
        wallet.calls.push('balance')
        return { balance: '10000.123456', symbol: 'ETH' }
      })
    },
  })
}
