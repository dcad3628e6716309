import { createPublicClient, defineChain, http, isAddress, isHex, numberToHex, type Chain, type Hex, type PublicClient, type Transport, type TypedDataDefinition } from 'viem'
import { FrameFailure, invalidParams } from '../errors.js'
import { isRecord } from '../utils/isRecord.js'
import { readEip155Transaction, type Eip155TransactionInput } from './readEip155Transaction.js'
import type { SignerContext } from './SignerContext.js'
import type { WalletKeys } from '../keys/deriveWalletKeys.js'
import { callOf, callsStatus, capabilitiesOf, isSmartAccountAddress, readSendCalls, sendUserOperation, smartAccountCannotSign, submitUserOperation, transactionFrom } from './smartAccount.js'

/** The eip155 methods the frame answers (the WalletConnect namespace the eip155 plugin asks for). */
export const eip155Methods = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
] as const

/** The chain a request names: `eip155:N` → N. */
export function eip155ChainNumber(caipNetworkId: string): number {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caipNetworkId)
  if (!match?.[1]) throw invalidParams(`Expected an eip155 chain id (eip155:<number>), got ${caipNetworkId}`)
  return Number(match[1])
}

function ownAddress(context: SignerContext, value: unknown, what: string): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }) || value.toLowerCase() !== context.accounts.eip155.toLowerCase()) {
    throw invalidParams(`${what} must be the wallet's account ${context.accounts.eip155}`)
  }
}

/** Whether a personal_sign / eth_signTypedData_v4 names the smart account as its signer (either param order). */
export function signsAsSmartAccount(context: SignerContext): boolean {
  return Array.isArray(context.params) && context.params.slice(0, 2).some((value) => isSmartAccountAddress(context, value))
}

/** Reads personal_sign's `[message, address]` (either order); the address must be the wallet's. */
export function personalSignArgs(context: SignerContext): { message: string } {
  const params = context.params
  if (!Array.isArray(params) || params.length < 2) throw invalidParams('personal_sign expects [message, address]')
  let [message, address] = params as [unknown, unknown]
  // Some sites send [address, message]: accept both orders, as wallets do.
  if (typeof message === 'string' && isAddress(message, { strict: false }) && !(typeof address === 'string' && isAddress(address, { strict: false }))) {
    ;[message, address] = [address, message]
  }
  if (typeof message !== 'string' || message.length > 1_000_000) throw invalidParams('personal_sign: the message must be a string (hex or text)')
  ownAddress(context, address, 'personal_sign address')
  return { message }
}

/** Reads eth_signTypedData_v4's `[address, typedData]` (an object or its JSON). */
export function typedDataArgs(context: SignerContext): TypedDataDefinition {
  const params = context.params
  if (!Array.isArray(params) || params.length < 2) throw invalidParams('eth_signTypedData_v4 expects [address, typedData]')
  const [address, raw] = params as [unknown, unknown]
  ownAddress(context, address, 'eth_signTypedData_v4 address')
  let typed: unknown = raw
  if (typeof raw === 'string') {
    try {
      typed = JSON.parse(raw)
    } catch {
      throw invalidParams('eth_signTypedData_v4: the typed data is not valid JSON')
    }
  }
  if (!isRecord(typed) || !isRecord(typed.types) || typeof typed.primaryType !== 'string' || !isRecord(typed.message)) {
    throw invalidParams('eth_signTypedData_v4: expected { domain, types, primaryType, message }')
  }
  // viem derives EIP712Domain from the domain itself.
  const { EIP712Domain: _domainType, ...types } = typed.types
  return { ...typed, types } as unknown as TypedDataDefinition
}

