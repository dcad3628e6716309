import { type SandboxChainDefinition, startThen } from '../chains/SandboxChain.js'
import { sandboxCosmosChain, sandboxProjectId } from '../config.js'
import { SandboxFaucetError } from '../errors.js'
import { ledgerCosmosAddresses, ledgerCosmosFunding } from '../ledgerDevice/ledgerCosmosAccounts.js'
import { CosmosLedgerError } from './CosmosLedgerError.js'
import { cosmosMinFee, cosmosSandboxChainId, cosmosSandboxNativeDenom, cosmosSandboxPrefix, cosmosSandboxTokenDenom } from './cosmosSandboxChain.js'
import { cosmosFaucetDerivationPath, cosmosFaucetFunding, devCosmosAddress, devCosmosFunding, devCosmosKey } from './devCosmos.js'
import { signCosmosSend } from './signCosmosSend.js'
import { type CosmosNode, startCosmosNode } from './startCosmosNode.js'

/**
 * The server's proxy base for a cosmos chain and the sandbox's project (see
 * `server/routes/registerCosmosProxyRoutes.ts`): CometBFT JSON-RPC is POSTed to it, REST paths
 * (`/cosmos/bank/v1beta1/…`) are appended to it.
 *
 * @example
 * cosmosProxyUrl('http://127.0.0.1:4700', 'cosmos:portico-local-1')
 * // 'http://127.0.0.1:4700/v1/cosmos/demo/cosmos:portico-local-1'
 */
export function cosmosProxyUrl(origin: string, caipNetworkId: string): string {
  return `${origin}/v1/cosmos/${sandboxProjectId}/${caipNetworkId}`
}

/** The faucet's gas limit per payment (a one-message send uses about 75,000). */
const faucetGasLimit = 200_000n
/** The most the faucet pays at once: 1,000,000 PTC. */
export const maxCosmosFaucetAmount = 1_000_000_000_000n

/**
 * Pays `amount` of the native denom from the faucet account with a real signed `MsgSend`.
 *
 * @param node the running node
 * @param address the receiver
 * @param amount base units
 * @returns the transaction hash
 * @example
 * await payFromCosmosFaucet(node, 'portico1…', 1_000_000n)
 */
export function payFromCosmosFaucet(node: CosmosNode, address: string, amount: bigint): { txid: string } {
  const faucet = devCosmosKey(cosmosFaucetDerivationPath)
  const account = node.ledger.account(faucet.address)
  if (!account) throw new Error('The Cosmos faucet account is missing')
  const tx = node.ledger.submit(
    signCosmosSend({
      ...faucet,
      chainId: cosmosSandboxChainId,
      accountNumber: account.accountNumber,
      sequence: account.sequence,
      from: faucet.address,
      to: address,
      amount: [{ denom: cosmosSandboxNativeDenom, amount: String(amount) }],
      fee: [{ denom: cosmosSandboxNativeDenom, amount: String(cosmosMinFee(faucetGasLimit)) }],
      gasLimit: faucetGasLimit,
      memo: 'Portico sandbox faucet',
    }),
  )
  if (tx.code !== 0) throw new Error(`The Cosmos faucet payment failed: ${tx.log}`)
  return { txid: tx.hash }
}

/**
 * The Cosmos chain as a sandbox chain: the verifying bank ledger behind CometBFT RPC and the REST
 * gateway on its port; at genesis the faucet account, the dev address (coin type 118 of the test
 * mnemonic: 1,000 PTC and 5,000 pUSD) and the emulated Ledger's first five Cosmos accounts (1,000 PTC each); a faucet that pays with a real signed `MsgSend`, in a block at once.
 *
 * @example
 * await cosmosSandboxChainDefinition.start({ port: 4705, origin: 'http://127.0.0.1:4700' })
 */
export const cosmosSandboxChainDefinition: SandboxChainDefinition = {
  caipNetworkId: sandboxCosmosChain.caipNetworkId,
  portKey: sandboxCosmosChain.portKey,
  label: 'the Cosmos node (CometBFT RPC and REST)',
  start: ({ port }) =>
    startThen(startCosmosNode({ port, chainId: cosmosSandboxChainId, prefix: cosmosSandboxPrefix, nativeDenom: cosmosSandboxNativeDenom }), async (node) => {
      node.ledger.genesis(devCosmosKey(cosmosFaucetDerivationPath).address, cosmosSandboxNativeDenom, cosmosFaucetFunding)
      node.ledger.genesis(devCosmosAddress, cosmosSandboxNativeDenom, devCosmosFunding.native)
      node.ledger.genesis(devCosmosAddress, cosmosSandboxTokenDenom, devCosmosFunding.token)
      for (const address of ledgerCosmosAddresses) node.ledger.genesis(address, cosmosSandboxNativeDenom, ledgerCosmosFunding)
      const { caipNetworkId, name, nativeCurrency, token } = sandboxCosmosChain
      return {
        info: {
          namespace: 'cosmos',
          caipNetworkId,
          name,
          nodeUrl: node.url,
          nativeCurrency: { ...nativeCurrency },
          tokens: [{ address: token.denom, name: token.name, symbol: token.symbol, decimals: token.decimals }],
          nfts: [],
          accounts: [devCosmosAddress],
        },
        server: {
          caipNetworkId,
          name,
          rpcUrl: node.url,
          testnet: true,
          nativeCurrency: { ...nativeCurrency },
          nativePriceUsd: sandboxCosmosChain.priceUsd,
          tokens: [{ address: token.denom, name: token.name, symbol: token.symbol, decimals: token.decimals, priceUsd: token.priceUsd }],
        },
        proxyUrl: (origin) => cosmosProxyUrl(origin, caipNetworkId),
        fund: async (address, amount) => {
          if (amount > maxCosmosFaucetAmount) throw new SandboxFaucetError('The faucet sends at most 1,000,000 PTC at a time')
          if (!node.ledger.isAddress(address)) throw new SandboxFaucetError(`${address} is not a valid address of ${caipNetworkId} (bech32 ${cosmosSandboxPrefix}1…, 20 or 32 bytes)`)
          try {
            return payFromCosmosFaucet(node, address, amount)
          } catch (error) {
            if (error instanceof CosmosLedgerError) throw new SandboxFaucetError(error.log, { cause: error })
            throw error
          }
        },
        probe: async (origin, signal) => {
          const response = await fetch(`${cosmosProxyUrl(origin, caipNetworkId)}/cosmos/base/tendermint/v1beta1/node_info`, { signal })
          const body = (await response.json()) as { default_node_info?: { network?: string } }
          if (!response.ok || body.default_node_info?.network !== cosmosSandboxChainId) throw new Error(`HTTP ${response.status}`)
        },
        stop: () => node.stop(),
      }
    }),
}
