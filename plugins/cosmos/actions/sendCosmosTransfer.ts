import { base64 } from '@scure/base'
import { parseDecimalUnits, ProviderRpcError, type Network } from '../../../kernel/kernel.js'
import { CosmosAmountError, CosmosRestRequestError, CosmosTransactionFailedError } from '../errors.js'
import { cosmosDataOf } from '../utils/cosmosDataOf.js'
import { cosmosSignModes, encodeAuthInfo, encodeMsgSendBody, encodeTxRaw, type CosmosCoin } from '../utils/encodeCosmosTx.js'
import { formatCosmosUnits } from '../utils/formatCosmosUnits.js'
import { callCosmosRest } from './callCosmosRest.js'
import type { CosmosAminoSignDoc, CosmosTransferSigner } from './CosmosTransferSigner.js'

export type SendCosmosTransferParameters = {
  network: Network
  from: string
  to: string
  /** Decimal string in display units. */
  amount: string
  /** The bank denom to send; the native denom when absent. */
  denom?: string
  /** The coin's decimals (native: the network's). */
  decimals?: number
  signer: CosmosTransferSigner
  gasAdjustment?: number
  memo?: string
  fetch?: typeof globalThis.fetch
}

export type CosmosFeeQuote = { gasLimit: bigint; fee: CosmosCoin[]; feeDisplay: string }

const coinsOf = (coins: unknown): CosmosCoin[] =>
  Array.isArray(coins) ? coins.filter((c) => typeof c?.denom === 'string' && typeof c?.amount === 'string' && /^\d{1,60}$/.test(c.amount)).map((c) => ({ denom: c.denom, amount: c.amount })) : []

/**
 * Sends a bank `MsgSend`: reads the sender's account number and sequence, simulates the
 * transaction for its gas, sets the fee (gas × adjustment × the network's gas price), checks the
 * balance covers amount and fee, has the wallet sign it (`signDirect`; amino JSON for hardware
 * wallets or wallets without direct signing), and broadcasts it through the REST gateway.
 *
 * @returns the transaction hash (upper-case hex) and the fee that was shown to the wallet
 * @throws CosmosAmountError for an amount that is not positive, has too many decimals or exceeds the balance
 * @throws CosmosTransactionFailedError when the chain refuses the transaction
 * @example
 * await sendCosmosTransfer({ network, from, to, amount: '1.5', signer })
 */
export async function sendCosmosTransfer(parameters: SendCosmosTransferParameters): Promise<{ hash: string; fee: CosmosFeeQuote }> {
  return transfer(parameters, false) as Promise<{ hash: string; fee: CosmosFeeQuote }>
}

/**
 * The fee of a transfer before the wallet is asked: the same account read, simulation and balance
 * checks as {@link sendCosmosTransfer}, stopping before the signature.
 *
 * @returns the fee quote (gas limit, fee coins and the fee as the review shows it)
 * @throws what {@link sendCosmosTransfer} throws before signing (amount, balance, REST errors)
 * @example
 * const { fee } = await estimateCosmosTransferFee({ network, from, to, amount: '1.5', signer })
 */
export async function estimateCosmosTransferFee(parameters: SendCosmosTransferParameters): Promise<CosmosFeeQuote> {
  return (await transfer(parameters, true)).fee
}

