import { bytesToHex } from '@noble/hashes/utils.js'
import { STACKS_TESTNET } from '@stacks/network'
import { makeSTXTokenTransfer } from '@stacks/transactions'

import { type SandboxChainDefinition, startThen } from '../chains/SandboxChain.js'
import { sandboxStacksChain } from '../config.js'
import { SandboxFaucetError } from '../errors.js'
import { ledgerDeviceAddresses, ledgerDeviceFunding } from '../ledgerDevice/ledgerDeviceAccounts.js'
import { devStacksFunding, devStacksKey, stacksDeployerDerivationPath, stacksFaucetDerivationPath, stacksFaucetFunding } from './devStacks.js'
import { StacksLedgerError } from './StacksLedgerError.js'
import { stacksProxyUrl } from './stacksProxyUrl.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksPorticoUsd, stacksSandboxChainId, stacksSandboxTransactionVersion } from './stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from './startStacksNode.js'

/** The most the faucet pays at once: 1,000,000 STX. */
export const maxStacksFaucetAmount = 1_000_000_000_000n

/**
 * Pays `amount` µSTX from the faucet account with a real transfer signed by `@stacks/transactions`,
 * and mines it at once.
 *
 * @param node the running node
 * @param address the receiver (`ST…`)
 * @param amount µSTX
 * @returns the transaction id
 * @example
 * await payFromStacksFaucet(node, 'ST…', 1_000_000n)
 */
export async function payFromStacksFaucet(node: StacksNode, address: string, amount: bigint): Promise<{ txid: string }> {
  const faucet = devStacksKey(stacksFaucetDerivationPath)
  const { nextNonce } = node.ledger.account(faucet.address)
  const tx = await makeSTXTokenTransfer({
    recipient: address,
    amount,
    memo: 'Portico sandbox faucet',
    senderKey: `${bytesToHex(faucet.privateKey)}01`,
    nonce: nextNonce,
    fee: 180n * stacksFeeRate * 10n,
    network: { ...STACKS_TESTNET, chainId: stacksSandboxChainId, client: { baseUrl: node.url } },
  })
  const record = node.ledger.submit(tx.serializeBytes())
  node.ledger.mine()
  if (record.status !== 'success') throw new Error(`The Stacks faucet payment failed: ${record.result}`)
  return { txid: `0x${record.txid}` }
}

/**
 * The Stacks chain as a sandbox chain: the verifying ledger behind the Stacks node and blockchain
 * API subsets on its port, mining pending transactions every second; at genesis the faucet holds
 * STX and the token's deployer mints pUSD; the dev address is funded by real faucet transfers
 * (1,000 STX) and holds 5,000 pUSD; a faucet that pays any testnet (`ST…`/`SN…`) address.
 *
 * @example
 * await stacksSandboxChainDefinition.start({ port: 4708, origin: 'http://127.0.0.1:4700' })
 */
export const stacksSandboxChainDefinition: SandboxChainDefinition = {
  caipNetworkId: sandboxStacksChain.caipNetworkId,
  portKey: sandboxStacksChain.portKey,
  label: 'the Stacks node API',
  start: ({ port }) =>
    startThen(
      startStacksNode({
        port,
        chainId: stacksSandboxChainId,
        transactionVersion: stacksSandboxTransactionVersion,
        feeRate: stacksFeeRate,
        feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint],
        token: { contractAddress: devStacksKey(stacksDeployerDerivationPath).address, contractName: stacksPorticoUsd.contractName, assetName: stacksPorticoUsd.assetName, name: stacksPorticoUsd.name, symbol: stacksPorticoUsd.symbol, decimals: stacksPorticoUsd.decimals },
        blockIntervalMs: sandboxStacksChain.blockIntervalMs,
      }),
      async (node) => {
        const dev = devStacksKey()
        node.ledger.genesis(devStacksKey(stacksFaucetDerivationPath).address, stacksFaucetFunding)
        node.ledger.mintToken(dev.address, devStacksFunding.pUsd)
        await payFromStacksFaucet(node, dev.address, devStacksFunding.ustx)
        for (const address of ledgerDeviceAddresses.stacks) await payFromStacksFaucet(node, address, ledgerDeviceFunding.stacksUstx)
        const { caipNetworkId, name, nativeCurrency } = sandboxStacksChain
        const tokenId = node.ledger.tokenId as string
        const token = { address: tokenId, name: stacksPorticoUsd.name, symbol: stacksPorticoUsd.symbol, decimals: stacksPorticoUsd.decimals }
        return {
          info: { namespace: 'stacks', caipNetworkId, name, nodeUrl: node.url, nativeCurrency: { ...nativeCurrency }, tokens: [token], nfts: [], accounts: [dev.address] },
          server: { caipNetworkId, name, rpcUrl: node.url, testnet: true, nativeCurrency: { ...nativeCurrency }, nativePriceUsd: sandboxStacksChain.priceUsd, tokens: [{ ...token, priceUsd: 1 }] },
          proxyUrl: (origin) => stacksProxyUrl(origin, caipNetworkId),
          fund: async (address, amount) => {
            if (!node.ledger.isAddress(address)) throw new SandboxFaucetError(`${address} is not a valid address of ${caipNetworkId} (a testnet c32check address, ST… or SN…)`)
            if (amount <= 0n || amount > maxStacksFaucetAmount) throw new SandboxFaucetError('The faucet sends more than 0 and at most 1,000,000 STX at a time')
            try {
              return await payFromStacksFaucet(node, address, amount)
            } catch (error) {
              if (error instanceof StacksLedgerError) throw new SandboxFaucetError(error.shortMessage, { cause: error })
              throw error
            }
          },
          probe: async (origin, signal) => {
            const response = await fetch(`${stacksProxyUrl(origin, caipNetworkId)}/v2/info`, { signal })
            const body = (await response.json()) as { network_id?: number }
            if (!response.ok || body.network_id !== stacksSandboxChainId) throw new Error(`HTTP ${response.status}`)
          },
          stop: () => node.stop(),
        }
      },
    ),
}
