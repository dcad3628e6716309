import { blake2b } from '@noble/hashes/blake2.js'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'

import type { SuiLedger } from './createSuiLedger.js'
import { suiCoinType, suiReferenceGasPrice } from './suiSandboxChain.js'

/** The faucet's premine: 1,000,000,000 SUI in MIST. */
const premineMist = 1_000_000_000n * 1_000_000_000n
/** The budget of a faucet payment (its cost is about 1 SUI cent). */
const faucetGasBudget = 10_000_000n

/** Pays SUI or another coin type from the faucet key with real signed transactions. */
export type SuiFaucet = {
  /** The faucet's address. */
  address: string
  /** Pays `amount` base units of `coinType` to `recipient`; resolves with the digest once executed. */
  pay(recipient: string, amount: bigint, coinType?: string): Promise<string>
}

/**
 * The sandbox ledger's faucet: an ed25519 key (blake2b-256 of "portico sandbox sui faucet")
 * premined with 1,000,000,000 SUI that pays with `SplitCoins` + `TransferObjects` transactions
 * built by @mysten/sui offline (its own coin references, the reference gas price), signed and
 * executed through the ledger's normal checks, one at a time.
 *
 * @param ledger the ledger to pay on
 * @returns the faucet
 * @example
 * await createSuiFaucet(ledger).pay(address, 10n ** 9n)
 */
export function createSuiFaucet(ledger: SuiLedger): SuiFaucet {
  const key = Ed25519Keypair.fromSecretKey(blake2b(new TextEncoder().encode('portico sandbox sui faucet'), { dkLen: 32 }))
  const address = key.toSuiAddress()
  ledger.mint(address, suiCoinType, premineMist)
  let queue: Promise<unknown> = Promise.resolve()
  const payNow = async (recipient: string, amount: bigint, coinType: string) => {
    const [gas] = ledger.coins(address, suiCoinType)
    if (!gas) throw new Error('The Sui faucet has no SUI left')
    const ref = (c: { objectId: string; version: bigint; digest: string }) => ({ objectId: c.objectId, version: c.version.toString(), digest: c.digest })
    const tx = new Transaction()
    tx.setSender(address)
    tx.setGasPrice(suiReferenceGasPrice)
    tx.setGasBudget(faucetGasBudget)
    tx.setGasPayment([ref(gas)])
    const [held] = ledger.coins(address, coinType)
    if (coinType !== suiCoinType && !held) throw new Error(`The Sui faucet holds no ${coinType}`)
    const source = coinType === suiCoinType || !held ? tx.gas : tx.objectRef(ref(held))
    const [coin] = tx.splitCoins(source, [amount])
    tx.transferObjects([coin!], recipient)
    const bytes = await tx.build()
    const { signature } = await key.signTransaction(bytes)
    const record = await ledger.execute(bytes, [signature])
    if (record.effects.status.status !== 'success') throw new Error(`The faucet payment failed: ${record.effects.status.error}`)
    return record.digest
  }
  return {
    address,
    pay: (recipient, amount, coinType = suiCoinType) => {
      const next = queue.then(() => payNow(recipient, amount, coinType))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