async function transfer(parameters: SendCosmosTransferParameters, estimateOnly: boolean): Promise<{ hash?: string; fee: CosmosFeeQuote }> {
  const { network, from, to, signer, memo = '', gasAdjustment = 1.4, fetch: fetchFn } = parameters
  const chain = cosmosDataOf(network)
  const denom = parameters.denom ?? chain.denom
  const decimals = parameters.decimals ?? (denom === chain.denom ? network.nativeCurrency.decimals : 6)
  const units = parseDecimalUnits(parameters.amount, decimals)
  if (units === undefined || units <= 0n) throw new CosmosAmountError(`The amount must be a positive number with at most ${decimals} decimals`)
  const rest = <T,>(path: string, body?: unknown, allow?: number[]) => callCosmosRest<T>({ network, path, ...(body === undefined ? {} : { body }), ...(fetchFn ? { fetch: fetchFn } : {}), ...(allow ? { allow } : {}) })

  const accountBody = await rest<{ account?: { account_number?: unknown; sequence?: unknown; base_account?: { account_number?: unknown; sequence?: unknown } } }>(`/cosmos/auth/v1beta1/accounts/${encodeURIComponent(from)}`, undefined, [404])
  if (!accountBody) throw new CosmosAmountError('This account has no funds on the chain yet')
  const raw = accountBody.account?.base_account ?? accountBody.account
  if (typeof raw?.account_number !== 'string' || typeof raw.sequence !== 'string' || !/^\d+$/.test(raw.account_number) || !/^\d+$/.test(raw.sequence)) {
    throw new CosmosRestRequestError({ path: '/cosmos/auth/v1beta1/accounts', message: 'malformed account' })
  }
  const accountNumber = BigInt(raw.account_number)
  const sequence = BigInt(raw.sequence)
  const { publicKey, aminoOnly } = await signer.account()
  const direct = !aminoOnly && signer.signDirect !== undefined
  const signMode = direct ? cosmosSignModes.direct : cosmosSignModes.amino
  const amount = [{ denom, amount: String(units) }]
  const bodyBytes = encodeMsgSendBody({ from, to, amount, memo })

  // Simulate with an empty signature for the gas; the fee follows from the network's gas price.
  const simulateTx = encodeTxRaw({ bodyBytes, authInfoBytes: encodeAuthInfo({ publicKey, sequence, fee: [], gasLimit: 0n, signMode }), signatures: [new Uint8Array(64)] })
  const simulated = await rest<{ gas_info?: { gas_used?: unknown } }>('/cosmos/tx/v1beta1/simulate', { tx_bytes: base64.encode(simulateTx) })
  const gasUsed = simulated?.gas_info?.gas_used
  if (typeof gasUsed !== 'string' || !/^\d{1,12}$/.test(gasUsed)) throw new CosmosRestRequestError({ path: '/cosmos/tx/v1beta1/simulate', message: 'malformed gas estimate' })
  const gasLimit = BigInt(Math.ceil(Number(gasUsed) * gasAdjustment))
  const feeAmount = BigInt(Math.ceil(Number(gasLimit) * chain.gasPrice))
  const fee = [{ denom: chain.denom, amount: String(feeAmount) }]
  const quote: CosmosFeeQuote = { gasLimit, fee, feeDisplay: `${formatCosmosUnits(feeAmount, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}` }

  const balances = await rest<{ balances?: unknown }>(`/cosmos/bank/v1beta1/balances/${encodeURIComponent(from)}`)
  const held = new Map(coinsOf(balances?.balances).map((c) => [c.denom, BigInt(c.amount)]))
  const needNative = feeAmount + (denom === chain.denom ? units : 0n)
  if ((held.get(chain.denom) ?? 0n) < needNative || (denom !== chain.denom && (held.get(denom) ?? 0n) < units)) {
    throw new CosmosAmountError(`The balance does not cover the amount and the fee (${quote.feeDisplay})`)
  }
  if (estimateOnly) return { fee: quote }

  let signedBody = bodyBytes
  let authInfoBytes: Uint8Array
  let signature: Uint8Array
  if (direct && signer.signDirect) {
    const doc = { bodyBytes, authInfoBytes: encodeAuthInfo({ publicKey, sequence, fee, gasLimit, signMode }), chainId: chain.chainId, accountNumber }
    const signed = await signer.signDirect(doc)
    ;({ bodyBytes: signedBody, authInfoBytes, signature } = signed)
  } else {
    const doc: CosmosAminoSignDoc = {
      chain_id: chain.chainId,
      account_number: String(accountNumber),
      sequence: String(sequence),
      fee: { amount: fee, gas: String(gasLimit) },
      msgs: [{ type: 'cosmos-sdk/MsgSend', value: { from_address: from, to_address: to, amount } }],
      memo,
    }
    const signed = await signer.signAmino(doc)
    // The wallet may raise the fee (Keplr lets the visitor choose); the transaction carries what was signed.
    const signedFee = coinsOf(signed.signed?.fee?.amount)
    const signedGas = signed.signed?.fee?.gas
    if (typeof signedGas !== 'string' || !/^\d{1,12}$/.test(signedGas) || signed.signed.memo !== memo) throw new ProviderRpcError({ code: -32603, message: 'The wallet changed the transaction it signed' })
    authInfoBytes = encodeAuthInfo({ publicKey, sequence, fee: signedFee, gasLimit: BigInt(signedGas), signMode })
    signature = signed.signature
  }
  if (signature.length !== 64) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
  const txBytes = encodeTxRaw({ bodyBytes: signedBody, authInfoBytes, signatures: [signature] })
  const broadcast = await rest<{ tx_response?: { code?: unknown; txhash?: unknown; raw_log?: unknown } }>('/cosmos/tx/v1beta1/txs', { tx_bytes: base64.encode(txBytes), mode: 'BROADCAST_MODE_SYNC' })
  const response = broadcast?.tx_response
  if (typeof response?.code === 'number' && response.code !== 0) throw new CosmosTransactionFailedError({ abciCode: response.code, log: typeof response.raw_log === 'string' ? response.raw_log : '' })
  if (typeof response?.txhash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(response.txhash)) throw new CosmosRestRequestError({ path: '/cosmos/tx/v1beta1/txs', message: 'no transaction hash' })
  return { hash: response.txhash.toUpperCase(), fee: quote }
}
