import { ProviderRpcError, toHexChainId, type Network, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import type { Address, Chain } from 'viem'
import type { Eip155Signer, Eip155SignerRequest } from '../signer/Eip155Signer.js'
import { isEvmAddress } from '../utils/isEvmAddress.js'

/** Methods that would move the wallet to another network behind the connection's back: `portico.switchNetwork` does that. */
const networkSwitches = new Set(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
/** Methods whose one param is a transaction object (EIP-1474 `eth_sendTransaction`'s shape). */
const transactionMethods = new Set(['eth_sendTransaction', 'eth_signTransaction', 'wallet_sendTransaction'])
const quantityFields = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'nonce'] as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const invalidParams = (method: string, message: string) => new ProviderRpcError({ code: -32602, message: `${method}: ${message}` })
const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : typeof value)

function isHexQuantity(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)
}

/** A chain id as requests carry it: a hex quantity, a decimal string or a safe integer. */
function readChainNumber(value: unknown, method: string, what: string): number {
  const number =
    typeof value === 'number' ? value : isHexQuantity(value) ? Number(BigInt(value)) : typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(number) || number <= 0) throw invalidParams(method, `${what} must be a positive chain id, got ${shown(value)}`)
  return number
}

/** An address the connection holds (an EVM wallet signs for any account it shared); else 4100, before the wallet is asked. */
function requireOwnAccount(connection: SignerConnection, value: unknown, method: string, what: string): void {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value) || !isEvmAddress(value)) throw invalidParams(method, `${what} must be an address, got ${shown(value)}`)
  if (!connection.accounts.some((account) => account.address.toLowerCase() === value.toLowerCase())) {
    throw new ProviderRpcError({ code: 4100, message: `${method}: ${value} is not an account of this connection (${connection.address})` })
  }
}

/** Refuses a request for another network than the connection's (ChainNotSupportedError), before the wallet is asked. */
function requireChain(context: SignerContext, value: unknown, method: string, what: string): void {
  context.requireNetwork(String(readChainNumber(value, method, what)))
}

function checkTransaction(context: SignerContext, connection: SignerConnection, method: string, params: unknown): void {
  const tx = Array.isArray(params) && params.length === 1 ? params[0] : undefined
  if (!isRecord(tx)) throw invalidParams(method, 'expects [transaction]')
  if (tx.from !== undefined) requireOwnAccount(connection, tx.from, method, 'the transaction\'s "from"')
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to) || !isEvmAddress(tx.to))) {
    throw invalidParams(method, `the transaction's "to" must be an address, got ${shown(tx.to)}`)
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null && (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data))) throw invalidParams(method, `the transaction's "data" must be hex bytes, got ${shown(data)}`)
  for (const field of quantityFields) {
    const value = tx[field]
    if (value !== undefined && value !== null && !isHexQuantity(value)) throw invalidParams(method, `the transaction's "${field}" must be a hex quantity, got ${shown(value)}`)
  }
  if ((tx.to === undefined || tx.to === null) && (data === undefined || data === null || data === '0x')) throw invalidParams(method, 'the transaction needs "to" or "data"')
  if (tx.chainId !== undefined && tx.chainId !== null) requireChain(context, tx.chainId, method, 'the transaction\'s "chainId"')
}

function checkPersonalSign(connection: SignerConnection, params: unknown): void {
  if (!Array.isArray(params) || params.length < 2) throw invalidParams('personal_sign', 'expects [message, address]')
  let [message, address] = params as [unknown, unknown]
  const looksLikeAddress = (value: unknown) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
  // Some sites send [address, message]; wallets take both orders.
  if (looksLikeAddress(message) && !looksLikeAddress(address)) [message, address] = [address, message]
  if (typeof message !== 'string') throw invalidParams('personal_sign', `the message must be a string (hex or text), got ${shown(message)}`)
  requireOwnAccount(connection, address, 'personal_sign', 'the address')
}

