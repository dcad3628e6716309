// loadPeer and MissingPeerDependencyError: a plugin's optional peer that the site has not installed
// is reported by name with the install command, whichever loader failed to find it; every other
// failure (the module threw, another package is missing) passes through as it was. The loaders'
// messages are the ones Node, webpack and the browsers give; the real Node failure, from an
// installed tarball, is in tests/build/pack.test.ts.
import { describe, expect, it } from 'vitest'
import { BaseError, MissingPeerDependencyError } from '../../kernel/errors/index.js'
import { loadPeer } from '../../kernel/kernel.js'
import { missingPeer } from '../../kernel/plugin/loadPeer.js'

const peers = { '@scure/btc': '1.0.0', '@scure/btc-signer': '1.8.1', buffer: '6.0.3' } as const

/** An error as the given loader throws it for a bare specifier it cannot find. */
function notFound(loader: 'node' | 'webpack' | 'chrome' | 'firefox' | 'safari', name: string): Error {
  const messages = {
    node: `Cannot find package '${name}' imported from /site/node_modules/portico/dist/plugins/bip122/lazy/btcSigner.js`,
    webpack: `Cannot find module '${name}'`,
    chrome: `Failed to resolve module specifier "${name}". Relative references must start with either "/", "./", or "../".`,
    firefox: `The specifier “${name}” was a bare specifier, but was not remapped to anything. Relative module specifiers must start with “./”, “../” or “/”.`,
    safari: `Module name, '${name}' does not resolve to a valid URL.`,
  }
  const error = loader === 'chrome' || loader === 'firefox' || loader === 'safari' ? new TypeError(messages[loader]) : new Error(messages[loader])
  if (loader === 'node') Object.assign(error, { code: 'ERR_MODULE_NOT_FOUND' })
  if (loader === 'webpack') Object.assign(error, { code: 'MODULE_NOT_FOUND' })
  return error
}

describe('loadPeer', () => {
  it('returns the module when it loads', async () => {
    const module = { Transaction: class {} }
    expect(await loadPeer(async () => module, peers, 'bip122')).toBe(module)
  })

  it.each(['node', 'webpack', 'chrome', 'firefox', 'safari'] as const)('names the missing peer and the install command (%s)', async (loader) => {
    const cause = notFound(loader, '@scure/btc-signer')
    const error = await loadPeer(() => Promise.reject(cause), peers, 'bip122').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingPeerDependencyError)
    expect(error).toBeInstanceOf(BaseError)
    const missing = error as MissingPeerDependencyError
    // The longer name wins over `@scure/btc`, which prefixes it.
    expect(missing.packageName).toBe('@scure/btc-signer')
    expect(missing.plugin).toBe('bip122')
    expect(missing.code).toBe('MISSING_PEER_DEPENDENCY')
    expect(missing.shortMessage).toBe('The bip122 plugin needs `@scure/btc-signer`: npm install @scure/btc-signer@1.8.1')
    expect(missing.installCommand).toBe('npm install @scure/btc@1.0.0 @scure/btc-signer@1.8.1 buffer@6.0.3')
    expect(missing.message).toContain(missing.installCommand)
    // What a wrapping error (ConnectFailedError) shows as its details: the fix.
    expect(missing.details).toBe('Install the bip122 plugin\'s peers: npm install @scure/btc@1.0.0 @scure/btc-signer@1.8.1 buffer@6.0.3')
    expect(missing.message).toContain('Docs: docs/kernel/errors.md#missingpeerdependencyerror')
    expect(missing.cause).toBe(cause)
  })

  it("finds a peer's subpath import (`@mysten/sui/bcs`) as the peer", () => {
    expect(missingPeer(notFound('node', '@mysten/sui/bcs'), { '@mysten/sui': '1.45.2' })).toBe('@mysten/sui')
    expect(missingPeer(notFound('chrome', 'buffer'), peers)).toBe('buffer')
  })

  it('passes on every other failure as it was', async () => {
    // Another package is missing (a broken install of something else): not one of the plugin's peers.
    const other = notFound('node', 'left-pad')
    await expect(loadPeer(() => Promise.reject(other), peers, 'bip122')).rejects.toBe(other)
    // The peer loaded and threw.
    const thrown = new Error("Cannot read properties of undefined (reading 'buffer')")
    await expect(loadPeer(() => Promise.reject(thrown), peers, 'bip122')).rejects.toBe(thrown)
    // A lazy chunk of the site failed to download: its URL is not a package name.
    const network = new TypeError('Failed to fetch dynamically imported module: https://site.example/assets/btcSigner-3f2a.js')
    await expect(loadPeer(() => Promise.reject(network), peers, 'bip122')).rejects.toBe(network)
    expect(missingPeer('buffer', peers)).toBeUndefined()
  })
})
