import { beforeAll, describe, expect, it } from 'vitest'
import { buildSandboxAssets, type SandboxAssets } from '../../../sandbox/build/buildSandboxAssets.js'

let assets: SandboxAssets

beforeAll(async () => {
  assets = await buildSandboxAssets()
})

describe('buildSandboxAssets', () => {
  it('builds the three browser bundles and reads the pages and styles', () => {
    expect([...assets.keys()].sort()).toEqual(
      ['/', '/demo.css', '/demo.js', '/dev-wallet.js', '/wallet', '/wallet-page.css', '/wallet-page.js'].sort(),
    )
    for (const path of ['/demo.js', '/dev-wallet.js', '/wallet-page.js']) {
      expect(assets.get(path)?.contentType).toMatch(/^text\/javascript/)
    }
    expect(assets.get('/')?.body).toContain('<script src="/dev-wallet.js"></script>')
    expect(assets.get('/wallet')?.body).toContain('<script src="/wallet-page.js" defer></script>')
  })

  it('emits no code generation from strings and no Node globals (strict-CSP safe, browser ready)', () => {
    for (const path of ['/demo.js', '/dev-wallet.js', '/wallet-page.js']) {
      const body = assets.get(path)!.body
      expect(body, path).not.toMatch(/\beval\(|new Function\b|[^\w$.]Function\(/)
      expect(body, path).not.toMatch(/process\.env\.NODE_ENV/)
      expect(body, path).not.toMatch(/\brequire\(["'](fs|net|child_process)["']\)/)
    }
    expect(assets.get('/dev-wallet.js')!.body).toContain('dev.portico.wallet')
  })
})
