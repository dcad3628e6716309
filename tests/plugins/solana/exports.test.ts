import { describe, expect, it, vi } from 'vitest'
import * as solanaEntry from '../../../plugins/solana/index.js'

describe('portico/solana', () => {
  it('pins its export names', () => {
    expect(Object.keys(solanaEntry).sort()).toEqual([
      'defineSolanaNetwork',
      'solana',
      'solanaDevnet',
      'solanaLocalnet',
      'solanaMainnet',
      'solanaTestnet',
    ])
  })

  it('is a plain factory with the WalletConnect namespace and the CAIP-2 network ids', async () => {
    // Its meta loads with its code, not with the page: seen in a fresh module graph, since another
    // file of this worker may have loaded the plugin's code already (its one \`import()\` is shared).
    vi.resetModules()
    const fresh = (await import('../../../plugins/solana/index.js')) as typeof solanaEntry
    const plugin = fresh.solana()
    expect(plugin).toMatchObject({ name: 'solana', kind: 'chain', namespace: 'solana' })
    expect(plugin.meta).toBeUndefined()
    await plugin.load?.()
    expect(plugin.meta?.walletConnect).toEqual({ methods: ['solana_signTransaction', 'solana_signMessage', 'solana_signAndSendTransaction', 'solana_signAllTransactions'], events: [] })
    expect([solanaEntry.solanaMainnet, solanaEntry.solanaDevnet, solanaEntry.solanaTestnet, solanaEntry.solanaLocalnet].map((n) => n.caipNetworkId)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      'solana:AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP',
    ])
  })
})
