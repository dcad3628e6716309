import { createV4Tx } from '@polkadot-api/signers-common'
import { compact, u128 } from '@polkadot-api/substrate-bindings'
import { formatDecimalUnits, parseDecimalUnits, type SendRequest } from '../../../kernel/kernel.js'
import { PolkadotAmountError, PolkadotRpcRequestError, PolkadotSignedExtensionError } from '../errors.js'
import { decodeSs58, encodeSs58 } from '../utils/ss58.js'
import { fromHex, toHex } from '../utils/toHex.js'
import { callPolkadotRpc, type PolkadotWebSocketClass } from './callPolkadotRpc.js'
import { readPolkadotAccount } from './readPolkadotAccount.js'
import { readPolkadotRuntime, type PolkadotRuntime } from './readPolkadotRuntime.js'

/** One signed extension as a signer takes it: `value` goes into the extrinsic, `additionalSigned` is only signed. */
export type SignedExtensions = Record<string, { identifier: string; value: Uint8Array; additionalSigned: Uint8Array }>

/** A `balances.transferKeepAlive` ready to be signed: its call, its signed extensions and what it will cost. */
export type PolkadotTransferPlan = {
  runtime: PolkadotRuntime
  /** The call (pallet index, call index, arguments) without a length prefix. */
  callData: Uint8Array
  extensions: SignedExtensions
  /** The block the mortal era starts at. */
  atBlockNumber: number
  /** The partial fee in planck, from `TransactionPaymentApi_query_info`. */
  fee: bigint
  amount: bigint
}

/** How many blocks a transaction stays valid (a mortal era, as wallets default: 64 blocks, about 6.4 minutes). */
const eraPeriod = 64
const empty = new Uint8Array()
const u32le = (value: number) => new Uint8Array([value & 255, (value >>> 8) & 255, (value >>> 16) & 255, (value >>> 24) & 255])

/**
 * The two bytes of a mortal era starting near `blockNumber` (the SCALE `Era` encoding: period as a
 * power of two, phase quantised to period / 4096).
 *
 * @example
 * mortalEra(100, 64) // Uint8Array [0x45, 0x02]
 */
export function mortalEra(blockNumber: number, period = eraPeriod): Uint8Array {
  const phase = blockNumber % period
  const quantize = Math.max(period >> 12, 1)
  const trailing = Math.min(Math.max(Math.log2(period) - 1, 1), 15)
  const encoded = trailing + ((Math.floor(phase / quantize) << 4) & 0xfff0)
  return new Uint8Array([encoded & 255, encoded >> 8])
}

/**
 * Fills the runtime's signed extensions for a transaction from `from` at `nonce`: the versions,
 * genesis and era block the chain checks, the nonce, a zero tip (and no fee asset), metadata-hash
 * checking off. Extensions whose value and signed part are both empty need nothing.
 *
 * @throws PolkadotSignedExtensionError for an extension this plugin does not know that carries data
 * @example
 * buildSignedExtensions({ runtime, nonce: 0, block: { number: 10, hash: '0x…' } })
 */
export function buildSignedExtensions({ runtime, nonce, block }: { runtime: PolkadotRuntime; nonce: number; block: { number: number; hash: `0x${string}` } }): SignedExtensions {
  const list = runtime.metadata.extrinsic.signedExtensions[4] ?? Object.values(runtime.metadata.extrinsic.signedExtensions)[0] ?? []
  const known: Record<string, () => [Uint8Array, Uint8Array]> = {
    CheckSpecVersion: () => [empty, u32le(runtime.specVersion)],
    CheckTxVersion: () => [empty, u32le(runtime.transactionVersion)],
    CheckGenesis: () => [empty, fromHex(runtime.genesisHash)],
    CheckMortality: () => [mortalEra(block.number), fromHex(block.hash)],
    CheckEra: () => [mortalEra(block.number), fromHex(block.hash)],
    CheckNonce: () => [compact.enc(nonce), empty],
    ChargeTransactionPayment: () => [compact.enc(0), empty],
    // tip 0, no asset: the fee is paid in the native currency
    ChargeAssetTxPayment: () => [new Uint8Array([...compact.enc(0), 0]), empty],
    // mode Disabled, no metadata hash
    CheckMetadataHash: () => [new Uint8Array([0]), new Uint8Array([0])],
  }
  const extensions: SignedExtensions = {}
  for (const { identifier, type, additionalSigned } of list) {
    const fill = known[identifier]
    if (fill) {
      const [value, signed] = fill()
      extensions[identifier] = { identifier, value, additionalSigned: signed }
    } else if (runtime.lookup(type).type === 'void' && runtime.lookup(additionalSigned).type === 'void') {
      extensions[identifier] = { identifier, value: empty, additionalSigned: empty }
    } else {
      throw new PolkadotSignedExtensionError({ identifier })
    }
  }
  return extensions
}

/**
 * Plans a native transfer with `balances.transferKeepAlive`: checks the amount, reads the runtime,
 * the nonce and a recent block, encodes the call from the runtime's metadata, asks the runtime for
 * the fee (`TransactionPaymentApi_query_info` on the unsigned-equivalent extrinsic), and applies the
 * existential-deposit rule before any wallet is asked: the sender keeps at least the deposit, and a
 * new receiving account gets at least the deposit.
 *
 * @returns the plan
 * @throws PolkadotAmountError for a bad amount, one the balance cannot cover with the fee and deposit, or one below the deposit for a new account
 * @throws PolkadotRpcRequestError when the node fails
 * @example
 * const plan = await planPolkadotTransfer({ request })
 */
