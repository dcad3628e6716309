// The solana example of "Sign your own transactions" (docs/plugins/solana.md shows this file from
// `begin example` to `end example`; tests/plugins/solana/siteSigner.test.ts runs it against LiteSVM
// and checks the page shows it as it is): an SPL token transfer and a memo in one transaction, built
// with @solana/kit as a site builds it, signed and sent by the visitor's wallet through
// `portico.getSigner('solana')`, then confirmed.
// begin example
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signAndSendTransactionMessageWithSigners,
  signature,
} from '@solana/kit'
import { fetchMint, findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import type { SolanaSigner } from 'portico/solana'

const memoProgram = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

/** Sends `amount` base units of the SPL token `mint` to `to` with a memo; resolves with the confirmed signature. */
export async function sendTokenWithMemo({ signer, rpcUrl, mint, to, amount, memo }: { signer: SolanaSigner; rpcUrl: string; mint: string; to: string; amount: bigint; memo: string }): Promise<string> {
  const rpc = createSolanaRpc(rpcUrl)
  const owner = signer.getKitSigner() // the connected account, as a kit TransactionSigner
  const token = await fetchMint(rpc, address(mint))
  const tokenProgram = token.programAddress
  const [source] = await findAssociatedTokenPda({ owner: owner.address, mint: token.address, tokenProgram })
  const [destination] = await findAssociatedTokenPda({ owner: address(to), mint: token.address, tokenProgram })
  const { value: latestBlockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(owner, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata: destination, owner: address(to), mint: token.address, tokenProgram }),
          getTransferCheckedInstruction({ source, mint: token.address, destination, authority: owner, amount, decimals: token.data.decimals }, { programAddress: tokenProgram }),
          { programAddress: memoProgram, accounts: [{ address: owner.address, role: AccountRole.READONLY_SIGNER, signer: owner }], data: new TextEncoder().encode(memo) },
        ],
        m,
      ),
  )
  // The wallet signs and sends (it may ask the visitor first); a refusal is a ProviderRpcError 4001.
  const sent = signature(getBase58Decoder().decode(await signAndSendTransactionMessageWithSigners(message)))
  for (let attempt = 0; attempt < 120; attempt++) {
    const [status] = (await rpc.getSignatureStatuses([sent]).send()).value
    if (status?.err) throw new Error(`The transaction failed on chain: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return sent
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`The transaction ${sent} was not confirmed within a minute`)
}
// end example
