// The send form and review about the receiver (rendered to HTML): a warning when the receiver is
// the sending account itself, and the name registered for an address typed as the receiver
// (portico.lookupName through a name service's fetchProfile tap) beside that address (issue 52).
import '../helpers/sendLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, PorticoEvent, TokenBalance } from '../../kernel/kernel.js'
import { PorticoContext } from '../../ui/provider/PorticoContext.js'
import { send } from '../../plugins/send/send.js'
import { WalletSendPreviewView } from '../../plugins/send/views/WalletSendPreviewView.js'
import { WalletSendView } from '../../plugins/send/views/WalletSendView.js'
import { sendForm } from '../plugins/send/helpers.js'
import { addressA, addressB, createTestPortico, newWallet, testChain, testFeature } from '../kernel/helpers/testKit.js'

const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' }
const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const selfWarning = 'This is your own address: the funds stay in this account, and the send still costs the network fee.'

/** A connected portico with the send form filled; `names` answers the eip155 fetchProfile tap, if given. */
async function make(receiver: string, names?: (address: string) => Promise<string | null>) {
  const lookups: string[] = []
  const namesPlugin = names
    ? [
        testFeature('testnames', 'Names addresses in a test.', (p) =>
          p.hooks.fetchProfile.for('eip155').tapPromise('testnames', async ({ address }) => {
            lookups.push(address)
            return { name: await names(address), avatar: null }
          }),
        ),
      ]
    : []
  const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), send(), ...namesPlugin] })
  instances.push(portico)
  await portico.connect({ connectorId: 'eip155.wallet' })
  sendForm(portico).setToken(eth)
  sendForm(portico).setAmount('0.5')
  sendForm(portico).setReceiver(receiver)
  return { portico, lookups }
}
const render = (portico: Portico, view: 'form' | 'review') => renderToString(<PorticoContext.Provider value={portico}>{view === 'form' ? <WalletSendView /> : <WalletSendPreviewView />}</PorticoContext.Provider>)
const rows = (html: string) => [...html.matchAll(/<dt>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(([, label, value]) => `${label}: ${value!.replace(/<[^>]+>/g, '')}`)

describe('sending to oneself', () => {
  it('warns in the form and the review when the receiver is the account itself, in any letter case; the send stays allowed', async () => {
    const { portico } = await make(addressA.toLowerCase())
    expect(sendForm(portico).sendsToSelf).toBe(true)
    expect(sendForm(portico).buttonState).toBe('Preview Send')
    expect(render(portico, 'form')).toContain(selfWarning)
    expect(render(portico, 'review')).toContain(selfWarning)
  })

  it('says nothing for another receiver', async () => {
    const { portico } = await make(addressB)
    expect(sendForm(portico).sendsToSelf).toBe(false)
    expect(render(portico, 'form')).not.toContain(selfWarning)
    expect(render(portico, 'review')).not.toContain(selfWarning)
  })
})

describe("the receiver's registered name in the review", () => {
  it('shows the name registered for the address typed, with the address', async () => {
    const { portico, lookups } = await make(addressB, async (address) => (address === addressB ? 'bob.portico.id' : null))
    expect(rows(render(portico, 'review'))).toContain(`To: 0x7099…79C8 (${addressB})`)
    await sendForm(portico).nameReceiver()
    expect(lookups).toContain(addressB)
    const after = rows(render(portico, 'review'))
    expect(after).toContain('To name: bob.portico.id')
    expect(after).toContain(`To: ${addressB}`)
    // Another receiver drops the name.
    sendForm(portico).setReceiver('0x000000000000000000000000000000000000dEaD')
    await sendForm(portico).nameReceiver()
    expect(rows(render(portico, 'review')).some((row) => row.startsWith('To name'))).toBe(false)
  })

  it('lookupName: undefined for no name, for what is not an address and without a name service; a failing service is reported', async () => {
    const { portico } = await make(addressB, async () => null)
    expect(await portico.lookupName(addressB)).toBeUndefined()
    expect(await portico.lookupName('not an address')).toBeUndefined()
    const bare = await make(addressB)
    expect(await bare.portico.lookupName(addressB)).toBeUndefined()
    const failing = await make(addressB, async () => {
      throw new Error('zone down')
    })
    const events: PorticoEvent[] = []
    failing.portico.subscribe('event', (e) => void events.push(e))
    expect(await failing.portico.lookupName(addressB)).toBeUndefined()
    expect(events.some((e) => e.type === 'error' && e.properties?.action === 'lookupName')).toBe(true)
  })
})
