import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { definePolkadotNetwork, polkadot, polkadotMainnet, type PolkadotChainSigner } from '../../plugins/polkadot/index.js'
import { sendPolkadotBatch } from '../../sandbox/demo/siteTransactions/sendPolkadotBatch.js'
import { devMnemonic } from '../../sandbox/devnets/devAccounts.js'
import { createPolkadotFaucet } from '../../sandbox/polkadot/createPolkadotFaucet.js'
import { devPolkadotAccounts, devPolkadotAddress, devPolkadotFunding } from '../../sandbox/polkadot/devPolkadot.js'
import { polkadotSandboxCaipNetworkId, polkadotSandboxGenesisHash } from '../../sandbox/polkadot/polkadotSandboxChain.js'
import { type PolkadotNode, startPolkadotNode } from '../../sandbox/polkadot/startPolkadotNode.js'
import { createPolkadotDevWallet } from '../../sandbox/polkadotWallet/createPolkadotDevWallet.js'
import { derivePolkadotDevKey } from '../../sandbox/polkadotWallet/derivePolkadotDevKey.js'
import { createServer, type PorticoServer } from '../../server/createServer.js'
import { pickSandboxPort } from '../helpers/pickSandboxPort.js'
import { runChainPluginConformance } from './index.js'

let node: PolkadotNode
let server: PorticoServer
let dataDir: string
const nativeCurrency = { name: 'Rococo', symbol: 'ROC', decimals: 12 }

beforeAll(async () => {
  await cryptoWaitReady()
  node = await startPolkadotNode({ port: (await pickSandboxPort()) + 6 })
  await (await createPolkadotFaucet(node)).pay(devPolkadotAddress(0), devPolkadotFunding)
  dataDir = await mkdtemp(join(tmpdir(), 'portico-conformance-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: polkadotSandboxCaipNetworkId, name: 'Portico Substrate Devnet', rpcUrl: node.rpcUrl, nativeCurrency, nativePriceUsd: 5 }],
  })
})
afterAll(async () => {
  await server?.close()
  await node?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/**
 * A balance read from the node's own storage through its JSON-RPC, without the plugin. The kit reads
 * right after the send is submitted; a Substrate chain includes it in the next block, so an empty
 * balance is read again until that block is there (at most 5 s).
 */
async function freeOf(address: string): Promise<bigint> {
  const { ApiPromise, HttpProvider } = await import('@polkadot/api')
  const api = await ApiPromise.create({ provider: new HttpProvider(node.rpcUrl), noInitWarn: true })
  try {
    let free = 0n
    for (let i = 0; i < 50 && free === 0n; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100))
      free = (await api.query.system.account(address)).data.free.toBigInt()
    }
    return free
  } finally {
    await api.disconnect()
  }
}

describe('portico/testing on the polkadot plugin', () => {
  it('passes the whole chain-plugin suite against the injectedWeb3 dev wallet on the sandbox Substrate chain', async () => {
    const network = definePolkadotNetwork({ genesisHash: polkadotSandboxGenesisHash, ss58Prefix: 42, name: 'Portico Substrate Devnet', rpcUrls: [node.rpcUrl], nativeCurrency, testnet: true })
    const dev = createPolkadotDevWallet({ keys: [{ name: devPolkadotAccounts[0].name, key: derivePolkadotDevKey(devMnemonic) }] })
    const win = Object.assign(new EventTarget(), { injectedWeb3: { 'portico-dev-wallet': dev.entry } })
    const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
    const report = await runChainPluginConformance({
      plugin: () => polkadot({ appName: 'Conformance' }, { window: win }),
      networks: [network, polkadotMainnet],
      endpoints: { api: server.url },
      target: win,
      wallet: { connectorId: 'portico-dev-wallet', setMode: dev.control.setMode, requestCount: () => dev.control.activity().length },
      chain: {
        network,
        freshAddress: () => keyring.addFromUri(`//conformance-${Math.random()}`).address,
        readBalance: freeOf,
        sendAmount: '0.25',
        invalidAddresses: [
          devPolkadotAddress(0).slice(0, -1) + (devPolkadotAddress(0).endsWith('a') ? 'b' : 'a'),
          new Keyring({ type: 'sr25519', ss58Format: 0 }).addFromUri('//conformance-prefix').address,
          devPolkadotAddress(0).slice(0, -2),
          '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        ],
        verifySignature: async ({ message, signature, address }) => signatureVerify(u8aWrapBytes(u8aToHex(new TextEncoder().encode(message))), signature, address).isValid,
        // The site's own transaction: polkadot-api's Utility.batch_all of two transfers, signed
        // through the PolkadotSigner of portico.getSigner('polkadot'), both balances read back.
        signer: async ({ signer, network }) => {
          const [first, second] = [keyring.addFromUri(`//batch-a-${Math.random()}`).address, keyring.addFromUri(`//batch-b-${Math.random()}`).address]
          const { hash, blockNumber } = await sendPolkadotBatch({
            signer: signer as PolkadotChainSigner,
            rpcUrl: network.rpcUrls.default.http[0]!,
            transfers: [
              { to: first, amount: 1_250_000_000_000n },
              { to: second, amount: 750_000_000_000n },
            ],
          })
          const [a, b] = [await freeOf(first), await freeOf(second)]
          if (a !== 1_250_000_000_000n || b !== 750_000_000_000n) throw new Error(`the batch ${hash} left ${a} and ${b} planck at the receivers`)
          return `${hash} in block ${blockNumber}`
        },
      },
    })
    expect(report.issues).toEqual([])
    expect(report.checks.map((c) => c.name)).toContain('send')
    expect(report.checks.find((c) => c.name === 'signer: one per namespace, refusing while nothing is connected')).toMatchObject({ ok: true, detail: 'signTx, signBytes, signPayload, signRaw' })
    expect(report.checks.find((c) => c.name === "signer: a site's own transaction, signed and accepted by the chain")).toMatchObject({ ok: true, detail: expect.stringMatching(/^0x[0-9a-f]{64} in block \d+$/) })
  }, 120_000)
})
