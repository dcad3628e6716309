// portico/testing on the sui plugin: the whole chain-plugin suite against the Sui dev wallet on the
// sandbox's Sui ledger, and the import side-effect check.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { getWallets } from '@wallet-standard/app'
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { fromBase64 } from '@mysten/sui/utils'
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CaipAddress } from '../../kernel/kernel.js'
import { defineSuiNetwork, sui, suiMainnet, type SuiSigner } from '../../plugins/sui/index.js'
import { encodeSuiCoinType } from '../../plugins/sui/utils/encodeSuiCoinType.js'
import { createServer, type PorticoServer } from '../../server/createServer.js'
import { devSuiAddress, devSuiKeypair } from '../../sandbox/sui/devSui.js'
import { startSuiRpc, type SuiRpc } from '../../sandbox/sui/startSuiRpc.js'
import { suiCoinType, suiPorticoUsd } from '../../sandbox/sui/suiSandboxChain.js'
import { registerWalletStandardWallet } from '../../sandbox/solanaWallet/registerWalletStandardWallet.js'
import { createSuiDevWallet } from '../../sandbox/suiWallet/createSuiDevWallet.js'
import { checkImportSideEffects, runChainPluginConformance } from './index.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
let rpc: SuiRpc
let server: PorticoServer
let dataDir: string

const total = (owner: string, coinType: string) => rpc.ledger.coins(owner, coinType).reduce((sum, c) => sum + c.balance, 0n)

beforeAll(async () => {
  rpc = await startSuiRpc()
  rpc.ledger.mint(devSuiAddress, suiCoinType, 100_000_000_000n)
  rpc.ledger.mint(devSuiAddress, suiPorticoUsd.coinType, 40_000_000n)
  rpc.ledger.mint(devSuiAddress, suiPorticoUsd.coinType, 60_000_000n)
  dataDir = await mkdtemp(join(tmpdir(), 'portico-conformance-sui-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: 'sui:localnet', name: 'Portico Sui Localnet', rpcUrl: rpc.rpcUrl, nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 }, nativePriceUsd: 2, tokens: [{ address: suiPorticoUsd.coinType, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] }],
  })
})
afterAll(async () => {
  await server?.close()
  await rpc?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The real Sui dev wallet, registered with a window-like EventTarget by the Wallet Standard events. */
function registerSuiDevWallet() {
  const g = globalThis as { window?: EventTarget }
  g.window ??= new EventTarget()
  getWallets()
  const data = new Map<string, string>()
  const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
  const { wallet, control } = createSuiDevWallet({ keypair: devSuiKeypair(), rpcUrl: () => rpc.rpcUrl, icon: 'data:image/svg+xml;base64,PHN2Zy8+', storage })
  return { control, unregister: registerWalletStandardWallet(wallet, g.window) }
}

describe('portico/testing on the sui plugin', () => {
  it('passes the whole chain-plugin suite against the dev wallet on the Sui ledger', async () => {
    // Through the ledger's GraphQL RPC: the node API the public presets use.
    const network = defineSuiNetwork({ reference: 'localnet', name: 'Portico Sui Localnet', rpcUrls: [rpc.graphqlUrl] })
    const dev = registerSuiDevWallet()
    try {
      const report = await runChainPluginConformance({
        plugin: () => sui(),
        networks: [network, suiMainnet],
        endpoints: { api: server.url },
        target: (globalThis as { window?: EventTarget }).window,
        wallet: {
          connectorId: 'Portico Dev Wallet',
          setMode: dev.control.setMode,
          requestCount: () => dev.control.activity().filter((a) => a.method.startsWith('sui:')).length,
          listenerCount: dev.control.listenerCount,
        },
        chain: {
          network,
          freshAddress: () => new Ed25519Keypair().toSuiAddress(),
          readBalance: async (address) => total(address, suiCoinType),
          sendAmount: '0.25',
          token: { address: `${network.caipNetworkId}:${encodeSuiCoinType(suiPorticoUsd.coinType)}` as CaipAddress, decimals: 6, amount: '75', readBalance: async (address) => total(address, suiPorticoUsd.coinType) },
          invalidAddresses: ['0x2', `0x${'g'.repeat(64)}`, `0x${'a'.repeat(63)}`, `0x${'a'.repeat(66)}`, 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'],
          verifySignature: async ({ message, signature, address }) => {
            try {
              return (await verifyPersonalMessageSignature(new TextEncoder().encode(message), signature)).toSuiAddress() === address
            } catch {
              return false
            }
          },
          // A site's programmable transaction, built with @mysten/sui: two coins split off the gas
          // coin, each transferred; executed by the ledger, balances read back through its GraphQL RPC.
          signer: async ({ signer, address }) => {
            const graphql = new SuiGraphQLClient({ url: rpc.graphqlUrl, network: 'localnet' })
            const balance = async (owner: string) => BigInt((await graphql.core.getBalance({ address: owner, coinType: suiCoinType })).balance.balance)
            const [alice, bob] = [new Ed25519Keypair().toSuiAddress(), new Ed25519Keypair().toSuiAddress()]
            const transaction = new Transaction()
            const [first, second] = transaction.splitCoins(transaction.gas, [120_000_000n, 80_000_000n])
            transaction.transferObjects([first!], alice)
            transaction.transferObjects([second!], bob)
            const before = await balance(address)
            const { digest, bytes, signature } = await (signer as SuiSigner).signAndExecuteTransaction({ transaction, chain: 'sui:localnet' })
            const { transaction: executed } = await graphql.core.getTransaction({ digest })
            if (!executed.effects.status.success) throw new Error(`the ledger failed ${digest}: ${executed.effects.status.error}`)
            const gas = executed.effects.gasUsed
            const fee = BigInt(gas.computationCost) + BigInt(gas.storageCost) - BigInt(gas.storageRebate)
            const balances = [await balance(alice), await balance(bob), before - (await balance(address))]
            if (balances.join() !== [120_000_000n, 80_000_000n, 200_000_000n + fee].join()) throw new Error(`balances after ${digest}: ${balances.join(', ')}`)
            if ((await verifyTransactionSignature(fromBase64(bytes), signature)).toSuiAddress() !== address) throw new Error('the signature is not the account\'s')
            return digest
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
      // The signer's members, refused before the connection, and the digest the ledger ran.
      expect(report.checks.find((c) => c.name.startsWith('signer: one'))?.detail).toBe('toSuiAddress, signTransaction, signAndExecuteTransaction, signPersonalMessage')
      const digest = report.checks.find((c) => c.name.startsWith("signer: a site's"))?.detail
      expect(rpc.ledger.transaction(digest ?? '')?.effects.status).toEqual({ status: 'success' })
    } finally {
      dev.unregister()
    }
  })

  it('importing portico/sui touches no window, document or network; it runs without code generation', async () => {
    const report = await checkImportSideEffects({
      module: new URL('../../plugins/sui/index.ts', import.meta.url).href,
      factory: 'sui',
      kernel: new URL('../../kernel/index.ts', import.meta.url).href,
      networks: [suiMainnet],
      nodeArgs: ['--import', 'tsx'],
      cwd: root,
    })
    expect(report.issues).toEqual([])
    expect(report.touchedAtImport).toEqual([])
  })
})
