import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, TokenBalance } from '../../../kernel/kernel.js'
import { PorticoProvider } from '../../../ui/kit.js'
import { SwapTokenSelect } from '../../../plugins/swap/views/SwapTokenSelect.js'
import { createTestPortico } from '../../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const tokens = [
  { name: 'Ether', symbol: 'ETH', address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', decimals: 18, logoUri: '' },
  { name: 'Portico USD', symbol: 'pUSD', address: 'eip155:1:0x0000000000000000000000000000000000000001', decimals: 6, logoUri: 'https://tokens.example/pusd.png' },
]
const pUsdBalance = { symbol: 'pUSD', name: 'Portico USD', quantity: { numeric: '250.5', decimals: '6' } } as unknown as TokenBalance

function render(value: string | undefined) {
  const { portico } = createTestPortico()
  instances.push(portico)
  return renderToString(
    <PorticoProvider portico={portico}>
      <SwapTokenSelect label="Token to pay with" tokens={tokens} value={value} onChange={() => undefined} balanceOf={(address) => (address === tokens[1]!.address ? pUsdBalance : undefined)} />
    </PorticoProvider>,
  )
}

describe("Swap's token choice (issue 52: a listbox with icons instead of a native <select>)", () => {
  it('is a closed select-only combobox named by its label and the chosen token, over a hidden listbox of the tokens', () => {
    const html = render(tokens[1]!.address)
    expect(html).not.toContain('<select')
    const combobox = /<button[^>]*role="combobox"[^>]*>/.exec(html)?.[0] ?? ''
    expect(combobox).toContain('aria-haspopup="listbox"')
    expect(combobox).toContain('aria-expanded="false"')
    expect(combobox).not.toContain('aria-activedescendant')
    const [labelId, valueId] = /aria-labelledby="([^"]+)"/.exec(combobox)?.[1]?.split(' ') ?? []
    expect(html).toContain(`id="${labelId}" hidden="">Token to pay with</span>`)
    expect(html).toContain(`id="${valueId}" class="portico-token-select__symbol">pUSD</span>`)
    expect(html).toMatch(/<ul[^>]*role="listbox"[^>]*hidden=""/)
    // One option per token; only the chosen one is selected.
    expect([...html.matchAll(/role="option" aria-selected="(true|false)"/g)].map((m) => m[1])).toEqual(['false', 'true'])
  })

  it("shows each token's logo, else its letter on a tile, and the account's balance where it holds some", () => {
    const html = render(tokens[0]!.address)
    const options = html.split('role="option"').slice(1)
    // ETH lists no logo: a letter tile, no image.
    expect(options[0]).not.toContain('<img')
    expect(options[0]).toMatch(/portico-wallet-icon--letter" aria-hidden="true">E</)
    // pUSD's logo, decorative (the symbol is the name), and its balance.
    // (the logo sits on the mark tile, --mark, as every logo does since the polish pass)
    expect(options[1]).toMatch(/<img class="portico-wallet-icon portico-wallet-icon--medium[^"]*" src="https:\/\/tokens\.example\/pusd\.png" alt=""/)
    expect(options[1]).toContain('>pUSD</span>')
    expect(options[1]).toContain('>Portico USD</span>')
    expect(options[1]).toMatch(/portico-token-select__held">250\.5(0*)</)
    expect(options[0]).not.toContain('portico-token-select__held')
  })
})
