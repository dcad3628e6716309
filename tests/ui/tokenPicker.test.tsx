// Send's and Swap's token choice is one component, the UI kit's TokenPicker (issue 52): a
// select-only combobox over a listbox of tokens, each with its logo, symbol, name, the account's
// balance and its USD value where the price is known. The keyboard is proven in Chromium
// (tests/e2e/swap/sandbox.test.ts, tests/e2e/account/send.test.ts).
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico, TokenBalance } from '../../kernel/kernel.js'
import { PorticoProvider, TokenPicker, type TokenPickerProps, type TokenPickerToken } from '../../ui/kit.js'
import { createTestPortico } from '../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

const ethHeld = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', iconUrl: 'https://images.example/eth.svg', value: 3000, price: 3000, quantity: { numeric: '1', decimals: '18' } } as unknown as TokenBalance
const pUsdHeld = { name: 'Portico USD', symbol: 'pUSD', address: 'eip155:1:0x0000000000000000000000000000000000000001', chainId: 'eip155:1', iconUrl: 'https://images.example/pusd-balance.svg', quantity: { numeric: '250.5', decimals: '6' } } as unknown as TokenBalance

function render(props: Omit<TokenPickerProps, 'onChange'>) {
  const { portico } = createTestPortico()
  instances.push(portico)
  return renderToString(
    <PorticoProvider portico={portico}>
      <label id="token-label" htmlFor="token">Token</label>
      <TokenPicker {...props} onChange={() => undefined} />
    </PorticoProvider>,
  )
}
const optionsOf = (html: string) => html.split('role="option"').slice(1)

describe('the token picker, as Swap uses it (a pill, over the swap list and the holdings)', () => {
  const tokens: TokenPickerToken[] = [
    { key: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH', name: 'Ether', logoUrl: '', held: ethHeld },
    { key: pUsdHeld.address!, symbol: 'pUSD', name: 'Portico USD', logoUrl: 'https://tokens.example/pusd.png', held: pUsdHeld },
    { key: 'eip155:1:0x0000000000000000000000000000000000000002', symbol: 'pGLD', name: 'Portico Gold', logoUrl: '' },
  ]

  it('is a closed select-only combobox named by its label and the chosen token, over a hidden listbox of the tokens', () => {
    const html = render({ label: 'Token to pay with', tokens, value: tokens[1]!.key })
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
    expect([...html.matchAll(/role="option" aria-selected="(true|false)"/g)].map((m) => m[1])).toEqual(['false', 'true', 'false'])
  })

  it("shows the list's logo, else the holding's icon, else the letter on a tile; the balance with its symbol and its USD value where priced", () => {
    const [eth, pUsd, pGld] = optionsOf(render({ label: 'Token to pay with', tokens, value: tokens[0]!.key }))
    // ETH: no logo in the list, the one its balance carries (the same as Send's), and its USD value.
    expect(eth).toMatch(/<img class="portico-wallet-icon portico-wallet-icon--medium[^"]*" src="https:\/\/images\.example\/eth\.svg" alt=""/)
    expect(eth).toMatch(/portico-token-select__held">1\.0*\s?ETH<\/span><span class="portico-token-select__fiat">\$3,000\.00</)
    // pUSD: the list's logo first; its balance, no price here so no USD value.
    expect(pUsd).toContain('src="https://tokens.example/pusd.png"')
    expect(pUsd).not.toContain('pusd-balance.svg')
    expect(pUsd).toContain('>Portico USD</span>')
    expect(pUsd).toMatch(/portico-token-select__held">250\.5\d*\s?pUSD</)
    expect(pUsd).not.toContain('portico-token-select__fiat')
    // pGLD: neither a logo nor a holding: a letter tile, no balance.
    expect(pGld).not.toContain('<img')
    expect(pGld).toMatch(/portico-wallet-icon--letter" aria-hidden="true">P</)
    expect(pGld).not.toContain('portico-token-select__held')
  })

  it('drops a logo that could run something (a javascript: URL) for the next source', () => {
    const [eth] = optionsOf(render({ label: 'Token to pay with', tokens: [{ ...tokens[0]!, logoUrl: 'javascript:alert(1)' }], value: undefined }))
    expect(eth).not.toContain('javascript:')
    expect(eth).toContain('src="https://images.example/eth.svg"')
  })
})

describe('the token picker, as Send uses it (the form row, over the holdings)', () => {
  const tokens: TokenPickerToken[] = [ethHeld, pUsdHeld].map((held) => ({ key: held.address ?? 'native', symbol: held.symbol, name: held.name, held }))

  it('is named by the field label and the choice; the placeholder before a choice', () => {
    const html = render({ id: 'token', label: 'Token', labelId: 'token-label', tokens, value: undefined, placeholder: 'Select token', variant: 'field' })
    const combobox = /<button[^>]*role="combobox"[^>]*>/.exec(html)?.[0] ?? ''
    expect(combobox).toContain('id="token"')
    const [labelId, valueId] = /aria-labelledby="([^"]+)"/.exec(combobox)?.[1]?.split(' ') ?? []
    expect(labelId).toBe('token-label')
    expect(html).toContain(`id="${valueId}" class="portico-token-select__placeholder">Select token</span>`)
    expect(html).toMatch(/<ul[^>]*role="listbox"[^>]*aria-labelledby="token-label"[^>]*hidden=""/)
    expect([...html.matchAll(/role="option" aria-selected="(true|false)"/g)].map((m) => m[1])).toEqual(['false', 'false'])
  })

  it("shows the chosen token's symbol and balance; each option the balance's icon, balance and USD value where known", () => {
    const html = render({ id: 'token', label: 'Token', labelId: 'token-label', tokens, value: pUsdHeld.address, placeholder: 'Select token', variant: 'field' })
    expect(html).toMatch(/class="portico-token-select__symbol">pUSD<\/span><span class="portico-token-select__balance">250\.5\d*\s?pUSD</)
    const [eth, pUsd] = optionsOf(html)
    expect(pUsd).toMatch(/^ aria-selected="true"/)
    expect(pUsd).toContain('src="https://images.example/pusd-balance.svg"')
    expect(eth).toContain('src="https://images.example/eth.svg"')
    expect(eth).toMatch(/portico-token-select__held">1\.0*\s?ETH<\/span><span class="portico-token-select__fiat">\$3,000\.00</)
    expect(pUsd).not.toContain('portico-token-select__fiat')
  })
})
