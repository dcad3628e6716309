import { type SandboxChainDefinition, startThen } from '../chains/SandboxChain.js'
import { sandboxBitcoinChain, sandboxProjectId } from '../config.js'
import { SandboxFaucetError } from '../errors.js'
import { ledgerBitcoinAddresses, ledgerBitcoinFundingSats, ledgerBitcoinTaprootAddresses } from '../ledgerDevice/ledgerBitcoinAccounts.js'
import { BitcoinLedgerError } from './BitcoinLedgerError.js'
import { dustLimitSats } from './bitcoinSandboxChain.js'
import { maxFaucetSats } from './createBitcoinLedger.js'
import { devBitcoinAddress, devBitcoinFundingSats } from './devBitcoin.js'
import { startBitcoinEsplora } from './startBitcoinEsplora.js'

/**
 * The server's Esplora proxy base for a bip122 chain and the sandbox's project (see
 * `server/routes/registerEsploraProxyRoutes.ts`): an Esplora client appends `/address/…`, `/tx`, … to it.
 *
 * @example
 * esploraProxyUrl('http://127.0.0.1:4700', 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
 * // 'http://127.0.0.1:4700/v1/esplora/demo/bip122:0f9188f13cb7b2c71f2a335e3a4fc328/api'
 */
export function esploraProxyUrl(origin: string, caipNetworkId: string): string {
  return `${origin}/v1/esplora/${sandboxProjectId}/${caipNetworkId}/api`
}

/**
 * The Bitcoin regtest chain as a sandbox chain: the verifying ledger's Esplora API on its port,
 * a block every few seconds while transactions wait, the dev address (BIP-84 of the test mnemonic)
 * funded with 10 BTC, and a faucet that pays with a real signed P2WPKH transaction, mined at once.
 *
 * @example
 * await bitcoinSandboxChainDefinition.start({ port: 4704, origin: 'http://127.0.0.1:4700' })
 */
export const bitcoinSandboxChainDefinition: SandboxChainDefinition = {
  caipNetworkId: sandboxBitcoinChain.caipNetworkId,
  portKey: sandboxBitcoinChain.portKey,
  label: 'the Bitcoin regtest Esplora API',
  start: ({ port }) =>
    startThen(startBitcoinEsplora({ port, blockIntervalMs: sandboxBitcoinChain.blockIntervalMs }), async (bitcoin) => {
      await bitcoin.ledger.fund(devBitcoinAddress, devBitcoinFundingSats)
      // The emulated Ledger's first five Bitcoin accounts of each address type (sandbox/ledgerDevice: BIP-84 native segwit, BIP-86 taproot): 1 BTC each.
      for (const address of [...ledgerBitcoinAddresses, ...ledgerBitcoinTaprootAddresses]) await bitcoin.ledger.fund(address, ledgerBitcoinFundingSats)
      const { caipNetworkId, name, nativeCurrency } = sandboxBitcoinChain
      return {
        info: { namespace: 'bip122', caipNetworkId, name, nodeUrl: bitcoin.apiUrl, nativeCurrency: { ...nativeCurrency }, tokens: [], nfts: [], accounts: [devBitcoinAddress] },
        server: { caipNetworkId, name, rpcUrl: bitcoin.apiUrl, testnet: true, nativeCurrency: { ...nativeCurrency }, nativePriceUsd: sandboxBitcoinChain.priceUsd },
        proxyUrl: (origin) => esploraProxyUrl(origin, caipNetworkId),
        fund: async (address, amount) => {
          if (amount < dustLimitSats || amount > maxFaucetSats) throw new SandboxFaucetError(`The faucet sends from ${dustLimitSats} sats (the dust limit) to 10,000 BTC at a time`)
          try {
            return { txid: await bitcoin.ledger.fund(address, amount) }
          } catch (error) {
            if (error instanceof BitcoinLedgerError && error.rpcCode === -5) throw new SandboxFaucetError(`${address} is not a valid Bitcoin regtest address (bcrt1…, m…, n… or 2…)`, { cause: error })
            throw error
          }
        },
        probe: async (origin, signal) => {
          const response = await fetch(`${esploraProxyUrl(origin, caipNetworkId)}/blocks/tip/height`, { signal })
          if (!response.ok || !/^\d+$/.test(await response.text())) throw new Error(`HTTP ${response.status}`)
        },
        stop: () => bitcoin.stop(),
      }
    }),
}
