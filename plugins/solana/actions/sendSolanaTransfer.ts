import { base58, base64 } from '@scure/base'
import { parseCaipAddress, ProviderRpcError, type SendRequest } from '../../../kernel/kernel.js'
import type { Wallet, WalletAccount } from '../discovery/WalletStandardTypes.js'
import { SolanaAmountError, SolanaRentExemptError, SolanaTokenError, SolanaTransactionFailedError, SolanaWalletFeatureError } from '../errors.js'
import { callWallet } from '../utils/callWallet.js'
import { encodeLegacyTransaction } from '../utils/encodeLegacyTransaction.js'
import { formatUnits } from '../utils/formatUnits.js'
import { isSolanaAddress } from '../utils/isSolanaAddress.js'
import { parseUnits } from '../utils/parseUnits.js'
import { solanaPrograms, type SolanaInstruction } from '../utils/solanaPrograms.js'
import { toWalletStandardChain } from '../utils/toWalletStandardChain.js'
import { u64le } from '../utils/u64le.js'
import { callSolanaRpc } from './callSolanaRpc.js'
import { findAssociatedTokenAddress } from './findAssociatedTokenAddress.js'
import { waitForSignature, type SolanaRpc } from './waitForSignature.js'

export type SendSolanaTransferParameters = {
  request: SendRequest
  /** The Wallet Standard wallet and account that sign (absent when `signAndSendOverChannel` signs). */
  wallet?: Wallet
  account?: WalletAccount
  /**
   * Signs and sends the transaction over a connection's channel (another connector's connection:
   * WalletConnect, an embedded wallet) and resolves with its signature (base58).
   */
  signAndSendOverChannel?: (transaction: Uint8Array) => Promise<string>
  fetch?: typeof fetch | undefined
  /** How long to wait for the transaction to be confirmed (0: do not wait). */
  confirmTimeoutMs?: number
  /** Symbol of the token, for messages. */
  tokenSymbol?: string | undefined
}

/** The signature fee of a one-signer transaction, in lamports. */
const signatureFee = 5_000n
const tokenAccountSize = 165

type AccountInfo = { value: null | { owner?: unknown; lamports?: unknown; data?: unknown } }
type ParsedTokenAccount = { pubkey?: unknown; account?: { data?: { parsed?: { info?: { tokenAmount?: { amount?: unknown } } } } } }

function lamportsOf(answer: { value?: unknown } | undefined): bigint {
  const value = answer?.value
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new ProviderRpcError({ code: -32603, message: 'The RPC answered getBalance with something that is not a balance' })
  return BigInt(value)
}

/**
 * Sends SOL (a System Program transfer) or an SPL token (TransferChecked, creating the
 * recipient's associated token account when it does not exist) from the connected account.
 * Everything the chain would refuse is checked first and reported before the wallet is asked to
 * sign: an invalid amount, a balance too small, and a first transfer to a new account below the
 * rent-exempt minimum. The transaction is built by hand (legacy format), signed and sent through
 * `solana:signAndSendTransaction`, or `solana:signTransaction` and the RPC's `sendTransaction`;
 * for a connection by another connector, `solana_signAndSendTransaction` over its channel.
 *
 * @returns the transaction signature (base58)
 * @throws SolanaAmountError, SolanaRentExemptError, SolanaTokenError, SolanaWalletFeatureError, SolanaTransactionFailedError
 * @example
 * await sendSolanaTransfer({ request, wallet, account })
 */
export async function sendSolanaTransfer({ request, wallet, account, signAndSendOverChannel, fetch, confirmTimeoutMs = 60_000, tokenSymbol }: SendSolanaTransferParameters): Promise<string> {
  const { transaction, rpc } = await planSolanaTransfer({ request, fetch, tokenSymbol })
  let signature: string
  if (wallet && account) signature = await signAndSend({ wallet, account, transaction, chain: toWalletStandardChain(request.network.caipNetworkId), rpc })
  else if (signAndSendOverChannel) {
    signature = await signAndSendOverChannel(transaction)
    if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid transaction signature' })
  } else throw new SolanaWalletFeatureError({ feature: 'solana:signAndSendTransaction', wallet: 'none' })
  if (confirmTimeoutMs > 0) {
    // Sent either way; only a failure on chain is an error here (still pending is not).
    const outcome = await waitForSignature(signature, confirmTimeoutMs, rpc)
    if (outcome.status === 'failed') throw new SolanaTransactionFailedError({ signature, err: outcome.err })
  }
  return signature
}