export async function planPolkadotTransfer({ request, fetch, WebSocket }: { request: SendRequest; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<PolkadotTransferPlan> {
  const { network } = request
  const { decimals, symbol } = network.nativeCurrency
  if (request.token) throw new PolkadotAmountError('Only the native currency can be sent on Polkadot networks')
  const amount = parseDecimalUnits(request.amount, decimals)
  if (amount === undefined) throw new PolkadotAmountError(`Enter an amount in ${symbol} with at most ${decimals} decimals`)
  if (amount <= 0n) throw new PolkadotAmountError('Enter an amount greater than 0')
  const from = decodeSs58(request.from)
  const to = decodeSs58(request.to)
  if (!from) throw new PolkadotAmountError('The sending address is not an SS58 address')
  if (!to) throw new PolkadotAmountError('The receiving address is not an SS58 address')

  const [runtime, nonce, header] = await Promise.all([
    readPolkadotRuntime({ network, fetch, WebSocket }),
    callPolkadotRpc<number>({ network, fetch, WebSocket, method: 'system_accountNextIndex', params: [request.from] }),
    callPolkadotRpc<{ number?: unknown }>({ network, fetch, WebSocket, method: 'chain_getHeader', params: [] }),
  ])
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new PolkadotRpcRequestError({ method: 'system_accountNextIndex', message: 'the answer is not a nonce' })
  const number = typeof header?.number === 'string' && /^0x[0-9a-f]{1,8}$/i.test(header.number) ? Number.parseInt(header.number, 16) : Number.NaN
  if (!Number.isSafeInteger(number)) throw new PolkadotRpcRequestError({ method: 'chain_getHeader', message: 'the answer is not a header' })
  const hash = await callPolkadotRpc<string>({ network, fetch, WebSocket, method: 'chain_getBlockHash', params: [number] })
  if (typeof hash !== 'string' || !/^0x[0-9a-f]{64}$/i.test(hash)) throw new PolkadotRpcRequestError({ method: 'chain_getBlockHash', message: 'the answer is not a block hash' })

  let callData: Uint8Array
  try {
    const { codec, location } = runtime.builder.buildCall('Balances', 'transfer_keep_alive')
    callData = new Uint8Array([...location, ...codec.enc({ dest: { type: 'Id', value: encodeSs58(to.publicKey, 42) }, value: amount })])
  } catch (cause) {
    throw new PolkadotRpcRequestError({ method: 'state_getMetadata', message: `this runtime has no Balances.transfer_keep_alive (${(cause as Error).message})`, cause })
  }
  const extensions = buildSignedExtensions({ runtime, nonce, block: { number, hash: hash.toLowerCase() as `0x${string}` } })

  // The fee of this exact call, length included: the runtime prices a stand-in signature as it would the real one.
  const order = Object.values(extensions).map((e) => e.value)
  const standIn = createV4Tx(runtime.metadata, from.publicKey, new Uint8Array(64), order, callData, 'Sr25519')
  const infoHex = await callPolkadotRpc<string>({ network, fetch, WebSocket, method: 'state_call', params: ['TransactionPaymentApi_query_info', toHex(new Uint8Array([...standIn, ...u32le(standIn.length)]))] })
  let fee: bigint
  try {
    // RuntimeDispatchInfo ends with `partial_fee: u128`, whichever weight type comes before it (u64, or ref time and proof size)
    const info = fromHex(infoHex)
    if (info.length < 17) throw new Error('too short')
    fee = u128.dec(info.slice(-16))
  } catch (cause) {
    throw new PolkadotRpcRequestError({ method: 'state_call', message: 'TransactionPaymentApi_query_info answered something that is not a fee', cause })
  }

  const [sender, receiver, existentialDeposit] = await Promise.all([
    readPolkadotAccount({ network, publicKey: from.publicKey, fetch, WebSocket }),
    readPolkadotAccount({ network, publicKey: to.publicKey, fetch, WebSocket }),
    Promise.resolve(readExistentialDeposit(runtime)),
  ])
  const show = (value: bigint) => `${formatDecimalUnits(value, decimals)} ${symbol}`
  if (amount + fee + existentialDeposit > sender.transferable) {
    const most = sender.transferable - fee - existentialDeposit
    throw new PolkadotAmountError(most > 0n ? `You can send at most ${show(most)}: your account keeps ${show(existentialDeposit)}, the existential deposit` : 'Not enough balance to pay the network fee and keep the existential deposit', {
      details: `${network.name} keeps at least ${show(existentialDeposit)} (its existential deposit) in every account, and this transfer keeps your account alive; the network fee is ${show(fee)}.`,
    })
  }
  if (receiver.free === 0n && amount < existentialDeposit) {
    throw new PolkadotAmountError(`Send at least ${show(existentialDeposit)}: a new account must receive the existential deposit`, {
      details: `The receiving account holds nothing yet, and ${network.name} only creates accounts that hold at least its existential deposit of ${show(existentialDeposit)}.`,
    })
  }
  return { runtime, callData, extensions, atBlockNumber: number, fee, amount }
}

/**
 * The runtime's `Balances.ExistentialDeposit`, in planck.
 *
 * @example
 * readExistentialDeposit(runtime) // 10000000000n on Polkadot
 */
export function readExistentialDeposit(runtime: PolkadotRuntime): bigint {
  try {
    return runtime.builder.buildConstant('Balances', 'ExistentialDeposit').dec(
      runtime.metadata.pallets.find((p) => p.name === 'Balances')?.constants.find((c) => c.name === 'ExistentialDeposit')?.value ?? '0x',
    ) as bigint
  } catch (cause) {
    throw new PolkadotRpcRequestError({ method: 'state_getMetadata', message: 'this runtime has no Balances.ExistentialDeposit', cause })
  }
}
