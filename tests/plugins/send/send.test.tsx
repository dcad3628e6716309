// portico/send: the Account view offers Send only with the plugin (and only where the chain plugin
// can send, and while `features.send` is on), the plugin's views and strings, and the kernel's
// `send(...)` working without it. Rendered with react-dom/server over the kernel's test chain.
import '../../helpers/sendLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico } from '../../../kernel/kernel.js'
import { messages } from '../../../plugins/send/messages.js'
import { send } from '../../../plugins/send/send.js'
import { translate } from '../../../ui/i18n/translate.js'
import { PorticoProvider } from '../../../ui/kit.js'
import { AccountView } from '../../../ui/views/Account/AccountView.js'
import { registerUiViews } from '../../../ui/views/registerUiViews.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

async function connectedAccount(options: Parameters<typeof createTestPortico>[0]) {
  const { portico } = createTestPortico(options)
  instances.push(portico)
  registerUiViews(portico.views)
  await portico.connect({ connectorId: 'eip155.wallet' })
  return { portico, render: () => renderToString(<PorticoProvider portico={portico}><AccountView /></PorticoProvider>) }
}
const sendButton = />Send<\/button>|aria-label="Send"|>Send</

describe('send plugin', () => {
  it('adds Send to the Account view of a namespace whose chain plugin sends, and registers its views', async () => {
    const { portico, render } = await connectedAccount({ plugins: [testChain('eip155', newWallet()), send()] })
    expect(portico.views.has('WalletSend')).toBe(true)
    expect(portico.views.has('WalletSendPreview')).toBe(true)
    const account = { namespace: 'eip155', caipNetworkId: portico.getAccount('eip155').caipAddress?.split(':').slice(0, 2).join(':') as `${string}:${string}`, address: portico.getAccount('eip155').address as string } as const
    expect(portico.accountActions.list('eip155', account).map((a) => [a.id, a.view, a.label])).toEqual([['receive', 'WalletReceive', 'send.receive.action'], ['send', 'WalletSend', 'send.action']])
    expect(render()).toMatch(sendButton)
    await portico.destroy()
    expect(portico.accountActions.list('eip155', account)).toEqual([])
  })

  it('offers no Send without the plugin, while portico.send(...) still sends through the chain plugin', async () => {
    const { portico, render } = await connectedAccount({ plugins: [testChain('eip155', newWallet())] })
    expect(portico.views.has('WalletSend')).toBe(false)
    expect(portico.accountActions.list('eip155')).toEqual([])
    expect(render()).not.toMatch(sendButton)
    expect(await portico.send({ to: '0x000000000000000000000000000000000000dEaD', amount: '1' })).toBe('hash:0x000000000000000000000000000000000000dEaD:1')
  })

  it('hides Send with features.send off, and where no chain plugin taps send', async () => {
    const off = await connectedAccount({ plugins: [testChain('eip155', newWallet()), send()], features: { send: false } })
    const address = off.portico.getAccount('eip155').address as string
    expect(off.portico.accountActions.list('eip155', { namespace: 'eip155', caipNetworkId: 'eip155:1', address }).map((a) => a.id)).toEqual(['receive'])
    expect(off.render()).not.toMatch(sendButton)
    const on = await connectedAccount({ plugins: [testChain('eip155', newWallet()), send()] })
    // Receive needs only an address; Send needs a chain plugin that sends.
    expect(on.portico.accountActions.list('solana', { namespace: 'solana', caipNetworkId: 'solana:x', address }).map((a) => a.id)).toEqual(['receive'])
  })

  it('has its strings under send.*: titles for both views, and each button state reads as the state (appkit-behaviour §2.7)', () => {
    expect(Object.keys(messages).every((key) => key.startsWith('send.'))).toBe(true)
    expect(messages).toHaveProperty(['send.form.title'])
    expect(messages).toHaveProperty(['send.preview.title'])
    for (const state of ['Select Token', 'Add Amount', 'Incorrect Value', 'Insufficient Funds', 'Add Address', 'Invalid Address', 'Preview Send']) {
      expect(translate({ locale: 'en', plugins: (key) => messages[key] }, `send.form.state.${state}`)).toBe(state)
    }
  })

  it('refuses options', () => {
    expect(() => createTestPortico({ plugins: [testChain('eip155', newWallet()), send({ slippage: 1 } as never)] })).toThrow(/slippage/)
  })
})
