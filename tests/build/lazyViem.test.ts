import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createWalletClient, defineChain, http as viemHttp, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccount } from '../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../sandbox/devnets/startAnvil.js'

const root = join(import.meta.dirname, '../..')
// dist keeps one file per source module (rollup's preserveModules).
const lazy = join(root, 'dist/plugins/eip155/lazy')
const chunk = (name: string) => {
  const file = join(lazy, `${name}.js`)
  if (!existsSync(file)) throw new Error(`dist/plugins/eip155/lazy/${name}.js is missing`)
  return file
}

let anvil: Anvil
const devnet = defineChain({ id: 31337, name: 'Devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } })
beforeAll(async () => {
  // `npm test` builds first (scripts/test.ts); this test reads what was built.
  if (!existsSync(join(root, 'dist/eip155.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  anvil = await startAnvil({ chainId: 31337 })
})
afterAll(async () => {
  await anvil?.stop()
})

// rollup.config.mjs bundles viem, tree-shaken, into the eip155 plugin's lazy chunks: a site's
// bundler then sees no viem barrel, so no chunk for viem's own `import()`s (secp256k1, CCIP-read).
describe('the eip155 lazy viem chunks in dist/', () => {
  it.each(['viemClient'])('%s imports no viem and loads nothing lazily', (name) => {
    const code = readFileSync(chunk(name), 'utf8')
    expect(code).not.toMatch(/from\s*['"]viem/)
    expect(code).not.toMatch(/\bimport\s*\(/)
  })

  it("walletClient (the signer's getWalletClient) takes viem from the package, so a site's WalletClient is built by the site's own viem", () => {
    const code = readFileSync(chunk('walletClient'), 'utf8')
    expect(code).toMatch(/from\s*['"]viem['"]/)
    expect(code).not.toMatch(/function createWalletClient/)
  })

  it('viemClient reads a balance over a fallback (a dead URL first) and reads a receipt against anvil', async () => {
    const m = await import(pathToFileURL(chunk('viemClient')).href)
    const alice = devAccount(0)
    const bob = devAccount(7)
    const transport = m.fallback([m.http('http://127.0.0.1:9', { retryCount: 0 }), m.http(anvil.rpcUrl)], { rank: false })
    const client = m.createClient({ transport })
    const before = BigInt(await client.request({ method: 'eth_getBalance', params: [bob.address, 'latest'] }))
    const hash = await createWalletClient({ account: alice, transport: viemHttp(anvil.rpcUrl), chain: devnet }).sendTransaction({ to: bob.address, value: parseEther('0.5') })
    // The plugin polls eth_getTransactionReceipt through the client (plugins/eip155/actions/waitForReceipt.ts): null while unknown.
    const reader = m.createClient({ transport: m.http(anvil.rpcUrl) })
    expect(await reader.request({ method: 'eth_getTransactionReceipt', params: [`0x${'ab'.repeat(32)}`] })).toBeNull()
    await expect.poll(() => reader.request({ method: 'eth_getTransactionReceipt', params: [hash] }).then((r: unknown) => r !== null)).toBe(true)
    const { status } = await reader.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    expect(status).toBe('0x1')
    const after = BigInt(await client.request({ method: 'eth_getBalance', params: [bob.address, 'latest'] }))
    expect(after - before).toBe(parseEther('0.5'))
    expect(await client.request({ method: 'eth_getCode', params: [bob.address, 'latest'] })).toBe('0x')
  })
})
