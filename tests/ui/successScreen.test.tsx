// The one success screen of the UI kit (docs/design.md, "Success"): a check mark, what happened in
// one line, the explorer link when there is a transaction, Done and at most one way to start again;
// and the rule that every flow ends with it (no plugin view draws a success panel of its own).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { Portico } from '../../kernel/kernel.js'
import { PorticoProvider, SuccessScreen, type SuccessScreenProps } from '../../ui/kit.js'
import { createTestPortico } from '../kernel/helpers/testKit.js'

const instances: Portico[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
})

function render(props: Omit<SuccessScreenProps, 'done'>) {
  const { portico } = createTestPortico()
  instances.push(portico)
  return renderToString(
    <PorticoProvider portico={portico}>
      <SuccessScreen {...props} done={{ label: 'Done', onClick: () => undefined }} />
    </PorticoProvider>,
  )
}

describe('SuccessScreen', () => {
  it('shows the check mark, the line of what happened, the explorer link (a new tab, no opener), Done, then the one way to start again', () => {
    const html = render({ heading: 'Sent', hint: '0.5 ETH to 0x7099…79C8', explorer: { href: 'http://127.0.0.1:7000/tx/0xab', label: 'View on explorer' }, again: { label: 'New swap', onClick: () => undefined } })
    expect(html).toContain('portico-status-panel--success')
    expect(html).toContain('portico-status-panel__check')
    expect(html).toMatch(/<h3 class="portico-status-panel__heading">Sent<\/h3>/)
    expect(html).toContain('<p class="portico-status-panel__hint">0.5 ETH to 0x7099…79C8</p>')
    const link = /<a [^>]*>/.exec(html)?.[0] ?? ''
    expect(link).toContain('href="http://127.0.0.1:7000/tx/0xab"')
    expect(link).toContain('target="_blank"')
    expect(link).toContain('rel="noopener noreferrer"')
    // Link, Done (primary), then the secondary way to start again.
    const order = [html.indexOf('View on explorer'), html.indexOf('>Done<'), html.indexOf('>New swap<')]
    expect(order.every((at) => at > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(html).toMatch(/portico-button--primary[^>]*>Done</)
    expect(html).toMatch(/portico-button--secondary[^>]*>New swap</)
  })

  it('without a transaction there is no link; while the chain works it shows the spinner, and a failure its warning', () => {
    const plain = render({ heading: 'Name registered' })
    expect(plain).not.toContain('<a ')
    expect(plain).not.toContain('portico-status-panel__hint')
    expect(render({ tone: 'waiting', heading: 'Transaction pending' })).toContain('portico-status-panel--waiting')
    const failed = render({ tone: 'error', heading: 'Transaction failed' })
    expect(failed).toContain('portico-status-panel--error')
    expect(failed).not.toContain('portico-status-panel__check')
  })
})

describe('every flow ends with the one success screen', () => {
  /** Every plugin view's source. */
  function pluginViews(): { path: string; text: string }[] {
    const root = join(import.meta.dirname, '../../plugins')
    return readdirSync(root).flatMap((plugin) => {
      const views = join(root, plugin, 'views')
      try {
        return readdirSync(views)
          .filter((file) => file.endsWith('.tsx'))
          .map((file) => ({ path: `plugins/${plugin}/views/${file}`, text: readFileSync(join(views, file), 'utf8') }))
      } catch {
        return []
      }
    })
  }

  it('send, swap, buy and names use SuccessScreen; no plugin view draws a success panel or hides Back itself', () => {
    const views = pluginViews()
    const users = views.filter((view) => /<SuccessScreen\b/.test(view.text)).map((view) => view.path).sort()
    expect(users).toEqual(['plugins/names/views/RegisterAccountNameSuccessView.tsx', 'plugins/onramp/views/OnrampView.tsx', 'plugins/send/views/WalletSendSuccessView.tsx', 'plugins/swap/views/SwapView.tsx'])
    const ownPanels = views.filter((view) => /tone="success"|useHideBack\(/.test(view.text)).map((view) => view.path)
    expect(ownPanels).toEqual([])
  })
})