/**
 * The network fee of a transfer, in SOL, before the wallet is asked: the transfer is planned
 * exactly as {@link sendSolanaTransfer} would send it (so every check runs) and the node prices
 * its message (`getFeeForMessage`). Creating the receiver's token account costs its rent on top.
 *
 * @returns the fee as a decimal string in SOL, or undefined when the node cannot price it (an expired blockhash)
 * @throws what {@link sendSolanaTransfer} throws before signing
 * @example
 * await estimateSolanaTransferFee({ request }) // '0.000005'
 */
export async function estimateSolanaTransferFee({ request, fetch, tokenSymbol }: Omit<SendSolanaTransferParameters, 'wallet' | 'account' | 'signAndSendOverChannel' | 'confirmTimeoutMs'>): Promise<string | undefined> {
  const { transaction, rpc } = await planSolanaTransfer({ request, fetch, tokenSymbol })
  // The wire format is the signature slots (one signer: a length byte and 64 zero bytes), then the message.
  const message = transaction.subarray(1 + 64 * transaction[0]!)
  const answer = await rpc<{ value?: unknown }>('getFeeForMessage', [base64.encode(message), { commitment: 'confirmed' }])
  const lamports = answer?.value
  if (lamports === null) return undefined
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) throw new ProviderRpcError({ code: -32603, message: 'The RPC answered getFeeForMessage without a fee' })
  return formatUnits(BigInt(lamports), 9)
}

/** Checks a transfer and builds its unsigned transaction (what the wallet is asked to sign). */
async function planSolanaTransfer({ request, fetch, tokenSymbol }: Omit<SendSolanaTransferParameters, 'wallet' | 'account' | 'confirmTimeoutMs'>): Promise<{ transaction: Uint8Array; rpc: SolanaRpc }> {
  const { network, from, to } = request
  const rpc = <T>(method: string, params: unknown[]) => callSolanaRpc<T>({ network, method, params, fetch })
  if (!isSolanaAddress(to)) throw new SolanaAmountError('Invalid Address')
  const instructions: SolanaInstruction[] = []
  let lamportsNeeded = signatureFee

  if (!request.token) {
    const lamports = parseUnits(request.amount, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
    const [recipient, balance] = await Promise.all([
      rpc<AccountInfo>('getAccountInfo', [to, { encoding: 'base64', commitment: 'confirmed' }]),
      rpc<{ value?: unknown }>('getBalance', [from, { commitment: 'confirmed' }]),
    ])
    if (recipient?.value === null) {
      const minimum = BigInt(await rpc<number>('getMinimumBalanceForRentExemption', [0]))
      if (lamports < minimum) throw new SolanaRentExemptError({ minimum: formatUnits(minimum, 9), minimumLamports: minimum })
    }
    lamportsNeeded += lamports
    if (lamportsOf(balance) < lamportsNeeded) {
      throw new SolanaAmountError('Insufficient SOL balance', { details: `${formatUnits(lamportsNeeded, 9)} SOL needed with the fee, ${formatUnits(lamportsOf(balance), 9)} SOL available` })
    }
    const data = new Uint8Array(12)
    data.set([2, 0, 0, 0])
    data.set(u64le(lamports), 4)
    instructions.push({
      programId: solanaPrograms.system,
      accounts: [
        { address: from, signer: true, writable: true },
        { address: to, signer: false, writable: true },
      ],
      data,
    })
  } else {
    let mint: string
    try {
      const token = parseCaipAddress(request.token)
      if (`${token.namespace}:${token.reference}` !== network.caipNetworkId) throw new SolanaTokenError(`The token is not on ${network.name}`)
      mint = token.address
    } catch (error) {
      throw error instanceof SolanaTokenError ? error : new SolanaTokenError('The token is not a CAIP-10 Solana address')
    }
    if (!isSolanaAddress(mint)) throw new SolanaTokenError('The token is not a Solana address')
    const mintInfo = await rpc<{ value: null | { owner?: unknown; data?: { parsed?: { type?: unknown; info?: { decimals?: unknown } } } } }>('getAccountInfo', [mint, { encoding: 'jsonParsed', commitment: 'confirmed' }])
    const tokenProgram = mintInfo?.value?.owner
    const decimals = mintInfo?.value?.data?.parsed?.info?.decimals
    if ((tokenProgram !== solanaPrograms.token && tokenProgram !== solanaPrograms.token2022) || mintInfo?.value?.data?.parsed?.type !== 'mint' || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
      throw new SolanaTokenError(`${mint} is not an SPL token mint on ${network.name}`)
    }
    const symbol = tokenSymbol ?? 'the token'
    const amount = parseUnits(request.amount, decimals, symbol)
    const [owned, sourceAta, destination, balance] = await Promise.all([
      rpc<{ value?: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [from, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }]),
      findAssociatedTokenAddress({ owner: from, mint, tokenProgram }),
      findAssociatedTokenAddress({ owner: to, mint, tokenProgram }),
      rpc<{ value?: unknown }>('getBalance', [from, { commitment: 'confirmed' }]),
    ])
    const holdings = (Array.isArray(owned?.value) ? owned.value : []).flatMap((entry) => {
      const raw = entry?.account?.data?.parsed?.info?.tokenAmount?.amount
      return typeof entry?.pubkey === 'string' && isSolanaAddress(entry.pubkey) && typeof raw === 'string' && /^\d{1,20}$/.test(raw) ? [{ address: entry.pubkey, amount: BigInt(raw) }] : []
    })
    const total = holdings.reduce((sum, h) => sum + h.amount, 0n)
    const source = holdings.find((h) => h.address === sourceAta && h.amount >= amount) ?? holdings.find((h) => h.amount >= amount)
    if (!source) {
      throw new SolanaAmountError(`Insufficient ${symbol} balance`, { details: `${request.amount} needed, ${formatUnits(total, decimals)} available${total >= amount ? ' across several token accounts' : ''}` })
    }
    const destinationInfo = await rpc<AccountInfo>('getAccountInfo', [destination, { encoding: 'base64', commitment: 'confirmed' }])
    if (destinationInfo?.value === null) {
      lamportsNeeded += BigInt(await rpc<number>('getMinimumBalanceForRentExemption', [tokenAccountSize]))
      instructions.push({
        programId: solanaPrograms.associatedToken,
        accounts: [
          { address: from, signer: true, writable: true },
          { address: destination, signer: false, writable: true },
          { address: to, signer: false, writable: false },
          { address: mint, signer: false, writable: false },
          { address: solanaPrograms.system, signer: false, writable: false },
          { address: tokenProgram, signer: false, writable: false },
        ],
        data: Uint8Array.of(1), // CreateIdempotent
      })
    }
    if (lamportsOf(balance) < lamportsNeeded) {
      throw new SolanaAmountError('Insufficient SOL balance for the fee', { details: `${formatUnits(lamportsNeeded, 9)} SOL needed, ${formatUnits(lamportsOf(balance), 9)} SOL available` })
    }
    const data = new Uint8Array(10)
    data[0] = 12 // TransferChecked
    data.set(u64le(amount), 1)
    data[9] = decimals
    instructions.push({
      programId: tokenProgram,
      accounts: [
        { address: source.address, signer: false, writable: true },
        { address: mint, signer: false, writable: false },
        { address: destination, signer: false, writable: true },
        { address: from, signer: true, writable: false },
      ],
      data,
    })
  }

  const latest = await rpc<{ value?: { blockhash?: unknown } }>('getLatestBlockhash', [{ commitment: 'confirmed' }])
  const blockhash = latest?.value?.blockhash
  if (typeof blockhash !== 'string' || !isSolanaAddress(blockhash)) throw new ProviderRpcError({ code: -32603, message: 'The RPC answered getLatestBlockhash without a blockhash' })
  return { transaction: encodeLegacyTransaction({ feePayer: from, recentBlockhash: blockhash, instructions }), rpc }
}

