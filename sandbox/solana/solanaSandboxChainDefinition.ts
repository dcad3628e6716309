import { base58 } from '@scure/base'

import { type SandboxChainDefinition, jsonRpcCall, startThen } from '../chains/SandboxChain.js'
import { sandboxPrices, sandboxRpcProxyUrl, sandboxSolanaChain } from '../config.js'
import { SandboxFaucetError } from '../errors.js'
import { fundSolanaDevAccounts, solanaPorticoUsd } from './fundSolanaDevAccounts.js'
import { ledgerDeviceAddresses, ledgerDeviceFunding } from '../ledgerDevice/ledgerDeviceAccounts.js'
import { startSolanaRpc } from './startSolanaRpc.js'

/** Largest single faucet payment: 1,000,000 SOL (the RPC's airdrop limit). */
const maxFaucetLamports = 1_000_000n * 1_000_000_000n

function isSolanaAddress(address: string): boolean {
  try {
    return address.length <= 44 && base58.decode(address).length === 32
  } catch {
    return false
  }
}

/**
 * The LiteSVM Solana chain as a sandbox chain: the RPC on its port, the dev key funded with SOL
 * and pUSD, and a faucet that pays with the RPC's `requestAirdrop` (a real signed transfer from
 * the ledger's faucet key, resolved once it landed).
 *
 * @example
 * await solanaSandboxChainDefinition.start({ port: 4703, origin: 'http://127.0.0.1:4700' })
 */
export const solanaSandboxChainDefinition: SandboxChainDefinition = {
  caipNetworkId: sandboxSolanaChain.caipNetworkId,
  portKey: sandboxSolanaChain.portKey,
  label: 'the Solana RPC',
  start: ({ port }) =>
    startThen(startSolanaRpc({ port }), async (solana) => {
      const funding = await fundSolanaDevAccounts(solana)
      // The emulated Ledger's first five Ledger Live accounts (sandbox/ledgerDevice): 10 SOL each, by real airdrops.
      for (const address of ledgerDeviceAddresses.solana) await jsonRpcCall(solana.rpcUrl, 'requestAirdrop', [address, Number(ledgerDeviceFunding.solanaLamports)])
      const tokens = [{ address: funding.mint, ...solanaPorticoUsd }]
      return {
        info: {
          namespace: 'solana',
          caipNetworkId: sandboxSolanaChain.caipNetworkId,
          name: sandboxSolanaChain.name,
          nodeUrl: solana.rpcUrl,
          nativeCurrency: { ...sandboxSolanaChain.nativeCurrency },
          tokens,
          nfts: [],
          accounts: [funding.owner],
        },
        server: {
          caipNetworkId: sandboxSolanaChain.caipNetworkId,
          name: sandboxSolanaChain.name,
          rpcUrl: solana.rpcUrl,
          wsUrl: solana.wsUrl,
          testnet: true,
          nativeCurrency: { ...sandboxSolanaChain.nativeCurrency },
          nativePriceUsd: sandboxSolanaChain.priceUsd,
          tokens: tokens.map((t) => ({ ...t, priceUsd: sandboxPrices.pUsd })),
        },
        proxyUrl: (origin) => sandboxRpcProxyUrl(origin, sandboxSolanaChain.caipNetworkId),
        fund: async (address, amount) => {
          if (!isSolanaAddress(address)) throw new SandboxFaucetError(`${address} is not a valid Solana address (base58 of 32 bytes)`)
          if (amount <= 0n || amount > maxFaucetLamports) throw new SandboxFaucetError('The faucet sends more than 0 and at most 1,000,000 SOL at a time')
          const signature = (await jsonRpcCall(solana.rpcUrl, 'requestAirdrop', [address, Number(amount)])) as string
          return { txid: signature }
        },
        probe: async (origin, signal) => {
          await jsonRpcCall(sandboxRpcProxyUrl(origin, sandboxSolanaChain.caipNetworkId), 'getHealth', [], signal)
        },
        stop: () => solana.stop(),
      }
    }),
}
