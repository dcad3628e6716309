import { reaction } from 'mobx'
import { hexToString, isHex } from 'viem'
import type { Eip155Window } from '../../../../plugins/eip155/index.js'
import { createDevWalletProvider, type DevWalletChain } from '../../../../sandbox/devWallet/createDevWalletProvider.js'
import { devAccount } from '../../../../sandbox/devnets/devAccounts.js'
import { walletStorage } from '../../eip155/helpers/setupDevWallet.js'

/**
 * Like tests/plugins/eip155/helpers/setupDevWallet.ts's page, but the real Portico Dev Wallet's
 * provider is wrapped so the test sees every message the wallet was asked to sign.
 */
export function recordingPage({ chains, storage = walletStorage() }: { chains: DevWalletChain[]; storage?: ReturnType<typeof walletStorage> }) {
  const target = new EventTarget() as Eip155Window
  const wallet = createDevWalletProvider({ account: devAccount(0), chains, storage })
  const signed: string[] = []
  const inner = wallet.provider
  const provider = Object.freeze({
    isPorticoDevWallet: true as const,
    async request(args: { method: string; params?: unknown }) {
      if (args.method === 'personal_sign' && Array.isArray(args.params) && typeof args.params[0] === 'string') {
        const raw = args.params[0]
        signed.push(isHex(raw) ? hexToString(raw) : raw)
      }
      return inner.request(args)
    },
    on: (event: string, fn: (...a: unknown[]) => void) => (inner.on(event, fn), provider),
    once: (event: string, fn: (...a: unknown[]) => void) => (inner.once(event, fn), provider),
    removeListener: (event: string, fn: (...a: unknown[]) => void) => (inner.removeListener(event, fn), provider),
    off: (event: string, fn: (...a: unknown[]) => void) => (inner.off(event, fn), provider),
  })
  const info = Object.freeze({ uuid: '7d1a1b0e-0000-4000-8000-000000000001', name: 'Portico Dev Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'dev.portico.wallet' })
  target.addEventListener('eip6963:requestProvider', () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) })))
  return { target, wallet, storage, signed }
}

/** Polls until `predicate` holds (every 10 ms, at most `timeoutMs`). */
export async function waitFor(predicate: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now()
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/**
 * Runs `act` and waits until the sign-in check it set off has finished (the store's status went to
 * `checking` and back to `idle`). A prompt comes only from a check, so after this none is on its way.
 */
export async function afterCheck<T>(store: { status: string }, act: () => Promise<T> | T, timeoutMs = 5_000): Promise<T> {
  let started = false
  const stop = reaction(() => store.status, (status) => {
    if (status === 'checking') started = true
  })
  try {
    const result = await act()
    await waitFor(() => started && store.status === 'idle', `the sign-in check to finish (status ${store.status})`, timeoutMs)
    return result
  } finally {
    stop()
  }
}
