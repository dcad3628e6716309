// Send's token choice is the UI kit's TokenSelect (issue 52): a select-only combobox named by the
// form's "Token" label and the chosen token, over a listbox of the account's tokens with their
// icons, balances and USD values (the keyboard is proven in Chromium: tests/e2e/account/send.test.ts).
import '../../helpers/sendLoaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, TokenBalance } from '../../../kernel/kernel.js'
import { PorticoProvider } from '../../../ui/kit.js'
import { TokenPicker } from '../../../plugins/send/views/TokenPicker.js'
import { send } from '../../../plugins/send/send.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 3000, quantity: { numeric: '1', decimals: '18' } } as unknown as TokenBalance
const pusd = { name: 'Portico USD', symbol: 'pUSD', address: 'eip155:1:0x0000000000000000000000000000000000000001', chainId: 'eip155:1', iconUrl: 'https://tokens.example/pusd.png', quantity: { numeric: '250.5', decimals: '6' } } as unknown as TokenBalance

function render(selected: TokenBalance | undefined) {
  const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), send()] })
  instances.push(portico)
  return renderToString(
    <PorticoProvider portico={portico}>
      <label id="token-label" htmlFor="token">Token</label>
      <TokenPicker id="token" labelId="token-label" tokens={[eth, pusd]} selected={selected} onSelect={() => undefined} />
    </PorticoProvider>,
  )
}

describe("Send's token choice", () => {
  it('is a closed combobox, named by the field label and the choice, over a hidden listbox; "Select token" before a choice', () => {
    const html = render(undefined)
    const combobox = /<button[^>]*role="combobox"[^>]*>/.exec(html)?.[0] ?? ''
    expect(combobox).toContain('id="token"')
    expect(combobox).toContain('aria-haspopup="listbox"')
    expect(combobox).toContain('aria-expanded="false"')
    const [labelId, valueId] = /aria-labelledby="([^"]+)"/.exec(combobox)?.[1]?.split(' ') ?? []
    expect(labelId).toBe('token-label')
    expect(html).toContain(`id="${valueId}" class="portico-token-select__placeholder">Select token</span>`)
    expect(html).toMatch(/<ul[^>]*role="listbox"[^>]*aria-labelledby="token-label"[^>]*hidden=""/)
    expect([...html.matchAll(/role="option" aria-selected="(true|false)"/g)].map((m) => m[1])).toEqual(['false', 'false'])
  })

  it("shows the chosen token's symbol and balance; each option its icon, name, balance and USD value where known", () => {
    const html = render(pusd)
    expect(html).toMatch(/class="portico-token-select__symbol">pUSD<\/span><span class="portico-token-select__balance">250\.5\d* pUSD</)
    const options = html.split('role="option"').slice(1)
    expect(options[1]).toMatch(/^ aria-selected="true"/)
    expect(options[1]).toContain('src="https://tokens.example/pusd.png"')
    expect(options[0]).toMatch(/portico-token-select__held">1\.0*\s?ETH<\/span><span class="portico-token-select__fiat">\$3,000\.00</)
    // No price for pUSD here: its balance without a fiat line.
    expect(options[1]).not.toContain('portico-token-select__fiat')
  })
})