type Rpc = SolanaRpc

function readSignature(value: unknown): string {
  if (!(value instanceof Uint8Array) || value.length !== 64) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid transaction signature' })
  return base58.encode(value)
}

async function signAndSend({ wallet, account, transaction, chain, rpc }: { wallet: Wallet; account: WalletAccount; transaction: Uint8Array; chain: string | undefined; rpc: Rpc }): Promise<string> {
  const features = wallet.features as Record<string, Record<string, unknown> | undefined>
  const signAndSendFeature = features['solana:signAndSendTransaction']?.signAndSendTransaction
  if (typeof signAndSendFeature === 'function' && chain) {
    const outputs = (await callWallet(() => signAndSendFeature({ account, chain, transaction, options: { preflightCommitment: 'confirmed' } }))) as unknown
    return readSignature(Array.isArray(outputs) ? (outputs[0] as { signature?: unknown } | undefined)?.signature : undefined)
  }
  const signFeature = features['solana:signTransaction']?.signTransaction
  if (typeof signFeature !== 'function') throw new SolanaWalletFeatureError({ feature: 'solana:signTransaction', wallet: wallet.name })
  const outputs = (await callWallet(() => signFeature({ account, transaction, ...(chain ? { chain } : {}) }))) as unknown
  const signed = Array.isArray(outputs) ? (outputs[0] as { signedTransaction?: unknown } | undefined)?.signedTransaction : undefined
  if (!(signed instanceof Uint8Array) || signed.length < 65 || signed.length > 1232) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signed transaction' })
  const sent = await rpc<unknown>('sendTransaction', [base64.encode(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }])
  if (typeof sent !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(sent)) throw new ProviderRpcError({ code: -32603, message: 'The RPC answered sendTransaction without a signature' })
  return sent
}
