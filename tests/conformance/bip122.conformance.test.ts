import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bip122, bitcoinMainnet, bitcoinRegtest, defineBitcoinNetwork } from '../../plugins/bip122/index.js'
import { devBitcoinAddress, devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createBitcoinDevWallet } from '../../sandbox/bitcoinWallet/createBitcoinDevWallet.js'
import { regtestNetwork } from '../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { signBip122SiteTransaction } from '../../sandbox/demo/siteTransactions/signBip122SiteTransaction.js'
import type { Bip122Signer } from '../../plugins/bip122/index.js'
import { verifyBip322 } from '../sandbox/bitcoinWallet/verifyBip322.js'
import { fileURLToPath } from 'node:url'
import { checkImportSideEffects, runChainPluginConformance } from './index.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
beforeAll(async () => {
  // Blocks every 200 ms so a send is confirmed while the suite waits.
  esplora = await startBitcoinEsplora({ blockIntervalMs: 200 })
  await esplora.ledger.fund(devBitcoinAddress, 5_000_000n)
})
afterAll(async () => {
  await esplora?.stop()
})

const satsOf = (address: string) => esplora.ledger.utxos(esplora.ledger.scriptOf(address)).reduce((sum, u) => sum + u.value, 0n)

describe('portico/testing on the bip122 plugin', () => {
  it('passes the whole chain-plugin suite against the Bitcoin dev wallet on the regtest ledger', async () => {
    const network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
    const dev = createBitcoinDevWallet({ paymentKey: devBitcoinKey(), ordinalsKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: esplora.apiUrl, icon: 'data:image/svg+xml;base64,PHN2Zy8+' })
    // The page as WBIP004 wallets inject themselves: the provider at a global, listed in btc_providers.
    const page = { PorticoDevWalletBitcoin: dev.provider, btc_providers: [{ id: 'PorticoDevWalletBitcoin', name: dev.provider.name, icon: dev.provider.icon, methods: dev.provider.methods }] }
    const report = await runChainPluginConformance({
      plugin: () => bip122({ confirmTimeoutMs: 0 }, { root: page }),
      networks: [network, bitcoinMainnet],
      wallet: {
        connectorId: 'PorticoDevWalletBitcoin',
        setMode: dev.control.setMode,
        requestCount: () => dev.control.activity().filter((a) => a.method !== 'getInfo').length,
      },
      chain: {
        network,
        freshAddress: () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!,
        readBalance: async (address) => satsOf(address),
        sendAmount: '0.001',
        invalidAddresses: ['bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnux', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
        verifySignature: async ({ message, signature, address }) => verifyBip322(address, message, signature),
        // A site's own PSBT (two inputs of the payment address, an OP_RETURN output), built with
        // @scure/btc-signer, signed through portico.getSigner('bip122') and broadcast; read back from the ledger.
        signer: async ({ signer, address }) => {
          for (const sats of [60_000n, 50_000n]) await esplora.ledger.fund(address, sats)
          const { txid } = await signBip122SiteTransaction({ signer: signer as Bip122Signer, esploraUrl: esplora.apiUrl, network: regtestNetwork, memo: 'portico conformance' })
          const onChain = esplora.ledger.transaction(txid)
          if (!onChain || onChain.tx.inputsLength !== 2) throw new Error(`the ledger does not hold ${txid} with two inputs`)
          const memo = Buffer.from(onChain.tx.getOutput(0).script!).toString('hex')
          if (memo !== `6a13${Buffer.from('portico conformance').toString('hex')}`) throw new Error(`output 0 is ${memo}, not the OP_RETURN`)
          return txid
        },
      },
    })
    expect(report.issues).toEqual([])
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual(
      [
        'structure',
        'discoverWallets lists the wallet',
        'a rejected connection is "Connection rejected"',
        'signer: one per namespace, refusing while nothing is connected',
        'connect',
        'balance',
        'signMessage',
        'send',
        "signer: a site's own transaction, signed and accepted by the chain",
        'a wallet that rejects: code 4001, still connected',
        'invalid addresses are refused before the wallet is asked',
        'a silent reconnect on the next page load',
        'disconnect',
        'clean disposal',
      ].map((name) => [name, true]),
    )
  })
  it('importing portico/bip122 touches no window, document or network; it runs without code generation', async () => {
    const report = await checkImportSideEffects({
      module: new URL('../../plugins/bip122/index.ts', import.meta.url).href,
      factory: 'bip122',
      kernel: new URL('../../kernel/index.ts', import.meta.url).href,
      networks: [bitcoinMainnet],
      nodeArgs: ['--import', 'tsx'],
      cwd: root,
    })
    expect(report.issues).toEqual([])
    expect(report.touchedAtImport).toEqual([])
  })
})
