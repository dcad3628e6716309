import { bytesToHex } from '@noble/hashes/utils.js'
import { hashMessage } from '@stacks/encryption'
import { STACKS_TESTNET } from '@stacks/network'
import { TransactionSigner, broadcastTransaction, deserializeCV, deserializeTransaction, makeContractCall, makeContractDeploy, makeSTXTokenTransfer, privateKeyToAddress, privateKeyToPublic, signMessageHashRsv } from '@stacks/transactions'

/** The stacks namespace's WalletConnect methods the wallet page answers (and `stx_getAddresses`). */
export const stacksWalletConnectMethods = ['stx_getAddresses', 'stx_signMessage', 'stx_transferStx', 'stx_callContract', 'stx_deployContract', 'stx_signTransaction'] as const

/** A refusal with a wallet's JSON-RPC code. */
export class StacksRequestError extends Error {
  override name = 'StacksRequestError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export type AnswerStacksRequestParameters = {
  method: string
  params: unknown
  /** The wallet's secp256k1 private key (32 bytes). */
  privateKey: Uint8Array
  /** The chain the wallet signs for: its SIP-005 chain id and the Stacks API it reads nonces and fees from and broadcasts to. */
  chain: { chainId: number; apiUrl: string }
  fetch?: typeof fetch
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The node's refusal of a broadcast (`{ error, reason, reason_data }`) as the wallet reports it: the reason and what the node said of it. */
function refused(result: unknown): StacksRequestError {
  const { reason, error, reason_data: data } = (isRecord(result) ? result : {}) as { reason?: unknown; error?: unknown; reason_data?: unknown }
  const detail = isRecord(data) ? (typeof data.message === 'string' ? `: ${data.message}` : ` ${JSON.stringify(data)}`) : ''
  return new StacksRequestError(-32603, `The node refused the transaction: ${String(reason ?? error)}${detail}`.slice(0, 400))
}

/**
 * Answers a Stacks wallet request (SIP-030, and the WalletConnect `stacks` namespace, which uses the
 * same names) with the key, as Leather does, on a testnet-address chain: `getAddresses` /
 * `stx_getAddresses` → `{ addresses: [{ symbol: 'STX', address, publicKey }] }`; `stx_signMessage
 * { message }` → `{ signature (RSV hex), publicKey }` over the Stacks message hash;
 * `stx_transferStx { recipient, amount (µSTX), memo?, fee? }` → `{ txid, transaction }`, built and
 * signed with `@stacks/transactions` (nonce and, when no fee is given, fee read from the chain's API)
 * and broadcast there; `stx_callContract { contract, functionName, functionArgs (hex Clarity values),
 * postConditions?, postConditionMode?, fee? }` and `stx_deployContract { name, clarityCode, clarityVersion?, fee? }` → `{ txid, transaction }`
 * likewise (a refused broadcast says the node's reason); `stx_signTransaction { transaction (hex), broadcast? }` → `{ transaction, txid? }`.
 * A request naming another account (`address`, `sender`) is refused.
 *
 * @returns the answer
 * @throws StacksRequestError (4100 another account, -32602 bad params, -32601 another method; the node's refusal as -32603)
 * @example
 * await answerStacksRequest({ method: 'stx_signMessage', params: { message: 'hi' }, privateKey, chain: { chainId, apiUrl } })
 */
export async function answerStacksRequest({ method, params, privateKey, chain, fetch: fetchFn }: AnswerStacksRequestParameters): Promise<unknown> {
  // The `01` suffix marks a key whose public key is compressed, as Stacks wallets' keys are.
  const key = `${bytesToHex(privateKey)}01`
  const address = privateKeyToAddress(key, 'testnet')
  const publicKey = privateKeyToPublic(key) as string
  const input = isRecord(params) ? params : {}
  const named = input.address ?? input.sender
  if (named !== undefined && named !== address) throw new StacksRequestError(4100, `This wallet holds ${address}, not ${String(named).slice(0, 60)}`)
  const network = { ...STACKS_TESTNET, chainId: chain.chainId, client: { baseUrl: chain.apiUrl, ...(fetchFn ? { fetch: fetchFn } : {}) } }

  switch (method) {
    case 'getAddresses':
    case 'stx_getAddresses':
      return { addresses: [{ symbol: 'STX', address, publicKey }] }
    case 'stx_signMessage': {
      if (typeof input.message !== 'string' || input.message.length > 65_536) throw new StacksRequestError(-32602, 'stx_signMessage takes { message: string }')
      const signature = signMessageHashRsv({ messageHash: bytesToHex(hashMessage(input.message)), privateKey: key })
      return { signature, publicKey }
    }
    case 'stx_transferStx': {
      const { recipient, amount, memo, fee } = input
      if (typeof recipient !== 'string' || typeof amount !== 'string' || !/^\d{1,20}$/.test(amount) || BigInt(amount) <= 0n) throw new StacksRequestError(-32602, 'stx_transferStx takes { recipient, amount: a positive µSTX amount as a string }')
      if (memo !== undefined && (typeof memo !== 'string' || new TextEncoder().encode(memo).length > 34)) throw new StacksRequestError(-32602, 'The memo must be a string of at most 34 bytes')
      if (fee !== undefined && (typeof fee !== 'string' || !/^\d{1,15}$/.test(fee))) throw new StacksRequestError(-32602, 'The fee must be µSTX as a string')
      let tx: Awaited<ReturnType<typeof makeSTXTokenTransfer>>
      try {
        tx = await makeSTXTokenTransfer({ recipient, amount: BigInt(amount), senderKey: key, network, ...(memo ? { memo } : {}), ...(fee !== undefined ? { fee: BigInt(fee) } : {}) })
      } catch (error) {
        throw new StacksRequestError(-32602, `Cannot build the transfer: ${(error as Error).message}`.slice(0, 300))
      }
      const result = await broadcastTransaction({ transaction: tx, network })
      if (!('txid' in result) || 'error' in result) throw refused(result)
      return { txid: result.txid, transaction: tx.serialize() }
    }
    case 'stx_callContract': {
      const { contract, functionName, functionArgs = [], postConditions = [], postConditionMode = 'deny', fee } = input
      const [contractAddress, contractName, ...rest] = typeof contract === 'string' ? contract.split('.') : []
      if (!contractAddress || !contractName || rest.length > 0 || typeof functionName !== 'string' || !Array.isArray(functionArgs) || functionArgs.length > 20 || !Array.isArray(postConditions) || postConditions.length > 20) {
        throw new StacksRequestError(-32602, 'stx_callContract takes { contract: "<address>.<name>", functionName, functionArgs: hex[] }')
      }
      if (postConditionMode !== 'deny' && postConditionMode !== 'allow') throw new StacksRequestError(-32602, 'postConditionMode must be deny or allow')
      if (fee !== undefined && (typeof fee !== 'string' || !/^\d{1,15}$/.test(fee))) throw new StacksRequestError(-32602, 'The fee must be µSTX as a string')
      let tx: Awaited<ReturnType<typeof makeContractCall>>
      try {
        const args = functionArgs.map((arg) => {
          if (typeof arg !== 'string' || !/^(0x)?([0-9a-fA-F]{2}){1,4096}$/.test(arg)) throw new Error('functionArgs must be hex Clarity values')
          return deserializeCV(arg.replace(/^0x/, ''))
        })
        tx = await makeContractCall({
          contractAddress,
          contractName,
          functionName,
          functionArgs: args,
          postConditions: postConditions as Parameters<typeof makeContractCall>[0]['postConditions'],
          postConditionMode,
          senderKey: key,
          network,
          validateWithAbi: false,
          ...(fee !== undefined ? { fee: BigInt(fee) } : {}),
        })
      } catch (error) {
        throw new StacksRequestError(-32602, `Cannot build the contract call: ${(error as Error).message}`.slice(0, 300))
      }
      const result = await broadcastTransaction({ transaction: tx, network })
      if (!('txid' in result) || 'error' in result) throw refused(result)
      return { txid: result.txid, transaction: tx.serialize() }
    }
    case 'stx_deployContract': {
      const { name, clarityCode, clarityVersion, fee } = input
      if (typeof name !== 'string' || !/^[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$/.test(name) || typeof clarityCode !== 'string' || clarityCode.length > 1_048_576) throw new StacksRequestError(-32602, 'stx_deployContract takes { name: a contract name, clarityCode: the Clarity source }')
      if (clarityVersion !== undefined && !(typeof clarityVersion === 'number' && [1, 2, 3, 4].includes(clarityVersion))) throw new StacksRequestError(-32602, 'clarityVersion must be 1, 2, 3 or 4')
      if (fee !== undefined && (typeof fee !== 'string' || !/^\d{1,15}$/.test(fee))) throw new StacksRequestError(-32602, 'The fee must be µSTX as a string')
      let tx: Awaited<ReturnType<typeof makeContractDeploy>>
      try {
        tx = await makeContractDeploy({ contractName: name, codeBody: clarityCode, ...(clarityVersion !== undefined ? { clarityVersion } : {}), senderKey: key, network, ...(fee !== undefined ? { fee: BigInt(fee) } : {}) })
      } catch (error) {
        throw new StacksRequestError(-32602, `Cannot build the deploy: ${(error as Error).message}`.slice(0, 300))
      }
      const result = await broadcastTransaction({ transaction: tx, network })
      if (!('txid' in result) || 'error' in result) throw refused(result)
      return { txid: result.txid, transaction: tx.serialize() }
    }
    case 'stx_signTransaction': {
      const hex = typeof input.transaction === 'string' ? input.transaction : input.txHex
      if (typeof hex !== 'string' || !/^(0x)?([0-9a-fA-F]{2}){20,100000}$/.test(hex)) throw new StacksRequestError(-32602, 'stx_signTransaction takes { transaction: hex }')
      let tx: ReturnType<typeof deserializeTransaction>
      try {
        tx = deserializeTransaction(hex.replace(/^0x/, ''))
      } catch (error) {
        throw new StacksRequestError(-32602, `Not a Stacks transaction: ${(error as Error).message}`.slice(0, 300))
      }
      new TransactionSigner(tx).signOrigin(key)
      if (input.broadcast === true) {
        const result = await broadcastTransaction({ transaction: tx, network })
        if (!('txid' in result) || 'error' in result) throw refused(result)
        return { transaction: tx.serialize(), txid: result.txid }
      }
      return { transaction: tx.serialize() }
    }
    default:
      throw new StacksRequestError(-32601, `${method.slice(0, 60)} is not supported`)
  }
}
