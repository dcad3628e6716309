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
  it('first asks to plug in and unlock, with a Connect button (the chooser needs the click), over the account list it leads to', () => {
    const html = render(true)
    const buttons = (part: string) => [...part.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''))
    // The Connect step sits over the list (docs/design.md, "How a view may grow"): the step is the only thing in reach.
    const cover = html.slice(html.indexOf('<div class="portico-ledger__cover">'))
    expect(cover).toContain('Plug in your Ledger and unlock it')
    expect(buttons(cover)).toEqual(['Connect'])
    // Under it, from the first frame, the frame of the list Connect fills: hidden from screen readers, five pending rows, nothing read yet.
    expect(html).toMatch(/^<div class="portico-ledger__frame portico-ledger__frame--covered"><div class="portico-ledger portico-ledger--accounts" aria-hidden="true">/)
    const list = html.slice(0, html.indexOf('<div class="portico-ledger__cover">'))
    expect(list.match(/portico-ledger__row portico-ledger__row--loading/g)).toHaveLength(5)
    expect(list).not.toContain('Reading addresses')
    expect(buttons(list)).toEqual(['Previous', 'Next'])
    expect(list.match(/<button[^>]*disabled=""/g)).toHaveLength(2)
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
