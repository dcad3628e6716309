import { decodeSs58, PolkadotAmountError } from '../../plugins/polkadot/server/index.js'
import { type SandboxChain, type SandboxChainDefinition, jsonRpcCall } from '../chains/SandboxChain.js'
import { listenOnDemand } from '../chains/listenOnDemand.js'
import { sandboxHost, sandboxPolkadotChain, sandboxRpcProxyUrl } from '../config.js'
import { freeLoopbackPort } from '../engines/startEngines.js'
import { SandboxFaucetError } from '../errors.js'
import { createPolkadotFaucet, type PolkadotFaucet } from './createPolkadotFaucet.js'
import { devPolkadotAddress, devPolkadotFunding } from './devPolkadot.js'
import { ledgerPolkadotAddresses, ledgerPolkadotFunding } from '../ledgerDevice/ledgerPolkadotApp.js'
import { startPolkadotNode, type PolkadotNode } from './startPolkadotNode.js'

/** Largest single faucet payment: 1,000,000 ROC. */
const maxFaucetPlanck = 1_000_000n * 10n ** 12n

/** Starts Chopsticks on `port` and funds both dev accounts with real faucet transfers. */
async function startFundedNode(port: number): Promise<{ port: number; node: PolkadotNode; faucet: PolkadotFaucet }> {
  const node = await startPolkadotNode({ port })
  try {
    const faucet = await createPolkadotFaucet(node)
    await faucet.pay(devPolkadotAddress(0), devPolkadotFunding)
    await faucet.pay(devPolkadotAddress(1), devPolkadotFunding)
    // The emulated Ledger's first five Polkadot accounts, given their ROC in storage as the faucet's premine is (one call, no blocks).
    await node.setStorage({ System: { Account: ledgerPolkadotAddresses.map((address) => [[address], { providers: 1, data: { free: ledgerPolkadotFunding.toString() } }]) } })
    return { port, node, faucet }
  } catch (error) {
    await node.stop()
    throw error
  }
}

/**
 * The Substrate chain as a sandbox chain: Chopsticks running the Rococo Asset Hub runtime on its
 * port, both dev accounts funded by real faucet transfers, and a faucet that pays any SS58 address
 * (any prefix; the runtime refuses a first payment below the existential deposit).
 *
 * With `onDemand`, the port is a relay that starts Chopsticks (on a port of its own) and funds the
 * dev accounts on the first connection or faucet payment: the runtime's WebAssembly costs a sandbox
 * start some 8 CPU-seconds, and most of the test suite's sandboxes never reach the chain. The first
 * request then waits for the start (about 6 s on a quiet two-core machine).
 *
 * @example
 * await polkadotSandboxChainDefinition.start({ port: 4706, origin: 'http://127.0.0.1:4700' })
 */
export const polkadotSandboxChainDefinition: SandboxChainDefinition = {
  caipNetworkId: sandboxPolkadotChain.caipNetworkId,
  portKey: sandboxPolkadotChain.portKey,
  label: 'the Substrate node (Chopsticks)',
  async start({ port, onDemand }) {
    let ensure: () => Promise<{ faucet: PolkadotFaucet }>
    let stop: () => Promise<void>
    if (onDemand) {
      const relay = await listenOnDemand({
        port,
        what: 'the Substrate node (Chopsticks)',
        start: async () => startFundedNode(await freeLoopbackPort()),
        stopPart: ({ node }) => node.stop(),
      })
      ensure = relay.ensure
      stop = relay.stop
    } else {
      const started = await startFundedNode(port)
      ensure = async () => started
      stop = () => started.node.stop()
    }
    const { caipNetworkId, name, nativeCurrency } = sandboxPolkadotChain
    const rpcUrl = `http://${sandboxHost}:${port}`
    const chain: SandboxChain = {
      info: { namespace: 'polkadot', caipNetworkId, name, nodeUrl: rpcUrl, nativeCurrency: { ...nativeCurrency }, tokens: [], nfts: [], accounts: [devPolkadotAddress(0), devPolkadotAddress(1)] },
      server: { caipNetworkId, name, rpcUrl, wsUrl: `ws://${sandboxHost}:${port}`, testnet: true, nativeCurrency: { ...nativeCurrency }, nativePriceUsd: sandboxPolkadotChain.priceUsd },
      proxyUrl: (origin) => sandboxRpcProxyUrl(origin, caipNetworkId),
      fund: async (address, amount) => {
        if (!decodeSs58(address)) throw new SandboxFaucetError(`${address} is not a valid SS58 address (a Polkadot, Kusama or generic Substrate account)`)
        if (amount <= 0n || amount > maxFaucetPlanck) throw new SandboxFaucetError('The faucet sends more than 0 and at most 1,000,000 ROC at a time')
        const { faucet } = await ensure()
        try {
          return { txid: await faucet.pay(address, amount) }
        } catch (error) {
          // a first payment below the existential deposit is the caller's mistake, explained as the plugin explains it
          if (error instanceof PolkadotAmountError) throw new SandboxFaucetError(`${error.shortMessage}. ${error.details}`)
          throw error
        }
      },
      // On demand, a probe would start the node it is meant to spare: none (the server's proxy for
      // the chain is then first used by whoever needs the chain).
      ...(onDemand
        ? {}
        : {
            probe: async (origin: string, signal: AbortSignal) => {
              await jsonRpcCall(sandboxRpcProxyUrl(origin, caipNetworkId), 'chain_getBlockHash', [0], signal)
            },
          }),
      stop,
    }
    return chain
  },
}
