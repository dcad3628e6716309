import { createHash } from 'node:crypto'

import { fileURLToPath } from 'node:url'

import { createWalletClient, defineChain, erc20Abi, http, isAddress, publicActions, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import { alongsideAnvil } from '../accountAbstraction/alongsideAnvil.js'
import { seedErc20Reserve } from '../faucet/seedErc20Reserve.js'
import { type SandboxChainDefinition, jsonRpcCall, startThen } from '../chains/SandboxChain.js'
import { type SandboxEvmChain, sandboxEnsNames, sandboxNftCollection, sandboxPrices, sandboxRpcProxyUrl } from '../config.js'
import { SandboxFaucetError } from '../errors.js'
import { devAddresses } from './devAccounts.js'
import { ledgerDeviceAddresses, ledgerDeviceFunding } from '../ledgerDevice/ledgerDeviceAccounts.js'
import { deployPorticoPioneers, porticoPioneers } from './deployPorticoPioneers.js'
import { deployPorticoUsd } from './deployPorticoUsd.js'
import { deployEns } from './deployEns.js'
import { deployUniswapV2, porticoGold } from './deployUniswapV2.js'
import { startAnvil } from './startAnvil.js'
import { deploySafe } from '../safe/deploySafe.js'

/** The EVM faucet's key: sha256("portico sandbox evm faucet"); anvil gives it 2^200 wei at start. */
const faucetAccount = privateKeyToAccount(toHex(createHash('sha256').update('portico sandbox evm faucet').digest()))
/** Largest single faucet payment: 1,000,000 ETH. */
const maxFaucetWei = 10n ** 24n
/** Largest single pUSD payment: 1,000,000 pUSD (6 decimals). */
const maxFaucetTokenUnits = 10n ** 12n
/** The faucet's pUSD reserve: 10^12 pUSD. */
const faucetTokenReserve = 10n ** 18n
/** Where the bundlers' logs go. */
const sandboxLogDir = fileURLToPath(new URL('../../.portico/logs', import.meta.url))

/**
 * One anvil devnet as a sandbox chain: anvil on its port, pUSD and the "Portico Pioneers"
 * collection deployed (the NFTs' metadata on the server's origin), the dev accounts funded by
 * anvil, and a faucet key that pays with real transactions (one at a time, mined at once).
 *
 * @param chain the devnet's configuration (`sandboxEvmChains`)
 * @returns its definition for `sandboxChains`
 * @example
 * evmSandboxChain(sandboxEvmChains[0])
 */
export function evmSandboxChain(chain: SandboxEvmChain): SandboxChainDefinition {
  return {
    caipNetworkId: chain.caipNetworkId,
    portKey: chain.portKey,
    label: `anvil (chain ${chain.chainId})`,
    start: ({ port, origin, ports }) =>
      startThen(startAnvil({ chainId: chain.chainId, port }), async (anvil) => {
        // pUSD first (it lands at the address the README gives), then the NFT collection.
        const token = await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId })
        const nft = await deployPorticoPioneers({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, metadataOrigin: origin, count: sandboxNftCollection.count })
        // Uniswap V2 with WETH/pUSD, WETH/pGLD and pUSD/pGLD pools, by its own key (the swap API quotes from it).
        const amm = await deployUniswapV2({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, pUsd: token.address })
        // ENS (registry, resolver, reverse registrar, universal resolver) and the dev accounts' names, by its own key.
        const ens = chain.ens ? await deployEns({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }) : undefined
        // Safe 1.5.0 and the sandbox's 1-of-1 and 2-of-3 Safes, by its own key.
        const safe = await deploySafe({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, pUsd: token.address })
        // ERC-4337 last (EntryPoint, factory, paymaster, then alto, which deploys its simulation
        // contracts as it starts): every transaction of a start lands in the same order, so the
        // chain's base fee, and the gas the dev accounts pay later, are the same on every start.
        const withBundler = alongsideAnvil(anvil, { caipNetworkId: chain.caipNetworkId, bundlerPort: ports?.[chain.bundlerPortKey], ...(ports ? { basePort: ports.server, logFile: `${sandboxLogDir}/alto-${chain.chainId}.log` } : {}) })
        return startThen(Promise.resolve(withBundler), async () => {
          const accountAbstraction = await withBundler.accountAbstraction
          // The faucet's pUSD reserve (the supply sits with the dev accounts): paid out by real transfers.
          await seedErc20Reserve({ rpcUrl: anvil.rpcUrl, token: token.address, holder: faucetAccount.address, amount: faucetTokenReserve })
          await jsonRpcCall(anvil.rpcUrl, 'anvil_setBalance', [faucetAccount.address, toHex(2n ** 200n)])
          // The emulated Ledger's first five Ledger Live accounts (sandbox/ledgerDevice): 100 ETH each.
          for (const address of ledgerDeviceAddresses.eip155) await jsonRpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, toHex(ledgerDeviceFunding.evmWei)])
          const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [anvil.rpcUrl] } } })
          const faucet = createWalletClient({ account: faucetAccount, chain: viemChain, transport: http(anvil.rpcUrl) }).extend(publicActions)
          let queue: Promise<unknown> = Promise.resolve()
          const tokens = [
            { address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals },
            { address: amm.pGld, name: porticoGold.name, symbol: porticoGold.symbol, decimals: porticoGold.decimals },
          ]
          const prices: Record<string, number> = { [token.address]: sandboxPrices.pUsd, [amm.pGld]: porticoGold.priceUsd }
          return {
            info: {
              namespace: 'eip155',
              caipNetworkId: chain.caipNetworkId,
              name: chain.name,
              nodeUrl: anvil.rpcUrl,
              nativeCurrency: chain.nativeCurrency,
              tokens,
              nfts: [{ address: nft.address, name: nft.name, symbol: nft.symbol, tokenIds: nft.tokenIds }],
              amm: { kind: 'uniswap-v2', router: amm.router, factory: amm.factory, weth: amm.weth },
              ...(ens ? { ens: { ...ens, names: sandboxEnsNames.map((n) => ({ name: n.name, address: devAddresses[n.account] as string })) } } : {}),
              accounts: [...devAddresses],
              safe,
              ...(accountAbstraction ? { accountAbstraction: accountAbstraction.info(origin) } : {}),
            },
            server: {
              caipNetworkId: chain.caipNetworkId,
              name: chain.name,
              rpcUrl: anvil.rpcUrl,
              testnet: true,
              nativeCurrency: chain.nativeCurrency,
              nativePriceUsd: sandboxPrices.eth,
              tokens: tokens.map((t) => ({ ...t, priceUsd: prices[t.address] ?? 0 })),
              swap: { router: amm.router, factory: amm.factory, weth: amm.weth },
              nfts: [{ address: nft.address, ...porticoPioneers }],
            },
            ...(accountAbstraction ? { accountAbstraction: { bundler: accountAbstraction.bundler, paymaster: accountAbstraction.paymaster } } : {}),
            fundToken: (address, tokenAddress, amount) => {
              if (tokenAddress.toLowerCase() !== token.address.toLowerCase()) throw new SandboxFaucetError(`The faucet pays only pUSD (${token.address}) on ${chain.name}, not ${tokenAddress.slice(0, 64)}`)
              if (!isAddress(address, { strict: false })) throw new SandboxFaucetError(`${address} is not a valid EVM address`)
              if (amount <= 0n || amount > maxFaucetTokenUnits) throw new SandboxFaucetError('The faucet sends more than 0 and at most 1,000,000 pUSD (1000000000000 base units) at a time')
              const run = async () => {
                const hash = await faucet.writeContract({ address: token.address, abi: erc20Abi, functionName: 'transfer', args: [address, amount] })
                const receipt = await faucet.waitForTransactionReceipt({ hash, pollingInterval: 50 })
                if (receipt.status !== 'success') throw new Error(`The faucet's pUSD payment ${hash} reverted`)
                return { txid: hash }
              }
              const result = queue.then(run, run)
              queue = result.catch(() => undefined)
              return result
            },
            proxyUrl: (serverOrigin) => sandboxRpcProxyUrl(serverOrigin, chain.caipNetworkId),
            fund: (address, amount) => {
              if (!isAddress(address, { strict: false })) throw new SandboxFaucetError(`${address} is not a valid EVM address`)
              if (amount <= 0n || amount > maxFaucetWei) throw new SandboxFaucetError(`The faucet sends more than 0 and at most 1,000,000 ${chain.nativeCurrency.symbol} at a time`)
              // One at a time: each payment takes the faucet's next nonce.
              const run = async () => {
                const hash = await faucet.sendTransaction({ to: address, value: amount })
                const receipt = await faucet.waitForTransactionReceipt({ hash, pollingInterval: 50 })
                if (receipt.status !== 'success') throw new Error(`The faucet payment ${hash} reverted`)
                return { txid: hash }
              }
              const result = queue.then(run, run)
              queue = result.catch(() => undefined)
              return result
            },
            probe: async (serverOrigin, signal) => {
              await jsonRpcCall(sandboxRpcProxyUrl(serverOrigin, chain.caipNetworkId), 'eth_chainId', [], signal)
            },
            stop: () => withBundler.stop(),
          }
        })
      }),
  }
}
