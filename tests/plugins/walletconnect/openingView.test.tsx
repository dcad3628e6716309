// The phone's "Opening <wallet>…" screen (issue 52), its first frame as the server renders it (no
// effect runs, so nothing connects or opens): which screen a directory wallet gets on a phone and
// on a desktop, what it says in a browser and inside an in-app browser that blocks a page's own
// navigation, and where "Get it" leads.
import '../../helpers/walletConnectLoaded.js'
import '../../helpers/eip155Loaded.js'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPorticoKernel, type DirectoryWallet, type Portico } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { walletConnect } from '../../../plugins/walletconnect/index.js'
import { ConnectingWalletConnectView } from '../../../plugins/walletconnect/views/ConnectingWalletConnectView.js'
import { PorticoProvider } from '../../../ui/kit.js'
import { memoryKeyValueStorage } from './helpers/memoryKeyValueStorage.js'

const devnet = defineNetwork({ id: 31337, name: 'A', rpcUrls: ['http://127.0.0.1:9'] })
const bramble: DirectoryWallet = {
  id: 'bramble',
  name: 'Bramble Safe',
  homepage: 'https://bramblesafe.example.com',
  link_mode: 'https://bramblesafe.example.com/wc/link',
  app_store: 'https://bramblesafe.example.com/download/ios',
  play_store: 'https://bramblesafe.example.com/download/android',
}
const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'

const instances: Portico[] = []
afterEach(async () => {
  vi.unstubAllGlobals()
  for (const portico of instances.splice(0)) await portico.destroy()
})

/** The view's first frame for `wallet`, on a phone or not, with `userAgent` as the browser's. */
function render(wallet: DirectoryWallet, { isMobile, userAgent }: { isMobile: boolean; userAgent: string }): string {
  vi.stubGlobal('navigator', { userAgent })
  const portico = createPorticoKernel({
    projectId: 'opening',
    networks: [devnet],
    plugins: [eip155({}, { window: null }), walletConnect({ relayUrl: 'ws://127.0.0.1:9/relay' }, { storage: memoryKeyValueStorage(), storagePrefix: 'portico-test-opening' })],
    storage: null,
    endpoints: { api: 'http://127.0.0.1:9' },
    enableReconnect: false,
    isMobile,
  })
  instances.push(portico)
  portico.stores.router.push('ConnectingWalletConnect', { wallet })
  return renderToString(
    <PorticoProvider portico={portico}>
      <ConnectingWalletConnectView />
    </PorticoProvider>,
  )
}

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '|').split('|').map((s) => s.trim()).filter(Boolean)

describe('a directory wallet that a phone opens by link', () => {
  it('on an iPhone: "Opening Bramble Safe…" with its icon, what comes next, its button (disabled until the pairing link is ready), Copy link, Get it (App Store) and Use another wallet', () => {
    const html = render(bramble, { isMobile: true, userAgent: iPhone })
    // The wallet's icon first (a letter tile here: the entry names no image).
    expect(text(html)).toEqual(['B', 'Opening Bramble Safe…', 'Approve the connection in Bramble Safe, then come back here.', 'Open Bramble Safe', 'Copy link', 'Don’t have Bramble Safe?', 'Get it', 'Use another wallet'])
    expect(html).toContain('portico-status-panel__picture')
    expect(html).toMatch(/<button type="button" class="portico-wc__button portico-wc__button--primary" disabled="">Open Bramble Safe<\/button>/)
    expect(html).toMatch(/<a class="portico-wc__link" href="https:\/\/bramblesafe\.example\.com\/download\/ios" target="_blank" rel="noopener noreferrer">Get it<\/a>/)
    // No code to scan on the phone itself.
    expect(html).not.toContain('data-wc-uri')
  })

  it('on an Android phone: Get it leads to Google Play', () => {
    expect(render(bramble, { isMobile: true, userAgent: android })).toContain('href="https://bramblesafe.example.com/download/android"')
  })

  it('a wallet that lists no store: Get it leads to its website; one with neither: no Get it line', () => {
    const { app_store: _a, play_store: _p, ...noStore } = bramble
    expect(render(noStore, { isMobile: true, userAgent: iPhone })).toContain('href="https://bramblesafe.example.com" target="_blank"')
    const { homepage: _h, ...nothing } = noStore
    expect(text(render(nothing, { isMobile: true, userAgent: iPhone }))).not.toContain('Get it')
  })

  it('inside an in-app browser that blocks a page’s own navigation (Instagram): "Continue in Bramble Safe", the visitor opens it', () => {
    const html = render(bramble, { isMobile: true, userAgent: `${iPhone} Instagram 300.0.0` })
    expect(text(html).slice(1, 4)).toEqual(['Continue in Bramble Safe', 'Approve the connection in Bramble Safe, then come back here.', 'Open Bramble Safe'])
  })

  it('on a desktop: the QR code under "Scan with Bramble Safe", not the phone’s screen', () => {
    const html = render(bramble, { isMobile: false, userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })
    expect(text(html)).toContain('Scan with Bramble Safe')
    expect(html).toContain('data-wc-uri')
    expect(text(html)).not.toContain('Use another wallet')
  })

  it('a directory wallet with no phone link (no link_mode, no mobile_link) on a phone: not the opening screen', () => {
    const { link_mode: _l, ...noLink } = bramble
    const html = render(noLink, { isMobile: true, userAgent: iPhone })
    expect(text(html)).not.toContain('Opening Bramble Safe…')
    expect(html).toContain('data-wc-uri')
  })
})
