import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { ChainNotSupportedError, ProviderRpcError, type CaipNetworkId, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import { StacksSignerError } from '../errors.js'
import type {
  StacksCallContractParameters,
  StacksDeployContractParameters,
  StacksPostCondition,
  StacksSigner,
  StacksSignerNetwork,
  StacksSignMessageParameters,
  StacksSignTransactionParameters,
  StacksTransactionResult,
  StacksTransferStxParameters,
} from '../signer/stacksSignerTypes.js'
import { decodeStacksAddress } from '../utils/decodeStacksAddress.js'
import { serializeClarityValue } from '../utils/serializeClarityValue.js'
import { serializePostCondition } from '../utils/serializePostCondition.js'
import { stacksDataOf } from '../utils/stacksDataOf.js'

const contractNamePattern = /^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/
const functionNamePattern = /^[a-zA-Z]([a-zA-Z0-9]|[-_!?+<>=/*])*$/
const hexPattern = /^(0x)?([0-9a-fA-F]{2})+$/
const txidPattern = /^(0x)?[0-9a-fA-F]{64}$/
const signaturePattern = /^(0x)?[0-9a-fA-F]{130}$/
const publicKeyPattern = /^(0x)?([0-9a-fA-F]{66}|[0-9a-fA-F]{130})$/
/** A contract call's arguments and post conditions: more than a transaction sensibly carries is refused before the wallet. */
const maxListed = 256
/** What one transaction carries at most (2 MiB as hex), a contract's source (1 MiB of UTF-8) and a message to sign (64 KiB). */
const maxTransactionHex = 4 << 20
const maxSourceBytes = 1 << 20
const maxMessageLength = 65_536

const invalid = (message: string, cause?: unknown): never => {
  throw new StacksSignerError(message, cause === undefined ? {} : { cause })
}
const recordOf = (value: unknown, method: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(`${method} takes an object of parameters`)
  return value as Record<string, unknown>
}
const hexOf = (value: string) => value.replace(/^0x/, '').toLowerCase()

/** The CAIP-2 id a call names (a CAIP-2 id, a SIP-005 chain id or a `@stacks/network` object), or undefined. */
function caipOf(network: StacksSignerNetwork | undefined): string | undefined {
  if (network === undefined) return undefined
  const chainId = typeof network === 'object' && network !== null ? (network as { chainId?: unknown }).chainId : network
  if (typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId >= 0 && chainId <= 0xffffffff) return `stacks:${chainId}`
  if (typeof chainId === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chainId)) return chainId
  return invalid(`network is a CAIP-2 id (stacks:2147483648), a SIP-005 chain id or a @stacks/network object, got ${JSON.stringify(String(chainId)).slice(0, 40)}; a wallet's network name such as "testnet" is not taken (the connection's network is used)`)
}

/** A contract id `<address>.<name>`, its address a valid Stacks address. */
function contractIdOf(value: unknown, what: string): string {
  const [address, name, ...rest] = typeof value === 'string' ? value.split('.') : []
  if (!decodeStacksAddress(address) || name === undefined || rest.length > 0 || name.length > 40 || !contractNamePattern.test(name)) invalid(`${what} is not a contract id (<address>.<contract-name>): ${String(value).slice(0, 80)}`)
  return value as string
}

/** Clarity values or post conditions as the hex wallets take: hex strings are checked, objects serialized. */
function hexList<T>(value: unknown, what: string, serialize: (item: T) => Uint8Array, firstByteMax: number): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.length > maxListed) invalid(`${what} is an array of at most ${maxListed} entries`)
  return (value as unknown[]).map((item, index) => {
    if (typeof item === 'string') {
      if (!hexPattern.test(item) || item.length > maxTransactionHex || Number.parseInt(hexOf(item).slice(0, 2), 16) > firstByteMax) invalid(`${what}[${index}] is not a serialized value (hex): ${item.slice(0, 40)}`)
      return hexOf(item)
    }
    try {
      return bytesToHex(serialize(item as T))
    } catch (error) {
      return invalid(`${what}[${index}]: ${(error as Error).message}`, error)
    }
  })
}

function modeOf(value: unknown): 'allow' | 'deny' {
  if (value === undefined) return 'deny'
  if (value !== 'allow' && value !== 'deny') invalid(`postConditionMode is "allow" or "deny", got ${String(value).slice(0, 20)}`)
  return value as 'allow' | 'deny'
}

