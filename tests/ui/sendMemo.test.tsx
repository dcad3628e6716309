// The send form's memo field, rendered (react-dom/server, no DOM): offered only where the active
// namespace's chain plugin declares `meta.sendMemo`, counted in bytes, refused with a clear message
// when too long, and shown in the review. Forms of other namespaces have no memo field at all.
import '../helpers/sendLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, TokenBalance } from '../../kernel/kernel.js'
import { PorticoContext } from '../../ui/provider/PorticoContext.js'
import { send } from '../../plugins/send/send.js'
import { WalletSendView } from '../../plugins/send/views/WalletSendView.js'
import { WalletSendPreviewView } from '../../plugins/send/views/WalletSendPreviewView.js'
import { sendForm } from '../plugins/send/helpers.js'
import { createTestPortico, newWallet, testChain } from '../kernel/helpers/testKit.js'

const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' }
const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

function make(maxBytes?: number) {
  const plugin = testChain('eip155', newWallet())
  const { portico } = createTestPortico({ plugins: [maxBytes === undefined ? plugin : { ...plugin, meta: { ...plugin.meta, sendMemo: { maxBytes } } }, send()] })
  instances.push(portico)
  sendForm(portico).setToken(eth)
  sendForm(portico).setAmount('0.5')
  sendForm(portico).setReceiver('0x000000000000000000000000000000000000dEaD')
  return portico
}
const render = (portico: Portico, view: 'form' | 'review') => renderToString(<PorticoContext.Provider value={portico}>{view === 'form' ? <WalletSendView /> : <WalletSendPreviewView />}</PorticoContext.Provider>)
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ')

describe('the send form\'s memo', () => {
  it('is absent where the namespace takes no memo (the form is as before)', () => {
    const html = render(make(), 'form')
    expect(html).not.toMatch(/memo/i)
    expect(text(html)).toContain('Preview Send')
  })

  it('is an optional labelled field with its byte count where the namespace takes one, and the review shows it', () => {
    const portico = make(34)
    sendForm(portico).setMemo('café ☕')
    const html = render(portico, 'form')
    expect(text(html)).toContain('Memo (optional)')
    expect(text(html)).toContain('9 of 34 bytes')
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Memo \(optional\)<\/label><input id="\1"/)
    expect(text(html)).toContain('Preview Send')
    const review = text(render(portico, 'review'))
    expect(review).toContain('Memo café ☕')
  })

  it('refuses a memo over the limit with a clear message and a disabled button', () => {
    const portico = make(34)
    sendForm(portico).setMemo('x'.repeat(30) + 'éé☕')
    const html = render(portico, 'form')
    expect(text(html)).toContain('The memo is 37 bytes; Chain A stores at most 34 bytes (emoji and accented letters take more than one).')
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby/)
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Memo Too Long<\/button>/)
  })
})
