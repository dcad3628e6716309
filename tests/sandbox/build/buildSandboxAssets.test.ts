import { beforeAll, describe, expect, it } from 'vitest'
import { buildSandboxAssets, type SandboxAssets } from '../../../sandbox/build/buildSandboxAssets.js'

let assets: SandboxAssets

beforeAll(async () => {
  assets = await buildSandboxAssets()
})

describe('buildSandboxAssets', () => {
  it('builds the browser bundles, the demo site with its lazy chunks, and reads the pages and styles', () => {
    const paths = [...assets.keys()]
    expect(paths).toEqual(expect.arrayContaining(['/', '/demo.css', '/demo/demo.js', '/portico.css', '/dev-wallet.js', '/wallet', '/wallet-page.css', '/wallet-page.js']))
    expect(paths.filter((p) => /^\/demo\/chunk-[A-Z0-9]+\.js$/.test(p)).length).toBeGreaterThan(3)
    for (const path of paths.filter((p) => p.endsWith('.js'))) {
      expect(assets.get(path)?.contentType).toMatch(/^text\/javascript/)
    }
    expect(assets.get('/')?.body).toContain('<script src="/dev-wallet.js"></script>')
    expect(assets.get('/')?.body).toContain('<script type="module" src="/demo/demo.js"></script>')
    // The emulated Ledger (sandbox/ledgerDevice), loaded by the demo page.
    expect(assets.get('/')?.body).toContain('<script src="/ledger-device.js"></script>')
    expect(assets.get('/ledger-device.js')?.body).toContain('Ledger (emulated)')
    expect(assets.get('/portico.css')?.body).toContain('--portico-accent')
    expect(assets.get('/wallet')?.body).toContain('<script src="/wallet-page.js" defer></script>')
    // The Safe{Wallet} host page, its script and styles.
    expect(assets.get('/sandbox/safe')?.body).toContain('<script src="/sandbox-safe-host.js" defer></script>')
    expect(assets.get('/sandbox-safe-host.js')?.body).toContain('getTxBySafeTxHash')
    expect(assets.get('/sandbox-safe-host.css')?.contentType).toMatch(/^text\/css/)
    // The wagmi demo (sandbox/wagmiDemo): its page and its entry, built with the demo's chunks.
    expect(assets.get('/wagmi.html')?.body).toContain('<script type="module" src="/demo/wagmi.js"></script>')
    expect(assets.get('/wagmi.html')?.body).toContain('<script src="/dev-wallet.js"></script>')
    expect(assets.get('/demo/wagmi.js')?.body).toContain('Send 0.5 ETH with wagmi')
  })

  it('builds the plain HTML page of web components: portico, portico/eip155 and portico/elements as ES modules it imports by URL', () => {
    expect(assets.get('/elements.html')?.body).toContain('<script type="module" src="/elements-page.js"></script>')
    expect(assets.get('/elements.html')?.body).toContain('<portico-connect-button>')
    expect(assets.get('/elements.html')?.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const page = assets.get('/elements-page.js')
    expect(page?.contentType).toMatch(/^text\/javascript/)
    for (const url of ['/elements/portico.js', '/elements/eip155.js', '/elements/elements.js']) {
      expect(page?.body).toContain(`from '${url}'`)
      expect(assets.get(url)?.contentType, url).toMatch(/^text\/javascript/)
    }
    // React is in the page's bundles, not in the entry it imports first: it loads with the first element.
    const react = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'
    expect(assets.get('/elements/elements.js')?.body).not.toContain(react)
    expect([...assets].some(([path, asset]) => path.startsWith('/elements/chunk-') && asset.body.includes(react))).toBe(true)
  })

  it('emits no code generation from strings and no Node globals (strict-CSP safe, browser ready)', () => {
    for (const path of [...assets.keys()].filter((p) => p.endsWith('.js'))) {
      const body = assets.get(path)!.body
      // A method named eval (`eval(l,c){…}` or `x.eval(…)`, @noble/curves' polynomials) is no code generation.
      expect(body, path).not.toMatch(/(?<![\w$.])eval\((?![^()]*\)\{)|new Function\b|[^\w$.]Function\(/)
      expect(body, path).not.toMatch(/process\.env\.NODE_ENV/)
      expect(body, path).not.toMatch(/\brequire\(["'](fs|net|child_process)["']\)/)
    }
    expect(assets.get('/dev-wallet.js')!.body).toContain('dev.portico.wallet')
  })
})