/** A wallet's answer for a transaction it signed and broadcast: `{ txid, transaction? }`. */
function transactionResult(answer: unknown): StacksTransactionResult {
  const { txid, transaction } = (typeof answer === 'object' && answer !== null ? answer : {}) as { txid?: unknown; transaction?: unknown }
  if (typeof txid !== 'string' || !txidPattern.test(txid)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction id' })
  return { txid: hexOf(txid), ...(typeof transaction === 'string' && hexPattern.test(transaction) ? { transaction: hexOf(transaction) } : {}) }
}

/**
 * Builds the Stacks signer on the kernel's signer context (`portico.getSigner('stacks')`): each
 * method reads the connection when called (`NotConnectedError` before anything else), checks its
 * input (`StacksSignerError`) and the network it names or its addresses' version imply
 * (`ChainNotSupportedError`), then asks the wallet in the WalletConnect `stacks` vocabulary
 * (`stx_callContract`, `stx_deployContract`, `stx_transferStx`, `stx_signTransaction`,
 * `stx_signMessage`) with the connection's wallet network, which the connector that holds the
 * connection carries (the plugin's own SIP-030 wallets translate it to each wallet's dialect).
 * Clarity values and post conditions given as objects (`Cl.uint(5)`, `Pc.principal(a).willSendEq(5n).ft(…)`)
 * are serialized to the hex SIP-030 wallets take.
 *
 * @param context the kernel's signer context for `stacks`
 * @returns the signer
 * @example
 * const signer = createStacksSigner(context)
 * await signer.callContract({ contract: 'ST….token', functionName: 'transfer', functionArgs: [Cl.uint(5), …] })
 */
export function createStacksSigner(context: SignerContext): StacksSigner {
  /** The connection, refusing another network than the one a call names. */
  const onNetwork = (connection: SignerConnection, network: StacksSignerNetwork | undefined) => {
    const asked = caipOf(network)
    return asked === undefined ? connection : context.requireNetwork(asked)
  }
  /** An address of the other network family (`SP…` on a testnet connection) means another network. */
  const sameFamily = (connection: SignerConnection, address: string) => {
    const decoded = decodeStacksAddress(address.split('.')[0])
    const expected = stacksDataOf(connection.network).addressNetwork
    if (decoded && decoded.network !== expected) throw new ChainNotSupportedError({ caipNetworkId: `stacks ${decoded.network} (${address.slice(0, 60)})`, connected: connection.caipNetworkId })
  }
  const ask = (connection: SignerConnection, method: string, params: Record<string, unknown>) =>
    context.request(method, { ...params, network: stacksDataOf(connection.network).walletNetwork }, connection.caipNetworkId as CaipNetworkId)

  return {
    namespace: 'stacks',
    getAddress: () => context.connection().address,

    async callContract(parameters: StacksCallContractParameters) {
      let connection = context.connection()
      const p = recordOf(parameters, 'callContract')
      const contract = contractIdOf(p.contract, 'contract')
      if (typeof p.functionName !== 'string' || p.functionName.length > 128 || !functionNamePattern.test(p.functionName)) invalid(`functionName is not a Clarity function name: ${String(p.functionName).slice(0, 60)}`)
      const functionArgs = hexList(p.functionArgs, 'functionArgs', serializeClarityValue, 0x0e)
      const postConditions = hexList<StacksPostCondition>(p.postConditions, 'postConditions', serializePostCondition, 0x02)
      const postConditionMode = modeOf(p.postConditionMode)
      connection = onNetwork(connection, p.network as StacksSignerNetwork | undefined)
      sameFamily(connection, contract)
      const answer = await ask(connection, 'stx_callContract', { contract, functionName: p.functionName, functionArgs, postConditions, postConditionMode, address: connection.address })
      return transactionResult(answer)
    },

    async deployContract(parameters: StacksDeployContractParameters) {
      let connection = context.connection()
      const p = recordOf(parameters, 'deployContract')
      if (typeof p.name !== 'string' || p.name.length > 40 || !contractNamePattern.test(p.name)) invalid(`name is not a contract name (a letter, then letters, digits, - or _; at most 40): ${String(p.name).slice(0, 60)}`)
      if (typeof p.clarityCode !== 'string' || p.clarityCode.trim() === '' || new TextEncoder().encode(p.clarityCode).length > maxSourceBytes) invalid('clarityCode is the contract\'s Clarity source, at most 1 MiB')
      if (p.clarityVersion !== undefined && !(Number.isInteger(p.clarityVersion) && (p.clarityVersion as number) >= 1 && (p.clarityVersion as number) <= 4)) invalid(`clarityVersion is 1, 2, 3 or 4, got ${String(p.clarityVersion).slice(0, 20)}`)
      connection = onNetwork(connection, p.network as StacksSignerNetwork | undefined)
      const answer = await ask(connection, 'stx_deployContract', { name: p.name, clarityCode: p.clarityCode, ...(p.clarityVersion !== undefined ? { clarityVersion: p.clarityVersion } : {}), address: connection.address })
      return transactionResult(answer)
    },

    async transferStx(parameters: StacksTransferStxParameters) {
      let connection = context.connection()
      const p = recordOf(parameters, 'transferStx')
      if (typeof p.recipient !== 'string' || !decodeStacksAddress(p.recipient)) invalid(`recipient is not a Stacks address: ${String(p.recipient).slice(0, 60)}`)
      const amount = typeof p.amount === 'bigint' ? p.amount : typeof p.amount === 'number' && Number.isSafeInteger(p.amount) ? BigInt(p.amount) : typeof p.amount === 'string' && /^\d{1,20}$/.test(p.amount) ? BigInt(p.amount) : undefined
      if (amount === undefined || amount <= 0n || amount >= 1n << 64n) invalid(`amount is a positive whole number of µSTX, got ${String(p.amount).slice(0, 30)}`)
      if (p.memo !== undefined && (typeof p.memo !== 'string' || new TextEncoder().encode(p.memo).length > 34)) invalid('memo is a string of at most 34 bytes (UTF-8)')
      connection = onNetwork(connection, p.network as StacksSignerNetwork | undefined)
      sameFamily(connection, p.recipient as string)
      if (p.recipient === connection.address) invalid('recipient is the connected account itself')
      const answer = await ask(connection, 'stx_transferStx', { recipient: p.recipient, amount: String(amount), ...(p.memo ? { memo: p.memo } : {}), sender: connection.address })
      return transactionResult(answer)
    },

    async signTransaction(parameters: StacksSignTransactionParameters) {
      let connection = context.connection()
      const p = recordOf(parameters, 'signTransaction')
      let hex: unknown = p.transaction
      if (typeof hex === 'object' && hex !== null && typeof (hex as { serialize?: unknown }).serialize === 'function') {
        try {
          hex = (hex as { serialize(): unknown }).serialize()
        } catch (error) {
          invalid('transaction.serialize() failed', error)
        }
      }
      if (typeof hex !== 'string' || !hexPattern.test(hex) || hex.length > maxTransactionHex) invalid('transaction is a serialized Stacks transaction (hex) or a @stacks/transactions transaction')
      if (p.broadcast !== undefined && typeof p.broadcast !== 'boolean') invalid('broadcast is true or false')
      const bytes = hexToBytes(hexOf(hex as string))
      // SIP-005: version (0x00 mainnet, 0x80 testnet), chain id (u32), auth type (0x04 standard, 0x05 sponsored), hash mode, the origin's hash160.
      if (bytes.length < 27 || (bytes[0] !== 0x00 && bytes[0] !== 0x80) || (bytes[5] !== 0x04 && bytes[5] !== 0x05)) invalid('transaction is not a serialized Stacks transaction')
      const chainId = new DataView(bytes.buffer, bytes.byteOffset).getUint32(1)
      connection = context.requireNetwork(`stacks:${chainId}`)
      const family = bytes[0] === 0x00 ? 'mainnet' : 'testnet'
      if (family !== stacksDataOf(connection.network).addressNetwork) throw new ChainNotSupportedError({ caipNetworkId: `stacks:${chainId} (a ${family} transaction)`, connected: connection.caipNetworkId })
      const origin = decodeStacksAddress(connection.address)
      if (origin && bytesToHex(bytes.subarray(7, 27)) !== bytesToHex(origin.hash160)) invalid(`the transaction's origin is not the connected account ${connection.address}: build it with the connected account's public key`)
      const broadcast = p.broadcast === true
      const answer = await ask(connection, 'stx_signTransaction', { transaction: hexOf(hex as string), broadcast })
      const { transaction, txid } = (typeof answer === 'object' && answer !== null ? answer : {}) as { transaction?: unknown; txid?: unknown }
      if (typeof transaction !== 'string' || !hexPattern.test(transaction)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no signed transaction' })
      if (broadcast && (typeof txid !== 'string' || !txidPattern.test(txid))) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction id for the broadcast' })
      return { transaction: hexOf(transaction), ...(typeof txid === 'string' && txidPattern.test(txid) ? { txid: hexOf(txid) } : {}) }
    },

    async signMessage(parameters: StacksSignMessageParameters) {
      const connection = context.connection()
      const p = recordOf(parameters, 'signMessage')
      if (typeof p.message !== 'string' || p.message.length > maxMessageLength) invalid(`message is a string of at most ${maxMessageLength} characters`)
      const answer = await ask(connection, 'stx_signMessage', { message: p.message, address: connection.address })
      const { signature, publicKey } = (typeof answer === 'object' && answer !== null ? answer : {}) as { signature?: unknown; publicKey?: unknown }
      if (typeof signature !== 'string' || !signaturePattern.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { signature: hexOf(signature), ...(typeof publicKey === 'string' && publicKeyPattern.test(publicKey) ? { publicKey: hexOf(publicKey) } : {}) }
    },
  }
}