function checkTypedData(context: SignerContext, connection: SignerConnection, params: unknown): void {
  const method = 'eth_signTypedData_v4'
  if (!Array.isArray(params) || params.length < 2) throw invalidParams(method, 'expects [address, typedData]')
  const [address, raw] = params as [unknown, unknown]
  requireOwnAccount(connection, address, method, 'the address')
  let typed: unknown = raw
  if (typeof raw === 'string') {
    try {
      typed = JSON.parse(raw)
    } catch {
      throw invalidParams(method, 'the typed data is not valid JSON')
    }
  }
  if (!isRecord(typed) || !isRecord(typed.types) || typeof typed.primaryType !== 'string' || !isRecord(typed.message)) throw invalidParams(method, 'expects typed data { domain, types, primaryType, message }')
  // The domain binds the signature to one chain: a wallet refuses another than its own.
  if (isRecord(typed.domain) && typed.domain.chainId !== undefined) requireChain(context, typed.domain.chainId, method, 'the domain\'s "chainId"')
}

function checkCalls(context: SignerContext, connection: SignerConnection, params: unknown): void {
  const method = 'wallet_sendCalls'
  const request = Array.isArray(params) && params.length === 1 ? params[0] : undefined
  if (!isRecord(request) || !Array.isArray(request.calls)) throw invalidParams(method, 'expects [{ chainId, calls }]')
  if (request.from !== undefined) requireOwnAccount(connection, request.from, method, '"from"')
  requireChain(context, request.chainId, method, '"chainId"')
}

/** A viem chain for a Portico network (the same plain data). */
function toViemChain(network: Network): Chain {
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  }
}

/**
 * Builds the eip155 signer on the kernel's signer context (the eip155 adapter's `createSigner`):
 * an EIP-1193 `request` over the connected wallet through `context.request`, whatever connector
 * holds the connection, and `getWalletClient()` for viem. Every call reads the connection first,
 * so nothing is checked or sent while nothing is connected (`NotConnectedError`).
 *
 * @example
 * const signer = createEip155Signer(context)
 * await signer.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export function createEip155Signer(context: SignerContext): Eip155Signer {
  async function request(args: Eip155SignerRequest): Promise<unknown> {
    const connection = context.connection()
    if (!isRecord(args) || typeof args.method !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(args.method)) {
      throw new ProviderRpcError({ code: -32600, message: `signer.request expects { method, params? } with a method name, got ${isRecord(args) ? shown(args.method) : shown(args)}` })
    }
    const { method, params } = args
    if (params !== undefined && params !== null && typeof params !== 'object') throw invalidParams(method, `params must be an array or an object, got ${typeof params}`)
    if (method === 'eth_chainId') return toHexChainId(connection.caipNetworkId)
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return connection.accounts.map((account) => account.address)
    if (networkSwitches.has(method)) {
      throw new ProviderRpcError({ code: 4200, message: `${method}: the signer signs on the connection's network (${connection.caipNetworkId}); switch it with portico.switchNetwork, which the connection and the modal follow` })
    }
    if (transactionMethods.has(method)) checkTransaction(context, connection, method, params)
    else if (method === 'personal_sign') checkPersonalSign(connection, params)
    else if (method === 'eth_signTypedData_v4') checkTypedData(context, connection, params)
    else if (method === 'wallet_sendCalls') checkCalls(context, connection, params)
    return context.request(method, params ?? undefined, connection.caipNetworkId)
  }

  const signer: Eip155Signer = {
    namespace: 'eip155',
    request,
    async getWalletClient() {
      context.connection()
      const { createWalletClient, custom } = await import('./walletClient.js')
      // Read again once viem is here: the account and network of this moment.
      const { address, network } = context.connection()
      return createWalletClient({
        account: address as Address,
        chain: toViemChain(network),
        // A wallet is asked once: viem would retry an internal error, and a signature request twice is a second prompt.
        transport: custom({ request }, { retryCount: 0 }),
      })
    },
  }
  return signer
}
