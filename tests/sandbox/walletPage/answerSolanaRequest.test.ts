// The /wallet page's answers to WalletConnect solana_* requests, checked with @solana/kit (not
// Portico's code), and what the page shows of them; bad requests are refused with the wallet's codes.
import { base58, base64 } from '@scure/base'
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { devSolanaAddress, devSolanaSecondAddress, devSolanaSecretKey } from '../../../sandbox/solana/devSolana.js'
import { answerSolanaRequest } from '../../../sandbox/walletPage/answerSolanaRequest.js'
import { describeWalletRequest } from '../../../sandbox/walletPage/describeWalletRequest.js'

const blockhash = { blockhash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zZzZzZzZzZzZz' as Blockhash, lastValidBlockHeight: 100n }
const ask = (method: string, params: unknown) => answerSolanaRequest({ method, params, secretKey: devSolanaSecretKey(), rpcUrl: 'http://127.0.0.1:9/none' })

/** A transfer from `from`, with a memo, as base64 wire bytes (unsigned). */
function transfer(from: string, memo = 'Order 7'): string {
  const payer = createNoopSigner(address(from))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({ source: payer, destination: address(devSolanaSecondAddress), amount: 5n }),
          { programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), accounts: [{ address: address(from), role: AccountRole.READONLY_SIGNER }], data: new TextEncoder().encode(memo) },
        ],
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

async function verifiesFor(wire: string, signer: string): Promise<boolean> {
  const decoded = getTransactionDecoder().decode(base64.decode(wire))
  const signature = decoded.signatures[address(signer)]
  return !!signature && verifySignature(await getPublicKeyFromAddress(address(signer)), signatureBytes(signature), decoded.messageBytes)
}

describe('answerSolanaRequest (the /wallet page)', () => {
  it('solana_signTransaction answers the signature and the signed transaction; solana_signAllTransactions signs each', async () => {
    const answer = (await ask('solana_signTransaction', { transaction: transfer(devSolanaAddress) })) as { signature: string; transaction: string }
    expect(await verifiesFor(answer.transaction, devSolanaAddress)).toBe(true)
    expect(getTransactionDecoder().decode(base64.decode(answer.transaction)).signatures[address(devSolanaAddress)]).toEqual(base58.decode(answer.signature))
    const all = (await ask('solana_signAllTransactions', { transactions: [transfer(devSolanaAddress, 'a'), transfer(devSolanaAddress, 'b')] })) as { transactions: string[] }
    expect(all.transactions).toHaveLength(2)
    for (const wire of all.transactions) expect(await verifiesFor(wire, devSolanaAddress)).toBe(true)
  })

  it('solana_signMessage signs the base58 message with the dev key', async () => {
    const message = new TextEncoder().encode('gm')
    const { signature } = (await ask('solana_signMessage', { message: base58.encode(message), pubkey: devSolanaAddress })) as { signature: string }
    expect(await verifySignature(await getPublicKeyFromAddress(address(devSolanaAddress)), signatureBytes(base58.decode(signature)), message)).toBe(true)
  })

  it('refuses another account, a transaction it does not sign, malformed params and other methods', async () => {
    await expect(ask('solana_signMessage', { message: base58.encode(Uint8Array.of(1)), pubkey: devSolanaSecondAddress })).rejects.toMatchObject({ code: 4100 })
    await expect(ask('solana_signTransaction', { transaction: transfer(devSolanaSecondAddress) })).rejects.toMatchObject({ code: 4100 })
    await expect(ask('solana_signTransaction', { transaction: 'not base64!' })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('solana_signAllTransactions', { transactions: [] })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('solana_signMessage', { message: '0OIl' })).rejects.toMatchObject({ code: -32602 })
    await expect(ask('solana_getAccounts', {})).rejects.toMatchObject({ code: 4200 })
  })

  it('the page shows the message as text, and a transaction as its fee payer, programs and memo', () => {
    expect(describeWalletRequest('solana_signMessage', { message: base58.encode(new TextEncoder().encode('Sign in to A shop')), pubkey: devSolanaAddress })).toEqual([
      { label: 'Account', value: devSolanaAddress },
      { label: 'Message', value: 'Sign in to A shop' },
    ])
    expect(describeWalletRequest('solana_signAndSendTransaction', { transaction: transfer(devSolanaAddress, 'Order 7') })).toEqual([
      { label: 'Transaction: fee payer', value: devSolanaAddress },
      { label: 'Transaction: instructions', value: 'System, Memo' },
      { label: 'Transaction: memo', value: 'Order 7' },
    ])
    expect(describeWalletRequest('solana_signAllTransactions', { transactions: [transfer(devSolanaAddress, 'x')] })[0]).toEqual({ label: 'Transaction 1: fee payer', value: devSolanaAddress })
    expect(describeWalletRequest('solana_signTransaction', { transaction: 'garbage' })).toEqual([{ label: 'Transaction', value: 'garbage' }])
  })
})
