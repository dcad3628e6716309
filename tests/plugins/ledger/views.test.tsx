import '../../helpers/eip155Loaded.js'
import '../../helpers/ledgerLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Network, type Portico } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { ledger } from '../../../plugins/ledger/index.js'
import { ConnectingLedgerView } from '../../../plugins/ledger/views/ConnectingLedgerView.js'
import { formatBalance, shortAddress } from '../../../plugins/ledger/views/formatAccount.js'
import { PorticoProvider } from '../../../ui/kit.js'

const devnet: Network = defineNetwork({ id: 31337, name: 'A', rpcUrls: ['http://127.0.0.1:9'] })
const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

function render(supported: boolean): string {
  const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155({}, { window: null }), ledger({}, { supported })], storage: null, endpoints: { api: 'http://127.0.0.1:9' } })
  instances.push(portico)
  return renderToString(
    <PorticoProvider portico={portico}>
      <ConnectingLedgerView />
    </PorticoProvider>,
  )
}

describe('ledger: the ConnectingLedger view', () => {
  it('first asks to plug in and unlock, with a Connect button (the chooser needs the click)', () => {
    const html = render(true)
    expect(html).toContain('Plug in your Ledger and unlock it')
    expect([...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''))).toEqual(['Connect'])
  })

  it('a browser without WebHID or WebUSB is told which browsers can, and offered nothing to press', () => {
    const html = render(false)
    expect(html).toContain('This browser cannot reach a Ledger: use Chrome, Edge, Brave or Opera on a computer')
    expect(html).not.toContain('<button')
  })

  it('rows show a short address and a balance cut to 4 decimals, never rounded up', () => {
    expect(shortAddress('0x44d84Da3d679Db97dfE545CCDd73be9d9d7B8638')).toBe('0x44d8…8638')
    expect(formatBalance({ balance: '99.999999', symbol: 'ETH' })).toBe('99.9999 ETH')
    expect(formatBalance({ balance: '100', symbol: 'ETH' })).toBe('100 ETH')
    expect(formatBalance({ balance: '10.500', symbol: 'SOL' })).toBe('10.5 SOL')
  })
})
