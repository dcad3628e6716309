// The Connect view's groups (rendered to HTML): a group of one row that its heading only repeats
// (WalletConnect over the WalletConnect row) shows the row alone; other groups keep their heading.
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, WalletConnector } from '../../kernel/kernel.js'
import { WalletGroup } from '../../ui/components/WalletGroup/WalletGroup.js'
import { PorticoProvider } from '../../ui/kit.js'
import { createTestPortico, network, newWallet, testChain } from '../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const connector = (id: string, name: string, type: WalletConnector['type']): WalletConnector => ({ id, name, namespace: 'eip155', type }) as WalletConnector

function render(group: Parameters<typeof WalletGroup>[0]['group']) {
  const { portico } = createTestPortico()
  instances.push(portico)
  return renderToString(<PorticoProvider portico={portico}><WalletGroup group={group} /></PorticoProvider>)
}

describe('WalletGroup', () => {
  it('WalletConnect alone: its row without a "WalletConnect" heading over it', () => {
    const html = render({ id: 'walletConnect', items: [{ key: 'c:wc', name: 'WalletConnect', connector: connector('walletConnect', 'WalletConnect', 'WALLET_CONNECT') }] })
    expect(html).not.toContain('<h3')
    expect(html).toContain('aria-label="WalletConnect"')
    expect(html).toContain('>WalletConnect<')
  })

  it('a group of wallets keeps its heading, even with one row', () => {
    const html = render({ id: 'injected', items: [{ key: 'c:one', name: 'Wallet One', connector: connector('one', 'Wallet One', 'ANNOUNCED') }] })
    expect(html).toMatch(/<h3[^>]*>Installed<\/h3>/)
  })
})

describe("a multi-chain wallet's chain chips", () => {
  const namespaces = ['eip155', 'solana', 'bip122', 'sui', 'stacks', 'cosmos', 'polkadot'] as const
  function chips(count: number) {
    const { portico } = createTestPortico({ networks: namespaces.map((namespace) => network(namespace, 'one', `${namespace} net`)), plugins: namespaces.map((namespace) => testChain(namespace, newWallet())) })
    instances.push(portico)
    const members = namespaces.slice(0, count).map((namespace) => ({ ...connector(`ledger.${namespace}`, 'Ledger', 'ANNOUNCED'), namespace }) as WalletConnector)
    const ledger = { ...connector('ledger', 'Ledger', 'ANNOUNCED'), connectors: members } as WalletConnector
    const html = renderToString(<PorticoProvider portico={portico}><WalletGroup group={{ id: 'injected', items: [{ key: 'c:ledger', name: 'Ledger', connector: ledger }] }} /></PorticoProvider>)
    const group = /<span role="group" class="([^"]+)"[^>]*>(.*?)<\/span><\/li>/.exec(html)
    return { className: group?.[1] ?? '', buttons: [...(group?.[2] ?? '').matchAll(/<button[^>]*title="([^"]+)"[^>]*>.*?<span( class="portico-visually-hidden")?>([^<]+)<\/span><\/button>/g)].map((m) => ({ title: m[1], hidden: Boolean(m[2]), name: m[3] })) }
  }

  it('up to four chains: each chip shows its name', () => {
    const { className, buttons } = chips(4)
    expect(className).toBe('portico-wallet-group__chains')
    expect(buttons.map((b) => [b.title, b.hidden, b.name])).toEqual(namespaces.slice(0, 4).map((ns) => [`${ns} net`, false, `${ns} net`]))
  })

  it("seven (a Ledger's): icons only on one row, each name in the chip's title and to screen readers", () => {
    const { className, buttons } = chips(7)
    expect(className).toBe('portico-wallet-group__chains portico-wallet-group__chains--icons')
    expect(buttons).toHaveLength(7)
    expect(buttons.every((b) => b.hidden && b.title === b.name)).toBe(true)
  })
})
