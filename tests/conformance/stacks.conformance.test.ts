// portico/testing on portico/stacks: the chain-plugin suite against the SIP-030 dev wallet on the
// sandbox's Stacks ledger (with the Portico server as blockchain API), and the import side-effect check.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { bytesToHex } from '@noble/hashes/utils.js'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { Cl, Pc, privateKeyToAddress, publicKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CaipAddress } from '../../kernel/kernel.js'
import { defineStacksNetwork, stacks, stacksMainnet, type StacksSigner } from '../../plugins/stacks/index.js'
import { createServer, type PorticoServer } from '../../server/createServer.js'
import { devStacksKey, stacksDeployerDerivationPath } from '../../sandbox/stacks/devStacks.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksPorticoUsd, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../sandbox/stacks/startStacksNode.js'
import { createStacksDevWallet } from '../../sandbox/stacksWallet/createStacksDevWallet.js'
import { checkImportSideEffects, runChainPluginConformance } from './index.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const key = devStacksKey()
let node: StacksNode
let server: PorticoServer
let dataDir: string
let tokenId: string

beforeAll(async () => {
  node = await startStacksNode({
    chainId: stacksSandboxChainId,
    transactionVersion: stacksSandboxTransactionVersion,
    feeRate: stacksFeeRate,
    feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint],
    token: { contractAddress: devStacksKey(stacksDeployerDerivationPath).address, contractName: stacksPorticoUsd.contractName, assetName: stacksPorticoUsd.assetName, name: stacksPorticoUsd.name, symbol: stacksPorticoUsd.symbol, decimals: stacksPorticoUsd.decimals },
    blockIntervalMs: 100,
  })
  node.ledger.genesis(key.address, 50_000_000n)
  node.ledger.mintToken(key.address, 7_000_000n)
  tokenId = node.ledger.tokenId as string
  dataDir = await mkdtemp(join(tmpdir(), 'portico-conformance-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: `stacks:${stacksSandboxChainId}`, name: 'Portico Stacks Localnet', rpcUrl: node.url, nativeCurrency: { name: 'Stacks', symbol: 'STX', decimals: 6 }, nativePriceUsd: 2, tokens: [{ address: tokenId, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] }],
  })
})
afterAll(async () => {
  await server?.close()
  await node?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The token balance from the ledger's blockchain API, without the plugin. */
const tokenOf = async (address: string) => {
  node.mine()
  const body = (await (await fetch(`${node.url}/extended/v1/address/${address}/balances`)).json()) as { fungible_tokens: Record<string, { balance: string }> }
  return BigInt(body.fungible_tokens[tokenId]?.balance ?? '0')
}
const ustxOf = async (address: string) => BigInt(((await (await fetch(`${node.url}/v2/accounts/${address}`)).json()) as { balance: string }).balance)

describe('portico/testing on the stacks plugin', () => {
  it('passes the whole chain-plugin suite against the SIP-030 dev wallet on the Stacks ledger', async () => {
    const network = defineStacksNetwork({ chainId: stacksSandboxChainId, addressNetwork: 'testnet', walletNetwork: 'devnet', name: 'Portico Stacks Localnet', apiUrls: [node.url], testnet: true })
    const page = new EventTarget() as EventTarget & Record<string, unknown>
    const dev = createStacksDevWallet({ key, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } })
    page.PorticoStacksDevWallet = dev.provider
    page.wbip_providers = [{ id: 'PorticoStacksDevWallet', name: 'Portico Dev Wallet (Stacks)' }]
    const fresh = () => privateKeyToAddress(randomPrivateKey(), 'testnet')
    const good = fresh()
    const report = await runChainPluginConformance({
      plugin: () => stacks({}, { window: page }),
      networks: [network, stacksMainnet],
      endpoints: { api: server.url },
      target: page,
      wallet: {
        connectorId: 'PorticoStacksDevWallet',
        setMode: dev.control.setMode,
        requestCount: () => dev.control.activity().filter((a) => a.method.startsWith('stx_')).length,
      },
      chain: {
        network,
        freshAddress: fresh,
        // The kit reads right after send() returns; a Stacks transfer counts once it is in a block, so mine the pending ones first.
        readBalance: async (address) => {
          node.mine()
          return ustxOf(address)
        },
        sendAmount: '0.25',
        token: { address: `${network.caipNetworkId}:${tokenId.replace(/::/, '%3A%3A')}` as CaipAddress, decimals: 6, amount: '3', readBalance: tokenOf },
        invalidAddresses: [
          privateKeyToAddress(randomPrivateKey(), 'mainnet'),
          `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`,
          good.toLowerCase(),
          `${good}.contract-name`,
          '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        ],
        verifySignature: async ({ message, signature, address }) => {
          // @stacks/encryption with the dev key's public key, and that key's address must be the signer's.
          const publicKey = bytesToHex(key.publicKey)
          return publicKeyToAddress(publicKey, 'testnet') === address && verifyMessageSignatureRsv({ message, signature, publicKey })
        },
        // The site's own SIP-010 `transfer`, built with @stacks/transactions as a site would (Clarity values, a
        // deny-mode post condition), signed through portico.getSigner('stacks'), run by the ledger.
        signer: async ({ signer, address }) => {
          const [contract, asset] = tokenId.split('::') as [string, string]
          const receiver = fresh()
          const amount = 1_250_000n
          const before = await tokenOf(address)
          const { txid } = await (signer as StacksSigner).callContract({
            contract,
            functionName: 'transfer',
            functionArgs: [Cl.uint(amount), Cl.principal(address), Cl.principal(receiver), Cl.some(Cl.bufferFromUtf8('conformance'))],
            postConditions: [Pc.principal(address).willSendEq(amount).ft(contract as `${string}.${string}`, asset)],
            postConditionMode: 'deny',
          })
          node.mine()
          const tx = (await (await fetch(`${node.url}/extended/v1/tx/0x${txid}`)).json()) as { tx_status: string; contract_call?: { function_name: string } }
          expect(tx).toMatchObject({ tx_status: 'success', contract_call: { function_name: 'transfer' } })
          expect(await tokenOf(receiver)).toBe(amount)
          expect(await tokenOf(address)).toBe(before - amount)
          return txid
        },
      },
    })
    expect(report.issues).toEqual([])
    expect(report.checks.map((c) => c.name)).toContain('send')
    expect(report.checks.map((c) => c.name)).toContain('tokenSend')
    expect(report.checks.map((c) => c.name)).toContain('a silent reconnect on the next page load')
    expect(report.checks.map((c) => c.name)).toContain("signer: a site's own transaction, signed and accepted by the chain")
  })

  it('importing portico/stacks touches no window, document or network; it runs without code generation', async () => {
    const report = await checkImportSideEffects({
      module: new URL('../../plugins/stacks/index.ts', import.meta.url).href,
      factory: 'stacks',
      kernel: new URL('../../kernel/index.ts', import.meta.url).href,
      networks: [stacksMainnet],
      nodeArgs: ['--import', 'tsx'],
      cwd: root,
    })
    expect(report.issues).toEqual([])
    expect(report.touchedAtImport).toEqual([])
  })
})
