import { createHash } from 'node:crypto'

import {
  type Address,
  airdropFactory,
  assertIsTransactionWithBlockhashLifetime,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
} from '@solana-program/token'

import { devSolanaSigner } from './devSolana.js'
import type { SolanaRpc } from './startSolanaRpc.js'

export type FundSolanaDevAccountsReturnType = {
  /** The dev key's address (`devSolanaAddress`). */
  owner: string
  /** The pUSD mint's address; the same on every start (derived from a fixed seed). */
  mint: string
}

/** What the sandbox's SPL token is. SPL mints carry no name on chain; this is the convention. */
export const solanaPorticoUsd = { name: 'Portico USD', symbol: 'pUSD', decimals: 6 } as const

/** SOL airdropped to the dev key on each call. */
const airdropSol = 100n
/** pUSD minted to the dev key when the mint is created: 1,000,000 pUSD. */
const mintedAmount = 1_000_000n * 10n ** 6n
/** The mint's key: private key bytes sha256("portico sandbox solana pusd mint"). */
const mintSeed = createHash('sha256').update('portico sandbox solana pusd mint').digest()

/**
 * Funds the sandbox's Solana dev key through the RPC with real signed transactions: airdrops
 * 100 SOL, and (once per chain) creates the SPL token "Portico USD" (pUSD, 6 decimals, mint
 * authority the dev key) and mints 1,000,000 pUSD into the dev key's associated token account.
 *
 * @param rpc - A running sandbox Solana RPC.
 * @returns The dev key's address and the pUSD mint's address.
 * @example
 * const solana = await startSolanaRpc()
 * const { owner, mint } = await fundSolanaDevAccounts(solana)
 */
export async function fundSolanaDevAccounts(rpc: SolanaRpc): Promise<FundSolanaDevAccountsReturnType> {
  const client = createSolanaRpc(devnet(rpc.rpcUrl))
  const subscriptions = createSolanaRpcSubscriptions(devnet(rpc.wsUrl))
  const owner = await devSolanaSigner()
  const mint = await createKeyPairSignerFromPrivateKeyBytes(mintSeed)

  await airdropFactory({ rpc: client, rpcSubscriptions: subscriptions })({
    recipientAddress: owner.address,
    lamports: lamports(airdropSol * 1_000_000_000n),
    commitment: 'confirmed',
  })

  const existing = await client.getAccountInfo(mint.address, { encoding: 'base64' }).send()
  if (existing.value === null) {
    const space = BigInt(getMintSize())
    const rent = await client.getMinimumBalanceForRentExemption(space).send()
    const [ata] = await findAssociatedTokenPda({ owner: owner.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const { value: blockhash } = await client.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(owner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAccountInstruction({
              payer: owner,
              newAccount: mint,
              lamports: rent,
              space,
              programAddress: TOKEN_PROGRAM_ADDRESS,
            }),
            getInitializeMint2Instruction({ mint: mint.address, decimals: solanaPorticoUsd.decimals, mintAuthority: owner.address }),
            getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata, owner: owner.address, mint: mint.address }),
            getMintToCheckedInstruction({
              mint: mint.address,
              token: ata as Address,
              mintAuthority: owner,
              amount: mintedAmount,
              decimals: solanaPorticoUsd.decimals,
            }),
          ],
          m,
        ),
    )
    const transaction = await signTransactionMessageWithSigners(message)
    assertIsTransactionWithBlockhashLifetime(transaction)
    await sendAndConfirmTransactionFactory({ rpc: client, rpcSubscriptions: subscriptions })(transaction, {
      commitment: 'confirmed',
    })
  }
  return { owner: owner.address, mint: mint.address }
}
