// The Networks view's "Testnet" badge comes from one rule, the network's `testnet` flag: every
// network that has it shows the badge, and no other does (issue 52).
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico } from '../../kernel/kernel.js'
import { PorticoProvider } from '../../ui/kit.js'
import { NetworksView } from '../../ui/views/Networks/NetworksView.js'
import { createTestPortico, network } from '../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

describe('Networks view: the Testnet badge', () => {
  it('is on every network flagged testnet, and only there', () => {
    const networks = [
      { ...network('eip155', 1, 'Main'), testnet: false },
      { ...network('eip155', 31337, 'Devnet A'), testnet: true },
      { ...network('eip155', 31338, 'Devnet B'), testnet: true },
      network('eip155', 10, 'No flag'),
    ]
    const { portico } = createTestPortico({ networks })
    instances.push(portico)
    const html = renderToString(<PorticoProvider portico={portico}><NetworksView /></PorticoProvider>)
    const items = html.split('<li>').slice(1)
    const tagged = items.filter((item) => item.includes('>Testnet<')).map((item) => /portico-networks__name">([^<]+)</.exec(item)?.[1])
    expect(tagged).toEqual(['Devnet A', 'Devnet B'])
  })
})

describe('Networks view: each network\'s mark', () => {
  it('stands on the theme\'s mark tile (portico-wallet-icon--mark), so a dark mark without a background stays visible on the dark theme', () => {
    const image = 'http://127.0.0.1:3000/stacks.svg'
    const networks = [
      { ...network('eip155', 1, 'Main'), assets: { imageUrl: image } },
      { ...network('eip155', 10, 'Other'), assets: { imageUrl: image } },
    ]
    const { portico } = createTestPortico({ networks })
    instances.push(portico)
    const html = renderToString(<PorticoProvider portico={portico}><NetworksView /></PorticoProvider>)
    const pictures = [...html.matchAll(/<img class="([^"]+)"/g)].map((m) => m[1])
    expect(pictures).toEqual(['portico-wallet-icon portico-wallet-icon--small portico-wallet-icon--mark', 'portico-wallet-icon portico-wallet-icon--small portico-wallet-icon--mark'])
  })
})
