import { createHash } from 'node:crypto'

import {
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  address as solanaAddress,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { type Address, createWalletClient, defineChain, encodeAbiParameters, erc20Abi, http, keccak256, pad, publicActions, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import type { OnrampAsset } from '../../server/onramp/OnrampProvider.js'
import { jsonRpcCall, type SandboxChain } from '../chains/SandboxChain.js'
import { sandboxPrices, sandboxSolanaChain } from '../config.js'

/** The on-ramp treasury's key: sha256("portico sandbox onramp"), its own account on every sandbox chain (no dev account's history changes). */
export const onrampTreasurySeed = createHash('sha256').update('portico sandbox onramp').digest()
/** The treasury on the EVM devnets. */
export const onrampTreasuryAccount = privateKeyToAccount(toHex(onrampTreasurySeed))

/** What the treasury holds at start: 1,000,000 ETH and 100,000,000 pUSD on each devnet, 100,000 SOL. */
const treasuryEth = 10n ** 24n
const treasuryPusd = 100_000_000n * 10n ** 6n
const treasurySol = 100_000n * 10n ** 9n

/** One asset the sandbox provider sells, with its price in US cents per whole unit. */
export type TreasuryAsset = { asset: OnrampAsset; priceUsdCents: bigint }

export type OnrampTreasury = {
  /** What it can pay out: ETH and pUSD on each devnet, SOL on the Solana chain. */
  assets: TreasuryAsset[]
  /** The treasury's address on a chain. */
  addressOn(chainId: string): string | undefined
  /**
   * Sends `units` base units of `asset` to `to` from the treasury with a real transaction and
   * resolves with its hash (signature) once it is confirmed; rejects when it fails.
   */
  payout(asset: OnrampAsset, to: string, units: bigint): Promise<{ txHash: string }>
}

type Payer = (asset: OnrampAsset, to: string, units: bigint) => Promise<string>

/**
 * Funds the on-ramp treasury on the running sandbox chains and returns its payer: on each anvil
 * devnet anvil gives it ETH and its pUSD is written into the token's balance and supply slots
 * (OpenZeppelin 4's layout, as the AMM's liquidity is); on the Solana chain the RPC's faucet
 * airdrops it SOL (a recorded transaction). Payouts are ordinary signed transfers, one at a time
 * per chain (each takes the next nonce), waited for until confirmed.
 *
 * @example
 * const treasury = await createOnrampTreasury(chains)
 * await treasury.payout(pUsd, '0xf39F…', 48_750_000n)
 */
export async function createOnrampTreasury(chains: readonly SandboxChain[]): Promise<OnrampTreasury> {
  const assets: TreasuryAsset[] = []
  const payers = new Map<string, Payer>()
  const addresses = new Map<string, string>()
  for (const chain of chains) {
    const { namespace, caipNetworkId, name, nodeUrl, nativeCurrency } = chain.info
    const native = { chainId: caipNetworkId, chainName: name, symbol: nativeCurrency.symbol, name: nativeCurrency.name, decimals: nativeCurrency.decimals }
    if (namespace === 'eip155') {
      const pUsd = chain.info.tokens.find((t) => t.symbol === 'pUSD')
      await jsonRpcCall(nodeUrl, 'anvil_setBalance', [onrampTreasuryAccount.address, toHex(treasuryEth)])
      const chainId = Number(caipNetworkId.split(':')[1])
      const wallet = createWalletClient({ account: onrampTreasuryAccount, chain: defineChain({ id: chainId, name, nativeCurrency, rpcUrls: { default: { http: [nodeUrl] } } }), transport: http(nodeUrl) }).extend(publicActions)
      assets.push({ asset: native, priceUsdCents: BigInt(sandboxPrices.eth * 100) })
      if (pUsd) {
        const token = pUsd.address as Address
        const balanceSlot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [onrampTreasuryAccount.address, 0n]))
        const supply = await wallet.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' })
        await jsonRpcCall(nodeUrl, 'anvil_setStorageAt', [token, balanceSlot, pad(toHex(treasuryPusd), { size: 32 })])
        await jsonRpcCall(nodeUrl, 'anvil_setStorageAt', [token, pad(toHex(2n), { size: 32 }), pad(toHex(supply + treasuryPusd), { size: 32 })])
        assets.push({ asset: { chainId: caipNetworkId, chainName: name, address: token, symbol: pUsd.symbol, name: pUsd.name, decimals: pUsd.decimals }, priceUsdCents: BigInt(sandboxPrices.pUsd * 100) })
      }
      payers.set(caipNetworkId, async (asset, to, units) => {
        const hash = asset.address
          ? await wallet.writeContract({ address: asset.address as Address, abi: erc20Abi, functionName: 'transfer', args: [to as Address, units] })
          : await wallet.sendTransaction({ to: to as Address, value: units })
        const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 })
        if (receipt.status !== 'success') throw new Error(`The payout ${hash} reverted`)
        return hash
      })
      addresses.set(caipNetworkId, onrampTreasuryAccount.address)
    } else if (namespace === 'solana' && chain.server.wsUrl) {
      const signer = await createKeyPairSignerFromPrivateKeyBytes(onrampTreasurySeed)
      const rpc = createSolanaRpc(devnet(nodeUrl))
      const subscriptions = createSolanaRpcSubscriptions(devnet(chain.server.wsUrl))
      await jsonRpcCall(nodeUrl, 'requestAirdrop', [signer.address, Number(treasurySol)])
      assets.push({ asset: native, priceUsdCents: BigInt(sandboxSolanaChain.priceUsd * 100) })
      const send = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })
      payers.set(caipNetworkId, async (asset, to, units) => {
        if (asset.address) throw new Error('The sandbox pays out SOL only on Solana')
        const { value: blockhash } = await rpc.getLatestBlockhash().send()
        const message = pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(signer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: signer, destination: solanaAddress(to), amount: lamports(units) })], m),
        )
        const transaction = await signTransactionMessageWithSigners(message)
        assertIsTransactionWithBlockhashLifetime(transaction)
        await send(transaction, { commitment: 'confirmed' })
        return getSignatureFromTransaction(transaction)
      })
      addresses.set(caipNetworkId, signer.address)
    }
  }
  const queues = new Map<string, Promise<unknown>>()
  return {
    assets,
    addressOn: (chainId) => addresses.get(chainId),
    payout(asset, to, units) {
      const pay = payers.get(asset.chainId)
      if (!pay) return Promise.reject(new Error(`The sandbox treasury pays nothing on ${asset.chainId}`))
      const run = async () => ({ txHash: await pay(asset, to, units) })
      const result = (queues.get(asset.chainId) ?? Promise.resolve()).then(run, run)
      queues.set(
        asset.chainId,
        result.catch(() => undefined),
      )
      return result
    },
  }
}