/** A viem public client on the server's RPC proxy for one chain. */
export function clientFor(context: SignerContext, chainNumber: number): PublicClient<Transport, Chain> {
  const url = context.rpcUrl(`eip155:${chainNumber}`)
  const chain = defineChain({ id: chainNumber, name: `eip155:${chainNumber}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
  return createPublicClient({ chain, transport: http(url, { fetchFn: context.fetch, retryCount: 0 }) })
}

/** Fills what the transaction lacks (nonce, gas, fees) through the RPC proxy, then signs it. */
async function signTransaction(context: SignerContext, keys: WalletKeys, chainNumber: number, input: Eip155TransactionInput): Promise<{ serialized: Hex; client?: ReturnType<typeof clientFor> }> {
  if (input.chainId !== undefined && input.chainId !== chainNumber) throw invalidParams(`The transaction is for chain ${input.chainId}, the request for eip155:${chainNumber}`)
  const hasFees = input.gasPrice !== undefined || (input.maxFeePerGas !== undefined && input.maxPriorityFeePerGas !== undefined)
  const missing = [...(input.nonce === undefined ? ['nonce' as const] : []), ...(input.gas === undefined ? ['gas' as const] : []), ...(hasFees ? [] : ['fees' as const])]
  const base = { ...input, chainId: chainNumber }
  if (missing.length === 0) {
    const request = input.gasPrice !== undefined ? { ...base, type: 'legacy' as const } : { ...base, type: 'eip1559' as const }
    return { serialized: await keys.eip155.signTransaction(request as Parameters<typeof keys.eip155.signTransaction>[0]) }
  }
  const client = clientFor(context, chainNumber)
  let prepared
  try {
    prepared = await client.prepareTransactionRequest({ ...base, account: keys.eip155, chain: client.chain, parameters: [...missing, 'type'] } as Parameters<typeof client.prepareTransactionRequest>[0])
  } catch (cause) {
    throw new FrameFailure('SERVER_ERROR', `The transaction could not be prepared: ${shortReason(cause)}`, { cause })
  }
  const { account: _account, ...request } = prepared as Record<string, unknown>
  return { serialized: await keys.eip155.signTransaction(request as Parameters<typeof keys.eip155.signTransaction>[0]), client }
}

function shortReason(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string }
  return (e?.shortMessage ?? e?.message ?? 'unknown error').split('\n')[0]?.slice(0, 200) ?? 'unknown error'
}

/**
 * Answers one eip155 wallet request with the embedded wallet's key, in the shapes an EIP-1193
 * wallet answers (the same the sandbox's WalletConnect wallet page gives the eip155 plugin):
 * accounts and chain id as hex, signatures as hex, a sent transaction's hash.
 * The chain is the request's own (`chainId`): `eth_chainId` answers it, and
 * `wallet_switchEthereumChain` answers `null` (the next request names the chain it moved to).
 *
 * @example
 * await answerEip155Request({ ...context, method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export async function answerEip155Request(context: SignerContext): Promise<unknown> {
  switch (context.method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return context.accounts.eip155SmartAccount ? [context.accounts.eip155, context.accounts.eip155SmartAccount] : [context.accounts.eip155]
    case 'eth_chainId':
      return numberToHex(eip155ChainNumber(context.chainId))
    case 'wallet_switchEthereumChain': {
      const arg = Array.isArray(context.params) ? context.params[0] : undefined
      const raw = isRecord(arg) ? arg.chainId : undefined
      if (typeof raw !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]{0,13}$/.test(raw)) throw invalidParams('wallet_switchEthereumChain expects [{ chainId: hex }]')
      return null
    }
    case 'personal_sign': {
      if (signsAsSmartAccount(context)) throw new FrameFailure('UNSUPPORTED_METHOD', smartAccountCannotSign)
      const { message } = personalSignArgs(context)
      return context.withKeys(async (keys) => keys.eip155.signMessage({ message: isHex(message) ? { raw: message } : message }))
    }
    case 'eth_signTypedData_v4': {
      if (signsAsSmartAccount(context)) throw new FrameFailure('UNSUPPORTED_METHOD', smartAccountCannotSign)
      const typed = typedDataArgs(context)
      return context.withKeys(async (keys) => {
        try {
          return await keys.eip155.signTypedData(typed)
        } catch (cause) {
          throw new FrameFailure('INVALID_PARAMS', `eth_signTypedData_v4: ${shortReason(cause)}`, { cause })
        }
      })
    }
    case 'eth_signTransaction': {
      if (isSmartAccountAddress(context, transactionFrom(context.params))) throw new FrameFailure('UNSUPPORTED_METHOD', 'The smart account sends user operations, it signs no transaction: use eth_sendTransaction, or switch to the EOA')
      const chainNumber = eip155ChainNumber(context.chainId)
      const input = readEip155Transaction(context.params, context.accounts.eip155)
      return context.withKeys(async (keys) => (await signTransaction(context, keys, chainNumber, input)).serialized)
    }
    case 'eth_sendTransaction': {
      const smart = context.accounts.eip155SmartAccount
      if (smart && isSmartAccountAddress(context, transactionFrom(context.params))) {
        const input = readEip155Transaction(context.params, smart)
        eip155ChainNumber(context.chainId)
        return sendUserOperation(context, [callOf(input)])
      }
      const chainNumber = eip155ChainNumber(context.chainId)
      const input = readEip155Transaction(context.params, context.accounts.eip155)
      const { serialized } = await context.withKeys((keys) => signTransaction(context, keys, chainNumber, input))
      try {
        return await clientFor(context, chainNumber).sendRawTransaction({ serializedTransaction: serialized })
      } catch (cause) {
        throw new FrameFailure('SERVER_ERROR', `The transaction was not accepted: ${shortReason(cause)}`, { cause })
      }
    }
    case 'wallet_sendCalls': {
      eip155ChainNumber(context.chainId)
      // EIP-5792: the batch id is the user operation's hash; wallet_getCallsStatus follows it.
      return { id: await submitUserOperation(context, readSendCalls(context)) }
    }
    case 'wallet_getCallsStatus':
      return callsStatus(context)
    case 'wallet_getCapabilities':
      return capabilitiesOf(context)
    default:
      throw new FrameFailure('UNSUPPORTED_METHOD', `The wallet does not answer ${context.method}`)
  }
}
