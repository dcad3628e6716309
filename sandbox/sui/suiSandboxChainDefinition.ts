import { type SandboxChainDefinition, jsonRpcCall, startThen } from '../chains/SandboxChain.js'
import { sandboxPrices, sandboxRpcProxyUrl, sandboxSuiChain } from '../config.js'
import { SandboxFaucetError } from '../errors.js'
import { createSuiFaucet } from './createSuiFaucet.js'
import { devSuiAddress, devSuiFunding } from './devSui.js'
import { ledgerDeviceAddresses, ledgerDeviceSuiFunding } from '../ledgerDevice/ledgerDeviceAccounts.js'
import { startSuiRpc } from './startSuiRpc.js'
import { suiPorticoUsd } from './suiSandboxChain.js'

/** Largest single faucet payment: 1,000,000 SUI. */
const maxFaucetMist = 1_000_000n * 1_000_000_000n

/**
 * The Sui chain as a sandbox chain: the ledger's full-node JSON-RPC on its port, the dev address
 * funded with SUI and pUSD by real faucet transactions, and a faucet that pays any `0x` + 64 hex
 * address.
 *
 * @example
 * await suiSandboxChainDefinition.start({ port: 4707, origin: 'http://127.0.0.1:4700' })
 */
export const suiSandboxChainDefinition: SandboxChainDefinition = {
  caipNetworkId: sandboxSuiChain.caipNetworkId,
  portKey: sandboxSuiChain.portKey,
  label: 'the Sui JSON-RPC',
  start: ({ port }) =>
    startThen(startSuiRpc({ port }), async (sui) => {
      const faucet = createSuiFaucet(sui.ledger)
      sui.ledger.mint(faucet.address, suiPorticoUsd.coinType, devSuiFunding.pUsd)
      await faucet.pay(devSuiAddress, devSuiFunding.mist)
      await faucet.pay(devSuiAddress, devSuiFunding.pUsd, suiPorticoUsd.coinType)
      // The emulated Ledger's first five Ledger Live Sui accounts (sandbox/ledgerDevice): 10 SUI each, by real faucet transactions.
      for (const address of ledgerDeviceAddresses.sui) await faucet.pay(address, ledgerDeviceSuiFunding)
      const { caipNetworkId, name, nativeCurrency } = sandboxSuiChain
      const token = { address: suiPorticoUsd.coinType, name: suiPorticoUsd.name, symbol: suiPorticoUsd.symbol, decimals: suiPorticoUsd.decimals }
      return {
        info: { namespace: 'sui', caipNetworkId, name, nodeUrl: sui.rpcUrl, nativeCurrency: { ...nativeCurrency }, tokens: [token], nfts: [], accounts: [devSuiAddress] },
        server: { caipNetworkId, name, rpcUrl: sui.rpcUrl, testnet: true, nativeCurrency: { ...nativeCurrency }, nativePriceUsd: sandboxSuiChain.priceUsd, tokens: [{ ...token, priceUsd: sandboxPrices.pUsd }] },
        proxyUrl: (origin) => sandboxRpcProxyUrl(origin, caipNetworkId),
        fund: async (address, amount) => {
          if (!/^0x[0-9a-fA-F]{64}$/.test(address)) throw new SandboxFaucetError(`${address} is not a valid Sui address (0x and 64 hex digits)`)
          if (amount <= 0n || amount > maxFaucetMist) throw new SandboxFaucetError('The faucet sends more than 0 and at most 1,000,000 SUI at a time')
          return { txid: await faucet.pay(address.toLowerCase(), amount) }
        },
        probe: async (origin, signal) => {
          await jsonRpcCall(sandboxRpcProxyUrl(origin, caipNetworkId), 'sui_getChainIdentifier', [], signal)
        },
        stop: () => sui.stop(),
      }
    }),
}
