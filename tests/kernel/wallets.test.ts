import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hookCatalogue, normalizeWalletName, type WalletConnector } from '../../kernel/kernel.js'
import { ConnectionStore } from '../../kernel/stores/ConnectionStore.js'
import { WalletStore } from '../../kernel/stores/WalletStore.js'

const wallet = (partial: Partial<WalletConnector>): WalletConnector => ({ id: 'x', name: 'X', namespace: 'eip155', type: 'ANNOUNCED', ...partial })

describe('discovered wallets (spec §4)', () => {
  it('a wallet is listed once per namespace: by rdns, by id, or by normalised name', () => {
    const store = new WalletStore()
    store.addConnectors([
      wallet({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', rdns: 'dev.portico.wallet' }),
      wallet({ id: 'dev.portico.wallet', name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' }),
      wallet({ id: 'trust', name: 'Trust Wallet' }),
      wallet({ id: 'trust-2', name: 'trust' }),
      wallet({ id: 'trust', name: 'Trust Wallet' }),
    ])
    expect(store.connectors.map((c) => `${c.id}:${c.type}`)).toEqual(['dev.portico.wallet:ANNOUNCED', 'trust:ANNOUNCED'])
  })

  it('same-name wallets of different namespaces merge into one MULTI_CHAIN entry; auth ones stay AUTH', () => {
    const store = new WalletStore()
    store.addConnectors([
      wallet({ id: 'phantom-evm', name: 'Phantom' }),
      wallet({ id: 'phantom-sol', name: 'Phantom', namespace: 'solana' }),
      wallet({ id: 'AUTH', name: 'Auth', type: 'AUTH' }),
      wallet({ id: 'AUTH', name: 'Auth', type: 'AUTH', namespace: 'solana' }),
      wallet({ id: 'solo', name: 'Solo' }),
      wallet({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' }),
      wallet({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'solana' }),
    ])
    const merged = store.merged
    expect(merged.map((c) => `${c.name}:${c.type}:${c.connectors?.length ?? 1}`)).toEqual(['Phantom:MULTI_CHAIN:2', 'Auth:AUTH:2', 'Solo:ANNOUNCED:1', 'WalletConnect:WALLET_CONNECT:2'])
    expect(store.hasInjected).toBe(true)
  })

  it('hostile connector entries are ignored', () => {
    const store = new WalletStore()
    store.addConnectors([null as never, { id: 5, name: 'x' } as never, wallet({ id: 'ok', name: 'OK' })])
    expect(store.connectors.map((c) => c.id)).toEqual(['ok'])
  })

  it('normalises names: case, spacing, a trailing "wallet"', () => {
    expect(normalizeWalletName('  Trust   Wallet ')).toBe('trust')
    expect(normalizeWalletName('MetaMask')).toBe('metamask')
  })
})

describe('recent wallets', () => {
  it('keeps at most 2; a known one is not moved to the front', () => {
    const store = new WalletStore()
    store.addRecent({ id: 'a', name: 'A' })
    store.addRecent({ id: 'b', name: 'B' })
    store.addRecent({ id: 'a', name: 'A' })
    expect(store.recent.map((w) => w.id)).toEqual(['b', 'a'])
    store.addRecent({ id: 'c', name: 'C' })
    expect(store.recent.map((w) => w.id)).toEqual(['c', 'b'])
  })
})

describe('connector status (spec §4)', () => {
  it('connected when active in the active namespace, active when live elsewhere, else disconnected', () => {
    const store = new ConnectionStore(['eip155', 'solana'])
    store.setConnected('solana', { connectorId: 'phantom', accounts: [{ address: 'x'.repeat(32) }], caipNetworkId: 'solana:localnet' })
    expect(store.connectorStatus('phantom', 'solana', 'solana')).toBe('connected')
    expect(store.connectorStatus('phantom', 'solana', 'eip155')).toBe('active')
    expect(store.connectorStatus('other', 'solana', 'solana')).toBe('disconnected')
    store.reset('solana')
    expect(store.connectorStatus('phantom', 'solana', 'solana')).toBe('disconnected')
  })
})

describe('generated hook reference', () => {
  it('docs/kernel/hooks.md lists every hook', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/kernel/hooks.md'), 'utf8')
    for (const name of Object.keys(hookCatalogue)) expect(page).toContain(`### ${name}`)
  })
})
