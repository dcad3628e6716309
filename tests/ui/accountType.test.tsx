// The Account view's smart-account badge and account-type switch, which come with portico/calls
// (its badges and a `run` action; rendered to HTML): the switch's run goes through
// portico.switchAccountType as the button does. Without the plugin a smart account shows neither.
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccountAction, Portico } from '../../kernel/kernel.js'
import { PorticoProvider } from '../../ui/kit.js'
import { AccountView } from '../../ui/views/Account/AccountView.js'
import { registerUiViews } from '../../ui/views/registerUiViews.js'
import { connected, eoa, fakeWallet, smart, until } from '../plugins/calls/helpers.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

async function view(wallet: ReturnType<typeof fakeWallet>, withCalls = true) {
  const portico = await connected(wallet, { withCalls })
  instances.push(portico)
  registerUiViews(portico.views)
  const account = () => ({ namespace: 'eip155', caipNetworkId: 'eip155:31337' as const, address: portico.getAccount().address as string })
  return {
    portico,
    render: () => renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>),
    /** The Account view's action of that id, as the view lists it now. */
    action: (id: string): AccountAction | undefined => portico.accountActions.list('eip155', account()).find((a) => a.id === id),
    account,
  }
}

const badges = (html: string) => /<ul class="portico-account__badges"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? ''
const switchRow = (label: string) => new RegExp(`<button type="button" class="portico-account__row"><span class="portico-account__row-label">${label}</span></button>`)

describe('Account view: account type (portico/calls)', () => {
  it('shows "Smart account · not deployed yet", then "· deployed", and a switch to the shared EOA that runs switchAccountType', async () => {
    const wallet = fakeWallet([{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }])
    wallet.deployed = false
    const { portico, render, action, account } = await view(wallet)
    await until(() => portico.getAccount().smartAccountDeployed === false)
    let html = render()
    expect(badges(html)).toContain('Smart account · not deployed yet')
    expect(html).toMatch(switchRow('Switch to EOA'))
    expect(html).not.toContain('Switch to smart account')

    wallet.deployed = true
    await action('switchToEoa')!.run!(account())
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    html = render()
    expect(badges(html)).not.toContain('Smart account')
    expect(html).toMatch(switchRow('Switch to smart account'))

    await action('switchToSmartAccount')!.run!(account())
    await until(() => portico.getAccount().smartAccountDeployed === true)
    expect(badges(render())).toContain('Smart account · deployed')
  })

  it('shows neither badge nor switch for an EOA-only connection', async () => {
    const { portico, render, action } = await view(fakeWallet([{ address: eoa, type: 'eoa' }]))
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    const html = render()
    expect(html).not.toContain('Smart account')
    expect(html).not.toContain('Switch to')
    expect(action('switchToSmartAccount')).toBeUndefined()
  })

  it('a lone smart account shows its badge ("Smart account" while its deployment is unknown) without a switch', async () => {
    const wallet = fakeWallet([{ address: smart, type: 'smartAccount' }])
    const { portico, render } = await view(wallet)
    await until(() => portico.getAccount().preferredAccountType === 'smartAccount')
    const html = render()
    expect(badges(html)).toMatch(/>Smart account<\/li>/)
    expect(html).not.toContain('Switch to')
  })

  it('a switch that fails leaves the account as it was and tells the visitor (its toast), the error reported', async () => {
    const wallet = fakeWallet([{ address: eoa, type: 'eoa' }, { address: smart, type: 'smartAccount' }])
    const { portico, action, account } = await view(wallet)
    const errors: string[] = []
    portico.hooks.error.tap('test', ({ error }) => void errors.push(error.shortMessage))
    // The wallet stops signing for its other account: selectAccount refuses.
    const call = portico.chains.call.bind(portico.chains)
    portico.chains.call = (async (namespace, method, request) => {
      if (method === 'selectAccount') throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return call(namespace, method, request)
    }) as typeof call
    await action('switchToSmartAccount')!.run!(account())
    expect(portico.getAccount().address).toBe(eoa)
    await until(() => portico.stores.toasts.open)
    expect(portico.stores.toasts).toMatchObject({ variant: 'error', message: 'calls.switchFailed' })
    expect(errors.length).toBeGreaterThan(0)
  })

  it('without portico/calls a smart account shows no badge and no switch (a site that does not use smart accounts pays for neither)', async () => {
    const wallet = fakeWallet([{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }])
    wallet.deployed = true
    const { portico, render, action } = await view(wallet, false)
    await until(() => portico.getAccount().preferredAccountType === 'smartAccount')
    const html = render()
    expect(html).not.toContain('Smart account')
    expect(html).not.toContain('Switch to')
    expect(action('switchToEoa')).toBeUndefined()
  })
})
