import { base64 } from '@scure/base'

import type { CosmosDevWalletProvider } from '../cosmosWallet/createCosmosDevWallet.js'

/** The cosmos namespace's WalletConnect methods the wallet page answers. */
export const cosmosWalletConnectMethods = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'] as const

/** A refusal with a wallet's JSON-RPC code. */
export class CosmosRequestError extends Error {
  override name = 'CosmosRequestError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export type AnswerCosmosRequestParameters = {
  method: string
  params: unknown
  /** The CAIP-2 chain of the request (`cosmos:<chain id>`). */
  chainId: string
  /** The Keplr-compatible dev wallet that holds the key, with the chain enabled. */
  provider: CosmosDevWalletProvider
}

const maxBase64 = 200_000
const isBase64 = (value: unknown): value is string => typeof value === 'string' && value.length <= maxBase64 && /^[A-Za-z0-9+/]*={0,2}$/.test(value)

/**
 * Answers a WalletConnect `cosmos_*` request as a Cosmos wallet does (the WalletConnect Cosmos RPC
 * reference), with the Keplr-compatible dev wallet's key: `cosmos_getAccounts` → `[{ algo, address,
 * pubkey }]`; `cosmos_signDirect { signerAddress, signDoc }` (the SignDoc's bytes in base64) →
 * `{ signature, signed }`; `cosmos_signAmino { signerAddress, signDoc }` → `{ signature, signed }`.
 *
 * @returns the answer
 * @throws CosmosRequestError (4100 another account, -32602 bad params, 4200 another method; the wallet's refusal as 4001)
 * @example
 * await answerCosmosRequest({ method: 'cosmos_getAccounts', params: {}, chainId: 'cosmos:portico-local-1', provider })
 */
export async function answerCosmosRequest({ method, params, chainId: caipChainId, provider }: AnswerCosmosRequestParameters): Promise<unknown> {
  if (!(cosmosWalletConnectMethods as readonly string[]).includes(method)) throw new CosmosRequestError(4200, `Unsupported method ${method}`)
  const chainId = caipChainId.slice('cosmos:'.length)
  const key = await provider.getKey(chainId).catch((error: unknown) => {
    throw new CosmosRequestError(4100, (error as Error).message)
  })
  if (method === 'cosmos_getAccounts') return [{ algo: key.algo, address: key.bech32Address, pubkey: base64.encode(key.pubKey) }]

  const { signerAddress, signDoc } = (params ?? {}) as { signerAddress?: unknown; signDoc?: unknown }
  if (signerAddress !== key.bech32Address) throw new CosmosRequestError(4100, 'Unknown account')
  if (typeof signDoc !== 'object' || signDoc === null) throw new CosmosRequestError(-32602, 'signDoc must be an object')
  const refused = (error: unknown) => {
    const message = (error as Error).message
    throw new CosmosRequestError(message === 'Request rejected' ? 4001 : -32602, message)
  }
  if (method === 'cosmos_signAmino') {
    const { signed, signature } = await provider.signAmino(chainId, signerAddress, signDoc as Record<string, unknown>).catch(refused)
    return { signed, signature }
  }
  const doc = signDoc as { chainId?: unknown; accountNumber?: unknown; authInfoBytes?: unknown; bodyBytes?: unknown }
  if (!isBase64(doc.bodyBytes) || !isBase64(doc.authInfoBytes)) throw new CosmosRequestError(-32602, 'signDoc.bodyBytes and signDoc.authInfoBytes must be base64')
  if (typeof doc.chainId !== 'string' || typeof doc.accountNumber !== 'string') throw new CosmosRequestError(-32602, 'signDoc.chainId and signDoc.accountNumber must be strings')
  const { signature } = await provider
    .signDirect(chainId, signerAddress, { chainId: doc.chainId, accountNumber: doc.accountNumber, bodyBytes: base64.decode(doc.bodyBytes), authInfoBytes: base64.decode(doc.authInfoBytes) })
    .catch(refused)
  return { signature, signed: { chainId: doc.chainId, accountNumber: doc.accountNumber, authInfoBytes: doc.authInfoBytes, bodyBytes: doc.bodyBytes } }
}
