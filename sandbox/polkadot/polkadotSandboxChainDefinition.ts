import { PolkadotAmountError } from '../../plugins/polkadot/errors.js'
import { decodeSs58 } from '../../plugins/polkadot/utils/ss58.js'
import { type SandboxChainDefinition, jsonRpcCall, startThen } from '../chains/SandboxChain.js'
import { sandboxPolkadotChain, sandboxRpcProxyUrl } from '../config.js'
import { SandboxFaucetError } from '../errors.js'
import { createPolkadotFaucet } from './createPolkadotFaucet.js'
import { devPolkadotAddress, devPolkadotFunding } from './devPolkadot.js'
import { startPolkadotNode } from './startPolkadotNode.js'

/** Largest single faucet payment: 1,000,000 ROC. */
const maxFaucetPlanck = 1_000_000n * 10n ** 12n

/**
 * The Substrate chain as a sandbox chain: Chopsticks running the Rococo Asset Hub runtime on its
 * port, both dev accounts funded by real faucet transfers, and a faucet that pays any SS58 address
 * (any prefix; the runtime refuses a first payment below the existential deposit).
 *
 * @example
 * await polkadotSandboxChainDefinition.start({ port: 4706, origin: 'http://127.0.0.1:4700' })
 */
export const polkadotSandboxChainDefinition: SandboxChainDefinition = {
  caipNetworkId: sandboxPolkadotChain.caipNetworkId,
  portKey: sandboxPolkadotChain.portKey,
  label: 'the Substrate node (Chopsticks)',
  start: ({ port }) =>
    startThen(startPolkadotNode({ port }), async (node) => {
      const faucet = await createPolkadotFaucet(node)
      await faucet.pay(devPolkadotAddress(0), devPolkadotFunding)
      await faucet.pay(devPolkadotAddress(1), devPolkadotFunding)
      const { caipNetworkId, name, nativeCurrency } = sandboxPolkadotChain
      return {
        info: { namespace: 'polkadot', caipNetworkId, name, nodeUrl: node.rpcUrl, nativeCurrency: { ...nativeCurrency }, tokens: [], nfts: [], accounts: [devPolkadotAddress(0), devPolkadotAddress(1)] },
        server: { caipNetworkId, name, rpcUrl: node.rpcUrl, wsUrl: node.wsUrl, testnet: true, nativeCurrency: { ...nativeCurrency }, nativePriceUsd: sandboxPolkadotChain.priceUsd },
        proxyUrl: (origin) => sandboxRpcProxyUrl(origin, caipNetworkId),
        fund: async (address, amount) => {
          if (!decodeSs58(address)) throw new SandboxFaucetError(`${address} is not a valid SS58 address (a Polkadot, Kusama or generic Substrate account)`)
          if (amount <= 0n || amount > maxFaucetPlanck) throw new SandboxFaucetError('The faucet sends more than 0 and at most 1,000,000 ROC at a time')
          try {
            return { txid: await faucet.pay(address, amount) }
          } catch (error) {
            // a first payment below the existential deposit is the caller's mistake, explained as the plugin explains it
            if (error instanceof PolkadotAmountError) throw new SandboxFaucetError(`${error.shortMessage}. ${error.details}`)
            throw error
          }
        },
        probe: async (origin, signal) => {
          await jsonRpcCall(sandboxRpcProxyUrl(origin, caipNetworkId), 'chain_getBlockHash', [0], signal)
        },
        stop: () => node.stop(),
      }
    }),
}
