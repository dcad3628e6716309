import { createPublicKey, randomBytes, verify as nodeVerify } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaipAddress } from '../../kernel/kernel.js'
import { defineSolanaNetwork, solana, solanaLocalnet, solanaMainnet, type SolanaSigner } from '../../plugins/solana/index.js'
import { sendTokenWithMemo } from '../../sandbox/demo/siteTransactions/sendTokenWithMemo.js'
import { createServer, type PorticoServer } from '../../server/createServer.js'
import { fundSolanaDevAccounts } from '../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc, type SolanaRpc } from '../../sandbox/solana/startSolanaRpc.js'
import { lamportsOf, tokenUnitsOf } from '../plugins/solana/helpers/readChain.js'
import { registerDevWallet } from '../plugins/solana/helpers/solanaPage.js'
import { checkImportSideEffects, runChainPluginConformance } from './index.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
let rpc: SolanaRpc
let server: PorticoServer
let dataDir: string
let mint: string

beforeAll(async () => {
  rpc = await startSolanaRpc()
  ;({ mint } = await fundSolanaDevAccounts(rpc))
  dataDir = await mkdtemp(join(tmpdir(), 'portico-conformance-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: solanaLocalnet.caipNetworkId, name: 'Portico Solana Localnet', rpcUrl: rpc.rpcUrl, nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, tokens: [{ address: mint, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] }],
  })
})
afterAll(async () => {
  await server?.close()
  await rpc?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('portico/testing on the solana plugin', () => {
  it('passes the whole chain-plugin suite against the dev wallet on LiteSVM', async () => {
    const network = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Portico Solana Localnet', rpcUrls: [rpc.rpcUrl] })
    const dev = registerDevWallet({ rpcUrl: rpc.rpcUrl })
    try {
      const report = await runChainPluginConformance({
        plugin: () => solana({ tokens: [{ network: network.caipNetworkId, address: mint, symbol: 'pUSD' }] }),
        networks: [network, solanaMainnet],
        endpoints: { api: server.url },
        target: (globalThis as { window?: EventTarget }).window,
        wallet: {
          connectorId: 'Portico Dev Wallet',
          setMode: dev.control.setMode,
          requestCount: () => dev.control.activity().filter((a) => a.method.startsWith('solana:')).length,
          listenerCount: dev.control.listenerCount,
        },
        chain: {
          network,
          freshAddress: () => base58.encode(ed25519.getPublicKey(randomBytes(32))),
          readBalance: (address) => lamportsOf(rpc.rpcUrl, address),
          sendAmount: '0.25',
          token: { address: `${network.caipNetworkId}:${mint}` as CaipAddress, decimals: 6, amount: '3', readBalance: (address) => tokenUnitsOf(rpc.rpcUrl, address, mint) },
          invalidAddresses: ['0eYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', base58.encode(randomBytes(31)), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
          verifySignature: async ({ message, signature, address }) => {
            const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(base58.decode(address))])
            return nodeVerify(null, Buffer.from(message), createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(base58.decode(signature)))
          },
          // A site's own transaction, built with @solana/kit: 1.25 pUSD and a memo to a fresh address.
          signer: async ({ signer, address }) => {
            const to = base58.encode(ed25519.getPublicKey(randomBytes(32)))
            const before = await tokenUnitsOf(rpc.rpcUrl, address, mint)
            const signature = await sendTokenWithMemo({ signer: signer as SolanaSigner, rpcUrl: rpc.rpcUrl, mint, to, amount: 1_250_000n, memo: 'conformance' })
            const [received, left] = [await tokenUnitsOf(rpc.rpcUrl, to, mint), await tokenUnitsOf(rpc.rpcUrl, address, mint)]
            if (received !== 1_250_000n || left !== before - 1_250_000n) throw new Error(`the chain shows ${received} received and ${before - left} sent, not 1250000`)
            return signature
          },
        },
      })
      expect(report.issues).toEqual([])
      expect(report.checks.map((c) => c.name)).toEqual([
        'structure',
        'discoverWallets lists the wallet',
        'a rejected connection is "Connection rejected"',
        'signer: one per namespace, refusing while nothing is connected',
        'connect',
        'balance',
        'tokens',
        'signMessage',
        'send',
        'tokenSend',
        "signer: a site's own transaction, signed and accepted by the chain",
        'a wallet that rejects: code 4001, still connected',
        'invalid addresses are refused before the wallet is asked',
        'a silent reconnect on the next page load',
        'disconnect',
        'clean disposal',
      ])
    } finally {
      dev.unregister()
    }
  })

  it('the kit reports a plugin that breaks the contract (it can fail)', async () => {
    const network = defineSolanaNetwork({ reference: solanaLocalnet.id as string, name: 'Portico Solana Localnet', rpcUrls: [rpc.rpcUrl] })
    const dev = registerDevWallet({ rpcUrl: rpc.rpcUrl })
    try {
      const report = await runChainPluginConformance({
        // Lies about its capabilities and never verifies anything.
        plugin: () => {
          const plugin = solana()
          return { ...plugin, get meta() {
            // Read once loaded: the plugin's meta loads with its code.
            const meta = plugin.meta
            return meta && { ...meta, capabilities: [...(meta.capabilities ?? []), 'activity' as const] }
          }, setup(portico) {
            const dispose = plugin.setup(portico)
            portico.signInVerifiers.register('solana', { label: 'Solana', verify: async () => true })
            return dispose
          } }
        },
        networks: [network],
        wallet: { connectorId: 'Portico Dev Wallet' },
        chain: { network, freshAddress: () => base58.encode(ed25519.getPublicKey(randomBytes(32))), readBalance: (address) => lamportsOf(rpc.rpcUrl, address), sendAmount: '0.0001' },
      })
      expect(report.ok).toBe(false)
      expect(report.issues).toContain("signMessage: Error: the plugin's sign-in verifier accepts a tampered message")
      expect(report.issues).toContain('tokenSend: declared but not exercised: pass chain.token')
      expect(report.issues.some((i) => i.startsWith('send: SolanaRentExemptError'))).toBe(true)
    } finally {
      dev.unregister()
    }
  })

  it('importing portico/solana touches no window, document or network; it runs without code generation', async () => {
    const report = await checkImportSideEffects({
      module: new URL('../../plugins/solana/index.ts', import.meta.url).href,
      factory: 'solana',
      kernel: new URL('../../kernel/index.ts', import.meta.url).href,
      networks: [solanaMainnet],
      nodeArgs: ['--import', 'tsx'],
      cwd: root,
    })
    expect(report.issues).toEqual([])
    expect(report.touchedAtImport).toEqual([])
  })

  it('the import check catches a module that touches the page when imported', async () => {
    const report = await checkImportSideEffects({
      module: `data:text/javascript,${encodeURIComponent('globalThis.window; fetch; export const x = 1')}`,
      cwd: root,
    })
    expect(report.ok).toBe(false)
    expect(report.issues).toEqual(['importing the module touched window', 'importing the module touched fetch'])
  })

  it('the import check catches code generation from strings', async () => {
    const report = await checkImportSideEffects({ module: `data:text/javascript,${encodeURIComponent('export const x = new Function("return 1")()')}`, cwd: root })
    expect(report.issues).toEqual(['importing the module failed: Code generation from strings disallowed for this context'])
  })
})
