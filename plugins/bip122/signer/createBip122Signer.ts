import { ChainNotSupportedError, ProviderRpcError, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import type { FeeTier } from '../actions/sendBitcoin.js'
import type { BitcoinSignInput } from '../discovery/bitcoinWallet.js'
import { BitcoinAmountError, BitcoinSignRequestError } from '../errors.js'
import { addressNetworkOf } from '../utils/addressNetworkOf.js'
import { decodeBitcoinAddress, type BitcoinAddressNetwork, type DecodedBitcoinAddress } from '../utils/decodeBitcoinAddress.js'
import type { Bip122SendTransferParameters, Bip122SignMessageParameters, Bip122Signer, Bip122SignerAddress, Bip122SignPsbtParameters } from './types.js'
import { loadBip122Peer } from '../peers.js'

export type CreateBip122SignerOptions = {
  /** `fetch` for the network's Esplora API (UTXOs, fee rates, broadcasts); default the global one. */
  fetch?: typeof fetch
  /** The fee tier of a transfer the plugin builds without a `feeRate` (the plugin's `feeTier` option). */
  feeTier: FeeTier
}

/** Outputs below this are dust the network does not relay (bitcoind's limit for P2WPKH at 3 sat/vB). */
const dustLimitSats = 294n
const maxRecipients = 100
const maxMessageLength = 64 * 1024
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const publicKeyPattern = /^(?:0[23])?[0-9a-fA-F]{64}$/

/** The CAIP-2 ids of the address networks that have one (the test networks share `tb1…`). */
const caipOfAddressNetwork: Partial<Record<BitcoinAddressNetwork, string>> = { mainnet: 'bip122:000000000019d6689c085ae165831e93', regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' }

/**
 * Builds the bip122 signer (`portico.getSigner('bip122')`, the chain adapter's `createSigner`) on
 * the kernel's signer context: every member reads the connection when called, checks its
 * arguments and their network before the wallet is asked, and asks the wallet through
 * `context.request` in WalletConnect's bip122 vocabulary (`getAccountAddresses`, `signPsbt`,
 * `sendTransfer`, `signMessage`), which a WalletConnect session carries as it is and the plugin's
 * own `request` answers in each injected wallet's dialect.
 *
 * The wallet is never asked to broadcast: the signer finalizes and broadcasts through the network's
 * Esplora API (the one balances come from), so a transaction the network refuses is a
 * `BitcoinTransactionRejectedError` with the node's reason whichever wallet signed it (Unisat and
 * Phantom do not broadcast a PSBT at all). A transfer to one recipient without a fee rate is the
 * wallet's own `sendTransfer` (it picks the coins and the fee, and wallets that cannot sign PSBTs
 * pay it too); several recipients, or a fee rate, are one PSBT the plugin builds from the payment
 * address's UTXOs: WalletConnect's `sendTransfer` pays a single recipient, and several transfers
 * would be several transactions with several fees and no single txid.
 *
 * @param context - the kernel's signer context for `bip122`
 * @param options - `fetch` and the default fee tier
 * @returns the signer
 * @example
 * createSigner: async (context) => (await import('../signer/createBip122Signer.js')).createBip122Signer(context, { feeTier: 'normal' })
 */
export function createBip122Signer(context: SignerContext, { fetch: fetchFn, feeTier }: CreateBip122SignerOptions): Bip122Signer {
  /** The connection now (another `network` refused), and the address network its addresses use. */
  const current = (network: unknown) => {
    if (network !== undefined && typeof network !== 'string') {
      context.connection()
      throw new BitcoinSignRequestError('network must be a CAIP-2 network id or its reference')
    }
    const connection = network === undefined ? context.connection() : context.requireNetwork(network)
    return { connection, kind: addressNetworkOf(connection.network) }
  }

  /** An address of the connection's network; another network's is refused as the kernel refuses another chain. */
  const requireAddress = (value: unknown, kind: BitcoinAddressNetwork, connection: SignerConnection, what: string, invalid: (message: string) => Error): DecodedBitcoinAddress & { address: string } => {
    const decoded = decodeBitcoinAddress(value)
    if (!decoded) throw invalid(`${what} ${JSON.stringify(String(value).slice(0, 100))} is not a Bitcoin address`)
    const address = value as string
    if (decoded.network !== kind) throw new ChainNotSupportedError({ caipNetworkId: caipOfAddressNetwork[decoded.network] ?? `bip122 (a ${decoded.network} address: ${address.slice(0, 12)}…)`, connected: connection.caipNetworkId })
    return { ...decoded, address }
  }
  const signRequestError = (message: string) => new BitcoinSignRequestError(message)
  const amountError = (message: string) => new BitcoinAmountError(message)

  const getAddresses = async (): Promise<Bip122SignerAddress[]> => {
    const { connection, kind } = current(undefined)
    const answer = await context.request('getAccountAddresses', { account: connection.address })
    if (!Array.isArray(answer)) throw new ProviderRpcError({ code: -32603, message: 'The wallet answered getAccountAddresses with no list of addresses' })
    const found = new Map<string, Bip122SignerAddress>()
    for (const entry of answer.slice(0, 100)) {
      if (!isRecord(entry) || decodeBitcoinAddress(entry.address)?.network !== kind || found.has(entry.address as string)) continue
      const intention = entry.intention ?? entry.purpose
      const purpose = intention === 'ordinal' || intention === 'ordinals' ? 'ordinal' : 'payment'
      found.set(entry.address as string, { address: entry.address as string, purpose, ...(typeof entry.publicKey === 'string' && publicKeyPattern.test(entry.publicKey) ? { publicKey: entry.publicKey.toLowerCase() } : {}) })
    }
    // The connected (payment) address first, as the connection lists it.
    const listed = [...found.values()]
    return [...listed.filter((a) => a.address === connection.address), ...listed.filter((a) => a.address !== connection.address)]
  }

  /** Asks the wallet to sign `inputs` of `tx` (never to broadcast), and reads its answer. */
  const signInputs = async (connection: SignerConnection, tx: import('../lazy/btcSigner.js').Transaction, inputs: readonly BitcoinSignInput[], finalize: boolean) => {
    const [{ base64 }, { acceptSignedPsbt }] = await Promise.all([import('@scure/base'), loadBip122Peer(() => import('./acceptSignedPsbt.js'))])
    const answer = await context.request('signPsbt', {
      account: connection.address,
      psbt: base64.encode(tx.toPSBT()),
      signInputs: inputs.map(({ address, index, sighashTypes }) => ({ address, index, ...(sighashTypes ? { sighashTypes: [...sighashTypes] } : {}) })),
      broadcast: false,
    })
    return acceptSignedPsbt({ built: tx, signedPsbt: isRecord(answer) ? answer.psbt : undefined, inputs: inputs.map((i) => i.index), finalize })
  }

  const broadcast = async (connection: SignerConnection, hex: string) => {
    const { broadcastBitcoinTransaction } = await import('../actions/broadcastBitcoinTransaction.js')
    return broadcastBitcoinTransaction({ network: connection.network, hex, ...(fetchFn ? { fetch: fetchFn } : {}) })
  }

  return {
    namespace: 'bip122',
    getAddresses,

    async signPsbt(parameters: Bip122SignPsbtParameters) {
      const { connection, kind } = current(isRecord(parameters) ? parameters.network : undefined)
      if (!isRecord(parameters)) throw new BitcoinSignRequestError('signPsbt needs { psbt, signInputs }')
      const { psbt, signInputs: byAddress, sighashTypes, finalize = false, broadcast: send = false } = parameters
      if (typeof finalize !== 'boolean' || typeof send !== 'boolean') throw new BitcoinSignRequestError('finalize and broadcast must be booleans')
      if (!isRecord(byAddress) || Object.keys(byAddress).length === 0) throw new BitcoinSignRequestError('signInputs must name the inputs to sign by address: { [address]: [indexes] }')
      if (sighashTypes !== undefined && !isRecord(sighashTypes)) throw new BitcoinSignRequestError('sighashTypes must list the allowed sighash types by input index: { [index]: [types] }')
      const inputs: BitcoinSignInput[] = []
      for (const [address, indexes] of Object.entries(byAddress)) {
        requireAddress(address, kind, connection, 'signInputs names', signRequestError)
        if (!Array.isArray(indexes) || indexes.length === 0 || indexes.length > 10_000) throw new BitcoinSignRequestError(`signInputs[${address.slice(0, 100)}] must list the indexes of the inputs it signs`)
        for (const index of indexes) inputs.push({ address, index })
      }
      const signed = new Set(inputs.map((i) => i.index))
      for (const [key, types] of Object.entries(sighashTypes ?? {})) {
        const index = Number(key)
        if (!signed.has(index)) throw new BitcoinSignRequestError(`sighashTypes names input ${key.slice(0, 20)}, which signInputs does not sign`)
        const input = inputs.find((i) => i.index === index)!
        input.sighashTypes = types as readonly number[]
      }
      const [{ readPsbt }, { prepareSignInputs }] = await Promise.all([loadBip122Peer(() => import('./readPsbt.js')), loadBip122Peer(() => import('./prepareSignInputs.js'))])
      const tx = readPsbt(psbt)
      prepareSignInputs({ tx, inputs, network: kind })
      const result = await signInputs(connection, tx, inputs, finalize || send)
      const { base64 } = await import('@scure/base')
      const txid = send ? await broadcast(connection, result.hex) : undefined
      return { psbt: base64.encode(result.toPSBT()), ...(txid ? { txid } : {}) }
    },

    async sendTransfer(parameters: Bip122SendTransferParameters) {
      const { connection, kind } = current(isRecord(parameters) ? parameters.network : undefined)
      const recipients = isRecord(parameters) ? parameters.recipients : undefined
      if (!Array.isArray(recipients) || recipients.length === 0 || recipients.length > maxRecipients) throw new BitcoinAmountError(`sendTransfer needs one to ${maxRecipients} recipients: [{ address, amount }] (amounts in sats)`)
      const outputs = recipients.map((recipient: unknown) => {
        if (!isRecord(recipient)) throw new BitcoinAmountError('Each recipient is { address, amount } (amount in sats)')
        const { address } = requireAddress(recipient.address, kind, connection, 'The recipient', amountError)
        const amount = satsOf(recipient.amount)
        if (amount < dustLimitSats) throw new BitcoinAmountError(`Send at least ${dustLimitSats} sats: smaller outputs are dust the network does not relay`)
        return { address, amount }
      })
      const feeRate = (parameters as Bip122SendTransferParameters).feeRate
      if (feeRate !== undefined && !(typeof feeRate === 'number' && Number.isFinite(feeRate) && feeRate > 0 && feeRate <= 100_000)) throw new BitcoinAmountError('feeRate must be a fee rate in sat/vB, above 0')
      if (outputs.length === 1 && feeRate === undefined) {
        // The wallet's own transfer: it picks the coins and sets the fee.
        const [{ address, amount }] = outputs as [{ address: string; amount: bigint }]
        const answer = await context.request('sendTransfer', { account: connection.address, recipientAddress: address, amount: amount.toString() })
        const txid = isRecord(answer) ? answer.txid : undefined
        if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction id' })
        return { txid }
      }
      // One PSBT paying every recipient from the payment address, change back to it.
      const payer = connection.address
      const { buildPaymentPsbt, fetchFeeTiers } = await import('../actions/sendBitcoin.js')
      const publicKey = decodeBitcoinAddress(payer)?.type === 'p2tr' ? (await getAddresses()).find((a) => a.address === payer)?.publicKey : undefined
      const rate = feeRate ?? (await fetchFeeTiers({ network: connection.network, ...(fetchFn ? { fetch: fetchFn } : {}) }))[feeTier]
      const { tx, inputs } = await buildPaymentPsbt({ network: connection.network, from: payer, outputs, feeRate: rate, ...(fetchFn ? { fetch: fetchFn } : {}), ...(publicKey ? { publicKey } : {}) })
      const signed = await signInputs(
        connection,
        tx,
        inputs.map((index) => ({ address: payer, index })),
        true,
      )
      return { txid: await broadcast(connection, signed.hex) }
    },

    async signMessage(parameters: Bip122SignMessageParameters) {
      const { connection, kind } = current(undefined)
      if (!isRecord(parameters) || typeof parameters.message !== 'string') throw new BitcoinSignRequestError('signMessage needs { message } (text)')
      const { message, protocol = 'bip322' } = parameters
      if (message.length > maxMessageLength) throw new BitcoinSignRequestError(`The message is longer than ${maxMessageLength} characters`)
      if (protocol !== 'bip322' && protocol !== 'ecdsa') throw new BitcoinSignRequestError(`protocol must be "bip322" or "ecdsa", got ${JSON.stringify(String(protocol).slice(0, 20))}`)
      const { address } = requireAddress(parameters.address ?? connection.address, kind, connection, 'The signing address', signRequestError)
      const answer = await context.request('signMessage', { account: connection.address, address, message, protocol })
      const signature = isRecord(answer) ? answer.signature : undefined
      if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2_000) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no signature' })
      if (isRecord(answer) && answer.address !== undefined && answer.address !== address) throw new ProviderRpcError({ code: -32603, message: `The wallet signed with ${String(answer.address).slice(0, 100)}, not ${address}` })
      return { address, signature }
    },
  }
}

/** An amount in sats: a bigint, a safe integer, or a string of digits. */
function satsOf(value: unknown): bigint {
  if (typeof value === 'bigint' && value > 0n && value <= 21_000_000n * 100_000_000n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value)
  if (typeof value === 'string' && /^\d{1,16}$/.test(value) && BigInt(value) > 0n) return BigInt(value)
  throw new BitcoinAmountError(`Amounts are whole sats above zero (a bigint, an integer or a string of digits), got ${JSON.stringify(typeof value === 'bigint' ? value.toString() : String(value)).slice(0, 40)}`)
}
