// The Account view's "Account type" row and account-type switch (rendered to HTML; the switch's
// click runs portico.switchAccountType, exercised here through the kernel as the button does).
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico } from '../../kernel/kernel.js'
import { PorticoProvider } from '../../ui/kit.js'
import { AccountView } from '../../ui/views/Account/AccountView.js'
import { registerUiViews } from '../../ui/views/registerUiViews.js'
import { connected, eoa, fakeWallet, smart, until } from '../kernel/calls/helpers.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

async function view(wallet: ReturnType<typeof fakeWallet>) {
  const portico = await connected(wallet)
  instances.push(portico)
  registerUiViews(portico.views)
  return { portico, render: () => renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>) }
}

describe('Account view: account type', () => {
  it('shows "Smart account · not deployed yet", then "· deployed", and a switch to the shared EOA', async () => {
    const wallet = fakeWallet([{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }])
    wallet.deployed = false
    const { portico, render } = await view(wallet)
    await until(() => portico.getAccount().smartAccountDeployed === false)
    let html = render()
    expect(html).toContain('Account type')
    expect(html).toContain('Smart account · not deployed yet')
    expect(html).toMatch(/<button type="button" class="portico-account__type-switch"[^>]*>Switch to EOA<\/button>/)

    wallet.deployed = true
    await portico.switchAccountType('eoa')
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    html = render()
    expect(html).not.toContain('Account type')
    expect(html).toMatch(/>Switch to smart account<\/button>/)

    await portico.switchAccountType('smartAccount')
    await until(() => portico.getAccount().smartAccountDeployed === true)
    expect(render()).toContain('Smart account · deployed')
  })

  it('shows neither row nor switch for an EOA-only connection', async () => {
    const { portico, render } = await view(fakeWallet([{ address: eoa, type: 'eoa' }]))
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    const html = render()
    expect(html).not.toContain('Account type')
    expect(html).not.toContain('portico-account__type-switch')
  })

  it('a lone smart account shows its row without a switch', async () => {
    const wallet = fakeWallet([{ address: smart, type: 'smartAccount' }])
    wallet.deployed = true
    const { portico, render } = await view(wallet)
    await until(() => portico.getAccount().smartAccountDeployed === true)
    const html = render()
    expect(html).toContain('Smart account · deployed')
    expect(html).not.toContain('portico-account__type-switch')
  })
})
