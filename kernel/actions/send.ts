import type { PorticoBase } from '../types/portico.js'
import { BaseError } from '../errors/BaseError.js'
import { NotConnectedError } from '../errors/connection.js'
import { NoAnswerError } from '../errors/plugin.js'
import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { SendFeeSpeed, SendRequest } from '../types/hooks.js'
import { parseDecimalUnits } from '../utils/parseDecimalUnits.js'
import { fetchTokenBalances } from './fetchTokenBalances.js'
import { hasLoneSurrogate, memoByteLength, sendMemoRule } from './sendMemoRule.js'
import type { SendParameters } from '../types/actions.js'

export type SendReturnType = string

/** A send request that breaks the validation rules (spec §5), refused before the wallet is asked. */
export class SendValidationError extends BaseError {
  override name = 'SendValidationError'
  override code = 'SEND_INVALID'
  constructor(shortMessage: string, { cause }: { cause?: unknown } = {}) {
    super(shortMessage, { cause, docsPath: '/kernel/errors.md#sendvalidationerror' })
  }
}

/**
 * Sends native currency or a token from the connected account. Everything is checked before the
 * wallet is asked anything: amount and receiver present ('An amount and receiver address are
 * required'), a positive decimal amount with no more decimals than the token has, a valid
 * receiver address, a token the account holds ('A token is required'), enough balance
 * ('Insufficient Funds'), a namespace whose plugin can send ('Unsupported chain'). Then
 * the namespace's `send` tap submits it.
 *
 * @returns the transaction hash (or signature) once the wallet has sent it
 * @example
 * const hash = await portico.send({ to: '0x…', amount: '12.5', token: 'eip155:31337:0x5FbD…' })
 */
export async function send(portico: PorticoBase, parameters: SendParameters): Promise<SendReturnType> {
  const { request, hook } = await checkSend(portico, parameters)
  const { namespace: ns, network, amount, token } = request

  portico.markUserAction()
  const properties = { isSmartAccount: portico.stores.connections.get(ns).accounts[0]?.type === 'smartAccount', token: token ?? network.nativeCurrency.symbol, amount, network: network.caipNetworkId }
  portico.emit({ type: 'track', event: 'SEND_INITIATED', properties })
  try {
    const result = await hook.promise(request)
    if (!result) throw new NoAnswerError({ hook: 'send', namespace: ns })
    portico.emit({ type: 'track', event: 'SEND_SUCCESS', properties: { ...properties, hash: result.hash } })
    return result.hash
  } catch (error) {
    const typed = error instanceof BaseError ? error : ProviderRpcError.from(error)
    const rejected = typed instanceof ProviderRpcError && typed.isUserRejection
    portico.emit({ type: 'track', event: rejected ? 'SEND_REJECTED' : 'SEND_ERROR', properties: { ...properties, message: typed.shortMessage } })
    throw portico.reportError(typed, { namespace: ns, action: 'send' })
  }
}

/** The fee speeds a send may ask for. */
export const feeSpeeds: readonly SendFeeSpeed[] = ['slow', 'normal', 'fast']

/** Checks a send (spec §5) and builds its request, before anything is asked of anyone (`send`, `estimateSendFee`). */
export async function checkSend(portico: PorticoBase, parameters: SendParameters) {
  const { connections, networks, accounts } = portico.stores
  const ns = parameters.namespace ?? networks.activeNamespace
  const to = typeof parameters.to === 'string' ? parameters.to.trim() : ''
  const amount = typeof parameters.amount === 'string' ? parameters.amount.trim() : ''
  const { token } = parameters
  if (!amount || !to) throw new SendValidationError('An amount and receiver address are required')
  if (!/^(0|[1-9]\d*)(\.\d+)?$/.test(amount) || /^0(\.0+)?$/.test(amount)) throw new SendValidationError('The amount must be a positive decimal number')
  if (!portico.isAddress(to, ns)) throw new SendValidationError('Invalid Address')
  const memo = checkMemo(portico, ns, parameters.memo)
  const hook = portico.hooks.send.get(ns)
  if (!hook?.isUsed()) throw new SendValidationError('Unsupported chain')
  const connection = connections.get(ns)
  const from = connections.address(ns)
  const network = networks.find(connection.caipNetworkId) ?? networks.activeOf(ns)
  if (connection.status !== 'connected' || !from || !connection.connectorId || !network) throw new NotConnectedError({ namespace: ns })

  // The token's decimals and the balance come from the account's balances (fetched if needed).
  let decimals = network.nativeCurrency.decimals
  let balance: string | undefined
  const known = () => accounts.get(ns).tokenBalances ?? []
  const find = () => known().find((b) => (token ? b.address?.toLowerCase() === token.toLowerCase() : b.address === undefined))
  let entry = find()
  if (!entry) {
    await fetchTokenBalances(portico, ns)
    entry = find()
  }
  if (token) {
    if (!entry) throw new SendValidationError('A token is required')
    decimals = Number(entry.quantity.decimals)
  }
  if (entry) balance = entry.quantity.numeric
  const units = parseDecimalUnits(amount, decimals)
  if (units === undefined) throw new SendValidationError(`The amount has more than ${decimals} decimals`)
  if (balance !== undefined) {
    const available = parseDecimalUnits(balance, decimals)
    if (available !== undefined && units > available) throw new SendValidationError('Insufficient Funds')
  }
  const feeSpeed = feeSpeeds.includes(parameters.feeSpeed as SendFeeSpeed) ? parameters.feeSpeed : undefined
  const request: SendRequest = { namespace: ns, connectorId: connection.connectorId, from, network, to, amount, decimals, ...(token ? { token } : {}), ...(feeSpeed ? { feeSpeed } : {}), ...(memo ? { memo } : {}) }
  return { request, hook }
}

/** The memo as it will be sent (undefined for none), or a `SendValidationError` saying why it cannot be. */
function checkMemo(portico: PorticoBase, namespace: ChainNamespace, memo: unknown): string | undefined {
  if (memo === undefined || memo === '') return undefined
  if (typeof memo !== 'string') throw new SendValidationError('The memo must be text')
  const rule = sendMemoRule(portico, namespace)
  if (!rule) throw new SendValidationError('This network takes no memo')
  if (hasLoneSurrogate(memo)) throw new SendValidationError('The memo is not valid text')
  const bytes = memoByteLength(memo)
  if (bytes > rule.maxBytes) throw new SendValidationError(`The memo is ${bytes} bytes; at most ${rule.maxBytes} bytes are allowed`)
  return memo
}
export type { SendParameters } from '../types/actions.js'
