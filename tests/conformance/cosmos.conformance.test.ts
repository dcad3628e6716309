import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { bech32 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CaipAddress } from '../../kernel/kernel.js'
import { cosmos, cosmosHub, defineCosmosNetwork, cosmosLocalnet, type CosmosSigner } from '../../plugins/cosmos/index.js'
import { cosmosSandboxChainId, cosmosSandboxNativeDenom as denom, cosmosSandboxPrefix as prefix, cosmosSandboxTokenDenom } from '../../sandbox/cosmos/cosmosSandboxChain.js'
import { devCosmosAddress, devCosmosFunding, devCosmosKey } from '../../sandbox/cosmos/devCosmos.js'
import { type CosmosNode, startCosmosNode } from '../../sandbox/cosmos/startCosmosNode.js'
import { createCosmosDevWallet } from '../../sandbox/cosmosWallet/createCosmosDevWallet.js'
import { sendTokensWithCosmJs } from '../../sandbox/demo/siteTransactions/sendTokensWithCosmJs.js'
import { createServer, type PorticoServer } from '../../server/createServer.js'
import { runChainPluginConformance } from './index.js'

let node: CosmosNode
let server: PorticoServer
let dataDir: string

beforeAll(async () => {
  node = await startCosmosNode({ chainId: cosmosSandboxChainId, prefix, nativeDenom: denom })
  node.ledger.genesis(devCosmosAddress, denom, devCosmosFunding.native)
  node.ledger.genesis(devCosmosAddress, cosmosSandboxTokenDenom, devCosmosFunding.token)
  dataDir = await mkdtemp(join(tmpdir(), 'portico-conformance-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: cosmosLocalnet.caipNetworkId, name: cosmosLocalnet.name, rpcUrl: node.url, nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 }, tokens: [{ address: cosmosSandboxTokenDenom, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] }],
  })
})
afterAll(async () => {
  await server?.close()
  await node?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const freshAddress = () => bech32.encode(prefix, bech32.toWords(randomBytes(20)))
/** A balance read from the node's REST gateway, without the plugin. */
const units = async (address: string, which: string): Promise<bigint> => {
  const body = (await (await fetch(`${node.url}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${which}`)).json()) as { balance: { amount: string } }
  return BigInt(body.balance.amount)
}

/** An ADR-36 check written with cosmjs's own amino sign doc and secp256k1, not the plugin's code. */
async function cosmjsVerifyAdr36({ message, signature, address }: { message: string; signature: string; address: string }): Promise<boolean> {
  const { pub_key, signature: sig } = JSON.parse(signature) as { pub_key: { value: string }; signature: string }
  const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer: address, data: toBase64(new TextEncoder().encode(message)) } }], { gas: '0', amount: [] }, '', '', 0, 0)
  return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(fromBase64(sig)), sha256(serializeSignDoc(doc)), fromBase64(pub_key.value))
}

describe('portico/testing on the cosmos plugin', () => {
  it('passes the whole chain-plugin suite against the Keplr-compatible dev wallet on the sandbox ledger', async () => {
    const network = defineCosmosNetwork({ ...cosmosLocalnet.cosmos, name: cosmosLocalnet.name, nativeCurrency: cosmosLocalnet.nativeCurrency, restUrls: [node.url], testnet: true })
    const win = new EventTarget() as EventTarget & Record<string, unknown>
    const dev = createCosmosDevWallet({ key: devCosmosKey(), knownChains: {}, target: win })
    win.porticoCosmosDevWallet = dev.provider
    const report = await runChainPluginConformance({
      plugin: () => cosmos({ wallets: [{ id: 'portico-dev-cosmos', name: 'Portico Dev Wallet (Cosmos)', path: 'porticoCosmosDevWallet' }] }, { window: win }),
      networks: [network, cosmosHub],
      endpoints: { api: server.url },
      target: win,
      wallet: {
        connectorId: 'portico-dev-cosmos',
        setMode: dev.control.setMode,
        requestCount: () => dev.control.activity().length,
      },
      chain: {
        network,
        freshAddress,
        readBalance: (address) => units(address, denom),
        sendAmount: '0.25',
        token: { address: `${network.caipNetworkId}:${cosmosSandboxTokenDenom}` as CaipAddress, decimals: 6, amount: '3', readBalance: (address) => units(address, cosmosSandboxTokenDenom) },
        invalidAddresses: [
          devCosmosAddress.slice(0, -1) + (devCosmosAddress.endsWith('q') ? 'p' : 'q'),
          bech32.encode('cosmos', bech32.toWords(randomBytes(20))),
          bech32.encode(prefix, bech32.toWords(randomBytes(19))),
          devCosmosAddress.toUpperCase().slice(0, 10) + devCosmosAddress.slice(10),
          '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        ],
        verifySignature: cosmjsVerifyAdr36,
        // The site's own transaction: CosmJS's SigningStargateClient with Portico's signer, a MsgSend and a memo.
        async signer({ signer, address }) {
          const to = freshAddress()
          const before = await units(address, denom)
          const memo = `conformance ${to.slice(-6)}`
          const result = await sendTokensWithCosmJs({ signer: signer as CosmosSigner, rpcUrl: node.url, to, amount: { denom, amount: '123456' }, memo, gasPrice: `0.025${denom}` })
          const received = await units(to, denom)
          if (received !== 123_456n) throw new Error(`the receiver holds ${received}${denom}, not 123456${denom}`)
          const spent = before - (await units(address, denom))
          if (spent <= 123_456n) throw new Error(`the sender paid ${spent}${denom}: no fee on top of the amount`)
          const tx = (await (await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${result.transactionHash}`)).json()) as { tx?: { body?: { memo?: string } } }
          if (tx.tx?.body?.memo !== memo) throw new Error(`the chain holds the memo ${JSON.stringify(tx.tx?.body?.memo)}, not ${JSON.stringify(memo)}`)
          return result.transactionHash
        },
      },
    })
    expect(report.issues).toEqual([])
    expect(report.checks.map((c) => c.name)).toContain('tokenSend')
    expect(report.checks.find((c) => c.name.startsWith("signer: a site's own transaction"))).toMatchObject({ ok: true, detail: expect.stringMatching(/^[0-9A-F]{64}$/) })
  })
})
