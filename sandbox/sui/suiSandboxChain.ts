import { blake2b } from '@noble/hashes/blake2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

/**
 * CAIP-2 id of the sandbox's Sui chain. Sui wallets (Wallet Standard and WalletConnect) name a
 * local network `sui:localnet`, so the sandbox chain is that one.
 */
export const suiSandboxCaipNetworkId = 'sui:localnet' as const

/** Coin type of SUI (9 decimals, amounts in MIST). */
export const suiCoinType = '0x2::sui::SUI'

/** The package id of the sandbox's second coin: blake2b-256("portico sandbox sui pusd"). */
export const suiPorticoUsdPackage = `0x${bytesToHex(blake2b(new TextEncoder().encode('portico sandbox sui pusd'), { dkLen: 32 }))}`

/** The sandbox's second coin type, "Portico USD" with 6 decimals. */
export const suiPorticoUsd = { coinType: `${suiPorticoUsdPackage}::pusd::PUSD`, name: 'Portico USD', symbol: 'pUSD', decimals: 6 } as const

/** The reference gas price the ledger reports (MIST per gas unit), Sui's usual 1,000. */
export const suiReferenceGasPrice = 1_000n

/** What the ledger's `sui_getChainIdentifier` answers (a real chain: the first 4 bytes of its genesis checkpoint digest, hex). */
export const suiSandboxChainIdentifier = '70727463'
