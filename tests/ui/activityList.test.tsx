// The Activity tab's rows (rendered to HTML): a mint reads "Minted", not "Received … from
// 0x0000…0000"; an NFT's name is never cut without its whole text in the title (docs/design.md, issue 52).
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, Transaction, TransactionTransfer } from '../../kernel/kernel.js'
import { ActivityList } from '../../ui/components/ActivityList/ActivityList.js'
import { NftGrid } from '../../ui/components/NftGrid/NftGrid.js'
import { PorticoProvider } from '../../ui/kit.js'
import { activityKind } from '../../ui/utils/activityKind.js'
import { addressA, addressB, createTestPortico } from '../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const zero = '0x0000000000000000000000000000000000000000'
const longName = 'Portico Pioneers — founding member badge number 1,024 of the first season'

function tx(transfer: TransactionTransfer, operationType = 'send'): Transaction {
  return {
    id: `t-${Math.random()}`,
    metadata: { operationType, hash: `0x${'ab'.repeat(32)}`, chain: 'eip155:1', minedAt: '2026-01-01T00:00:00Z', sentFrom: addressB, sentTo: addressA, status: 'confirmed', nonce: 1 },
    transfers: [transfer],
  }
}
const nftIn = (sender: string): TransactionTransfer => ({ direction: 'in', quantity: { numeric: '1' }, sender, recipient: addressA, nft_info: { name: longName, flags: { is_spam: false } } })

function render(transactions: Transaction[]) {
  const { portico } = createTestPortico()
  instances.push(portico)
  return renderToString(<PorticoProvider portico={portico}><ActivityList transactions={transactions} now={Date.parse('2026-01-02T00:00:00Z')} /></PorticoProvider>)
}

describe('activityKind', () => {
  it('a transfer in from the zero address, or a mint operation, is a mint; the rest keep their direction', () => {
    expect(activityKind(tx(nftIn(zero)), nftIn(zero))).toBe('minted')
    expect(activityKind(tx(nftIn(zero.toUpperCase().replace('0X', '0x'))), nftIn(zero.toUpperCase().replace('0X', '0x')))).toBe('minted')
    const received = nftIn(addressB)
    expect(activityKind(tx(received), received)).toBe('in')
    expect(activityKind(tx(received, 'mint'), received)).toBe('minted')
    const sent: TransactionTransfer = { direction: 'out', quantity: { numeric: '1' }, recipient: zero }
    expect(activityKind(tx(sent), sent)).toBe('out')
    expect(activityKind(tx(sent), undefined)).toBe('self')
  })
})

describe('ActivityList', () => {
  it('reads a mint as "Minted", with no "from 0x0000…0000"', () => {
    const html = render([tx(nftIn(zero))])
    expect(html).toContain('>Minted<')
    expect(html).not.toContain('Received')
    expect(html).not.toContain('0x0000…0000')
  })

  it('keeps "Received … from" for a transfer from another account', () => {
    const html = render([tx(nftIn(addressB))])
    expect(html).toContain('>Received<')
    expect(html).toContain('from 0x7099…79C8')
  })

  it("gives an NFT's name its whole text as the title, in the activity and the NFT grid", () => {
    expect(render([tx(nftIn(addressB))])).toContain(`title="${longName}"`)
    const grid = renderToString(<NftGrid nfts={[{ chainId: 'eip155:1', contract: `eip155:1:${addressB}`, tokenId: '1', name: longName, collection: { name: 'Pioneers', symbol: 'PIO' } }]} />)
    expect(grid).toContain(`title="${longName}"`)
  })
})
