// The Connect view's groups (rendered to HTML): a group of one row that its heading only repeats
// (WalletConnect over the WalletConnect row) shows the row alone; other groups keep their heading.
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, WalletConnector } from '../../kernel/kernel.js'
import { WalletGroup } from '../../ui/components/WalletGroup/WalletGroup.js'
import { PorticoProvider } from '../../ui/kit.js'
import { createTestPortico } from '../kernel/helpers/testKit.js'

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
