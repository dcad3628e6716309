import { ProviderRpcError, type Network } from '../../../kernel/kernel.js'
import type { BitcoinSignInput, BitcoinWallet, BitcoinWalletAccount } from '../discovery/bitcoinWallet.js'
import { BitcoinWalletFeatureError } from '../errors.js'
import { decodeBitcoinAddress } from '../utils/decodeBitcoinAddress.js'
import { loadBip122Peer } from '../peers.js'

export type AnswerBip122WalletRequestParameters = {
  /** The connected wallet the plugin holds. */
  wallet: BitcoinWallet
  /** Its accounts, payment first: the first is WalletConnect's `account`. */
  accounts: readonly BitcoinWalletAccount[]
  method: string
  params: unknown
  /** The connection's network (broadcasts go to its Esplora API). */
  network: Network
  /** The fee tier of a transfer the plugin pays with a PSBT (a wallet without `sendTransfer`). */
  tier: 'slow' | 'normal' | 'fast'
  fetch?: typeof fetch
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const invalid = (message: string) => new ProviderRpcError({ code: -32602, message })

function formatBtc(sats: bigint): string {
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${sats / 100_000_000n}.${fraction}` : `${sats / 100_000_000n}`
}

/**
 * Answers one request in WalletConnect's bip122 vocabulary for a wallet the plugin holds, in that
 * wallet's own dialect (the chain adapter's `request`, which `portico.request` and the signer reach):
 * `getAccountAddresses { account }` → `[{ address, publicKey?, intention }]` (the accounts it
 * shared); `signMessage { account, message, address?, protocol? }` → `{ address, signature }`;
 * `sendTransfer { account, recipientAddress, amount }` → `{ txid }` (the wallet's own transfer, or a
 * PSBT the plugin builds for a wallet without one); `signPsbt { account, psbt, signInputs: [{ address,
 * index, sighashTypes? }], broadcast? }` → `{ psbt, txid? }` (broadcast by the plugin through the
 * network's Esplora API). `account` must be the connected payment address (4100 otherwise); a
 * malformed request is refused with -32602 before the wallet is asked, another method with 4200.
 *
 * @returns the answer, as a WalletConnect wallet gives it
 * @throws ProviderRpcError (the wallet's own code for its refusal), BitcoinWalletFeatureError, and the send's typed errors
 * @example
 * await answerBip122WalletRequest({ wallet, accounts, method: 'getAccountAddresses', params: { account }, network, tier: 'normal' })
 */
export async function answerBip122WalletRequest({ wallet, accounts, method, params, network, tier, fetch: fetchFn }: AnswerBip122WalletRequestParameters): Promise<unknown> {
  const account = accounts[0]?.address
  if (!isRecord(params)) throw invalid(`${method.slice(0, 64)} needs an object of params`)
  if (account === undefined || params.account !== account) throw new ProviderRpcError({ code: 4100, message: 'Unknown account: the request is not for the connected account' })
  const fetchOption = fetchFn ? { fetch: fetchFn } : {}

  if (method === 'getAccountAddresses') {
    const intentions = Array.isArray(params.intentions) ? params.intentions : undefined
    return accounts
      .filter((a) => !intentions || intentions.includes(a.purpose))
      .map((a) => ({ address: a.address, ...(a.publicKey ? { publicKey: a.publicKey } : {}), intention: a.purpose }))
  }

  if (method === 'signMessage') {
    if (typeof params.message !== 'string') throw invalid('signMessage needs a message (text)')
    const address = params.address ?? account
    if (typeof address !== 'string' || !accounts.some((a) => a.address === address)) throw invalid('signMessage: the address is not one of the connected account')
    if (params.protocol !== undefined && params.protocol !== 'bip322' && params.protocol !== 'ecdsa') throw invalid('signMessage: protocol is "ecdsa" or "bip322"')
    const { signature } = await wallet.signMessage({ address, message: params.message, protocol: params.protocol ?? 'ecdsa' })
    return { address, signature }
  }

  if (method === 'sendTransfer') {
    const { recipientAddress, amount } = params
    // WalletConnect's optional change address and OP_RETURN memo: these wallets' transfers take neither (a PSBT does: signPsbt).
    if (params.changeAddress !== undefined || params.memo !== undefined) throw invalid(`${wallet.name}'s transfer through Portico takes no changeAddress or memo: sign a PSBT with those outputs instead`)
    if (typeof recipientAddress !== 'string' || !decodeBitcoinAddress(recipientAddress) || typeof amount !== 'string' || !/^\d{1,16}$/.test(amount)) throw invalid('sendTransfer needs a recipientAddress and an amount in sats (a string of digits)')
    if (wallet.sendTransfer) return { txid: await wallet.sendTransfer({ address: recipientAddress, amount: BigInt(amount) }) }
    const { sendBitcoin } = await import('./sendBitcoin.js')
    const publicKey = accounts[0]?.publicKey
    return { txid: await sendBitcoin({ wallet, network, from: account, to: recipientAddress, amount: formatBtc(BigInt(amount)), tier, ...fetchOption, ...(publicKey ? { publicKey } : {}) }) }
  }

  if (method === 'signPsbt') {
    if (!wallet.signPsbt) throw new BitcoinWalletFeatureError({ feature: 'PSBT signing', wallet: wallet.name })
    if (!Array.isArray(params.signInputs)) throw invalid('signPsbt needs signInputs: [{ address, index, sighashTypes? }]')
    if (params.broadcast !== undefined && typeof params.broadcast !== 'boolean') throw invalid('signPsbt: broadcast is a boolean')
    const inputs: BitcoinSignInput[] = params.signInputs.slice(0, 10_001).map((entry: unknown) => {
      if (!isRecord(entry) || typeof entry.address !== 'string' || !decodeBitcoinAddress(entry.address) || !Number.isSafeInteger(entry.index)) throw invalid('Each signInputs entry needs an address and an index')
      if (entry.sighashTypes !== undefined && !(Array.isArray(entry.sighashTypes) && entry.sighashTypes.every((t) => Number.isInteger(t)))) throw invalid('sighashTypes is a list of sighash types')
      return { address: entry.address, index: entry.index as number, ...(entry.sighashTypes ? { sighashTypes: entry.sighashTypes as number[] } : {}) }
    })
    const [{ readPsbt }, { prepareSignInputs }, { base64 }] = await Promise.all([loadBip122Peer(() => import('../signer/readPsbt.js')), loadBip122Peer(() => import('../signer/prepareSignInputs.js')), import('@scure/base')])
    let tx
    try {
      tx = readPsbt(params.psbt)
      // The sighash types a wallet that takes no such parameter must sign with go into the PSBT.
      prepareSignInputs({ tx, inputs, network: decodeBitcoinAddress(account)!.network })
    } catch (error) {
      throw invalid(error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error))
    }
    const psbt = await wallet.signPsbt({ psbt: base64.encode(tx.toPSBT()), inputs })
    if (params.broadcast !== true) return { psbt }
    const [{ finalizeSignedPsbt }, { broadcastBitcoinTransaction }] = await Promise.all([import('./sendBitcoin.js'), import('./broadcastBitcoinTransaction.js')])
    const signed = await finalizeSignedPsbt(tx, psbt)
    const txid = await broadcastBitcoinTransaction({ network, hex: signed.hex, ...fetchOption })
    return { psbt: base64.encode(signed.toPSBT()), txid }
  }

  throw new ProviderRpcError({ code: 4200, message: `${wallet.name} does not support ${method.slice(0, 64)} through Portico (getAccountAddresses, signMessage, sendTransfer, signPsbt)` })
}
