// ProfileWallets (rendered to HTML): the namespace's wallets with the active one marked, Switch and
// Disconnect on the others, Add wallet; the buttons' actions run through the kernel as they do.
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico } from '../../kernel/kernel.js'
import { PorticoProvider, useConnections } from '../../ui/kit.js'
import { AccountView } from '../../ui/views/Account/AccountView.js'
import { ProfileWalletsView } from '../../ui/views/ProfileWallets/ProfileWalletsView.js'
import { registerUiViews } from '../../ui/views/registerUiViews.js'
import { showsWalletsRow } from '../../ui/utils/showsWalletsRow.js'
import { addressA, addressB } from '../kernel/helpers/testKit.js'
import { setupTwoWallets } from '../kernel/helpers/twoWallets.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

async function both(multiWallet: boolean) {
  const { portico } = setupTwoWallets({ multiWallet })
  instances.push(portico)
  registerUiViews(portico.views)
  await portico.ready()
  await portico.discoverWallets('eip155')
  await portico.connect({ connectorId: 'one' })
  await portico.connect({ connectorId: 'two' })
  const render = (node: ReactElement) => renderToString(<PorticoProvider portico={portico}>{node}</PorticoProvider>)
  return { portico, render }
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

describe('ProfileWallets view', () => {
  it('multi-wallet on: the active wallet marked, the kept one with Switch and Disconnect, and Add wallet', async () => {
    const { portico, render } = await both(true)
    const html = render(<ProfileWalletsView />)
    const items = html.split('<li ').slice(1)
    expect(items).toHaveLength(2)
    expect(items[0]).toContain('portico-profile-wallets__item--active')
    expect(items[0]).toContain('Wallet Two')
    expect(items[0]).toContain('>Active<')
    expect(items[1]).toContain('Wallet One')
    expect(items[1]).toContain('aria-label="Make Wallet One the active wallet"')
    expect(items[1]).toContain('aria-label="Disconnect Wallet One"')
    expect(html).toContain('>Add wallet<')
    expect(html).toContain('The active wallet signs.')
    expect(render(<AccountView />)).toContain('Wallets (2)')

    await portico.switchConnection({ connectorId: 'one' })
    const after = render(<ProfileWalletsView />).split('<li ').slice(1)
    expect(after[0]).toContain('Wallet One')
    expect(after[0]).toContain('--active')
  })

  it('multi-wallet off: one wallet listed, the single-wallet hint, and no Wallets row on the Account view (nothing to do there)', async () => {
    const { portico, render } = await both(false)
    const html = render(<ProfileWalletsView />)
    expect(html.split('<li ').slice(1)).toHaveLength(1)
    expect(html).toContain('Wallet Two')
    expect(html).not.toContain('Wallet One')
    expect(html).toContain('This site connects one wallet per chain type at a time.')
    const account = render(<AccountView />)
    expect(account).toContain('Network')
    expect(account).not.toContain('>Wallets')
    expect(showsWalletsRow(portico)).toBe(false)
  })

  it('multi-wallet on with one wallet: the Wallets row stays, it leads to Add wallet', async () => {
    const { portico } = setupTwoWallets({ multiWallet: true })
    instances.push(portico)
    registerUiViews(portico.views)
    await portico.ready()
    await portico.discoverWallets('eip155')
    await portico.connect({ connectorId: 'one' })
    expect(renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>)).toContain('>Wallets<')
    expect(showsWalletsRow(portico)).toBe(true)
  })

  it('shows short addresses, never the full one outside the title', async () => {
    const { render } = await both(true)
    const html = render(<ProfileWalletsView />)
    for (const address of [addressA, addressB]) expect(html).toContain(`title="${address}">${short(address)}`)
  })

  it('useConnections gives the list and the multi-wallet flag to a site component', async () => {
    const { render } = await both(true)
    function Mine() {
      const { connections, multiWallet } = useConnections({ namespace: 'eip155' })
      return <p>{`${multiWallet}:${connections.map((c) => `${c.connectorId}${c.active ? '*' : ''}`).join(',')}`}</p>
    }
    expect(render(<Mine />)).toContain('true:two*,one')
  })
})
