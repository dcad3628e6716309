// portico/send's Receive (the spec's `receive` wallet feature, on by default): an Account action
// opening WalletReceive, which shows the connected address as a QR code a phone wallet can scan
// (read back here from the rendered SVG with jsQR), the whole address, and its network; and
// `features.receive: false` hides it.
import '../../helpers/sendLoaded.js'
import jsQR from 'jsqr'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico } from '../../../kernel/kernel.js'
import { send } from '../../../plugins/send/send.js'
import { WalletReceiveView } from '../../../plugins/send/views/WalletReceiveView.js'
import { loadQrEncoder, PorticoProvider } from '../../../ui/kit.js'
import { registerUiViews } from '../../../ui/views/registerUiViews.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

async function connected(options: Parameters<typeof createTestPortico>[0]) {
  const { portico } = createTestPortico(options)
  instances.push(portico)
  registerUiViews(portico.views)
  await portico.connect({ connectorId: 'eip155.wallet' })
  const address = portico.getAccount('eip155').address as string
  return { portico, address, account: { namespace: 'eip155', caipNetworkId: 'eip155:1', address } as const }
}

/** The QR code's cells from the rendered SVG path (`M x y h n v 1 h -n z` per run), painted and read with jsQR. */
function readQr(html: string): string | undefined {
  const viewBox = /viewBox="0 0 (\d+) \1"/.exec(html)
  const path = /class="portico-qr__modules" d="([^"]+)"/.exec(html)
  if (!viewBox || !path) return undefined
  const size = Number(viewBox[1])
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y, n] of path[1]!.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let cell = Number(x); cell < Number(x) + Number(n); cell++) {
      for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) pixels.fill(0, (((Number(y) * scale + dy) * width) + cell * scale + dx) * 4, (((Number(y) * scale + dy) * width) + cell * scale + dx) * 4 + 3)
    }
  }
  return jsQR(pixels, width, width)?.data
}

describe('Receive', () => {
  it('is an Account action by default, after Buy and Swap and before Send, opening WalletReceive', async () => {
    const { portico, account } = await connected({ plugins: [testChain('eip155', newWallet()), send()] })
    expect(portico.views.has('WalletReceive')).toBe(true)
    expect(portico.accountActions.list('eip155', account).map((a) => [a.id, a.view, a.label])).toEqual([
      ['receive', 'WalletReceive', 'send.receive.action'],
      ['send', 'WalletSend', 'send.action'],
    ])
  })

  it('features.receive: false hides it; Send stays', async () => {
    const { portico, account } = await connected({ plugins: [testChain('eip155', newWallet()), send()], features: { receive: false } })
    expect(portico.accountActions.list('eip155', account).map((a) => a.id)).toEqual(['send'])
  })

  it('shows the connected address as a QR code that reads back as the address, the whole address, and its network', async () => {
    const { portico, address } = await connected({ plugins: [testChain('eip155', newWallet()), send()] })
    // A server render draws the code once the encoder is loaded (the browser loads it with the view).
    await loadQrEncoder()
    const html = renderToString(<PorticoProvider portico={portico}><WalletReceiveView /></PorticoProvider>)
    expect(readQr(html)).toBe(address)
    const network = portico.stores.networks.find(portico.stores.connections.get('eip155').caipNetworkId)?.name as string
    expect(html).toContain(`aria-label="QR code of your address on ${network}"`)
    expect(html).toContain(`>${address}</p>`)
    expect(html).toContain(`Send only assets on ${network} to this address.`)
    expect(html).toContain('>Copy address<')
  })

  it('says nothing is connected when nothing is', async () => {
    const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), send()] })
    instances.push(portico)
    const html = renderToString(<PorticoProvider portico={portico}><WalletReceiveView /></PorticoProvider>)
    expect(html).toContain('No wallet is connected.')
    expect(html).not.toContain('portico-qr__svg')
  })
})
