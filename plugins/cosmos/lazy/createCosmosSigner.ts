import { base64 } from '@scure/base'
import { ProviderRpcError, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import type { CosmosAccountData, CosmosAlgo, CosmosAminoSignResponse, CosmosDirectSignResponse, CosmosSignDoc, CosmosSigner, CosmosStdSignature, CosmosStdSignDoc } from '../CosmosSigner.js'
import { CosmosSignerInputError } from '../errors.js'

const algos: readonly string[] = ['secp256k1', 'eth_secp256k1', 'ethsecp256k1', 'ed25519', 'sr25519'] satisfies CosmosAlgo[]
/** A chain id as a SignDoc carries it (the CAIP-2 reference; never a CAIP-2 id itself). */
const chainIdPattern = /^[-_.a-zA-Z0-9]{1,64}$/
const digits = /^\d{1,20}$/
/** Largest body or auth info the signer passes on (a transaction's bytes; nodes refuse far less). */
const maxBytes = 1_000_000
/** Largest amino sign doc, as JSON. */
const maxAminoChars = 1_000_000

/** What a wallet answered, when it is not what the WalletConnect cosmos reference says it is. */
const invalidAnswer = (what: string) => new ProviderRpcError({ code: -32603, message: `The wallet returned an invalid ${what}` })

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The account number of a SignDoc as a decimal string: a bigint (CosmJS), a safe integer, a decimal string, or a `Long` (older CosmJS). */
function accountNumberOf(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value >= 0n && value < 2n ** 64n ? value.toString() : undefined
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined
  if (typeof value === 'string') return digits.test(value) ? value : undefined
  if (isRecord(value) && typeof value.toString === 'function' && value.toString !== Object.prototype.toString) {
    const text = String(value)
    return digits.test(text) ? text : undefined
  }
  return undefined
}

/** The signer address, checked to be the connected account (which the wallet signs for). */
function requireSignerAddress(signerAddress: unknown, connection: SignerConnection): string {
  if (typeof signerAddress !== 'string' || signerAddress.length === 0 || signerAddress.length > 128) throw new CosmosSignerInputError('The signer address must be a bech32 address string')
  if (signerAddress !== connection.address) throw new CosmosSignerInputError(`The signer address ${signerAddress.slice(0, 90)} is not the connected account ${connection.address}`)
  return signerAddress
}

function requireChainId(chainId: unknown, field: string): string {
  if (typeof chainId !== 'string' || !chainIdPattern.test(chainId)) throw new CosmosSignerInputError(`${field} must be a Cosmos chain id such as "cosmoshub-4"`)
  return chainId
}

/** A protobuf SignDoc, checked field by field. */
function readSignDoc(signDoc: unknown): { chainId: string; accountNumber: string; bodyBytes: Uint8Array; authInfoBytes: Uint8Array } {
  if (!isRecord(signDoc)) throw new CosmosSignerInputError('signDirect needs a SignDoc: { bodyBytes, authInfoBytes, chainId, accountNumber }')
  const { bodyBytes, authInfoBytes } = signDoc
  if (!(bodyBytes instanceof Uint8Array) || bodyBytes.length === 0 || bodyBytes.length > maxBytes) throw new CosmosSignerInputError('signDoc.bodyBytes must be the encoded TxBody (a non-empty Uint8Array)')
  if (!(authInfoBytes instanceof Uint8Array) || authInfoBytes.length === 0 || authInfoBytes.length > maxBytes) throw new CosmosSignerInputError('signDoc.authInfoBytes must be the encoded AuthInfo (a non-empty Uint8Array)')
  const accountNumber = accountNumberOf(signDoc.accountNumber)
  if (accountNumber === undefined) throw new CosmosSignerInputError('signDoc.accountNumber must be a non-negative integer (a bigint)')
  return { chainId: requireChainId(signDoc.chainId, 'signDoc.chainId'), accountNumber, bodyBytes, authInfoBytes }
}

const isCoins = (value: unknown) => Array.isArray(value) && value.every((coin) => isRecord(coin) && typeof coin.denom === 'string' && typeof coin.amount === 'string' && /^\d{1,60}$/.test(coin.amount))

/** An amino StdSignDoc, checked field by field (the wallet signs its sorted JSON). */
function readStdSignDoc(signDoc: unknown): CosmosStdSignDoc {
  if (!isRecord(signDoc)) throw new CosmosSignerInputError('signAmino needs a StdSignDoc: { chain_id, account_number, sequence, fee, msgs, memo }')
  requireChainId(signDoc.chain_id, 'signDoc.chain_id')
  if (typeof signDoc.account_number !== 'string' || !digits.test(signDoc.account_number)) throw new CosmosSignerInputError('signDoc.account_number must be a decimal string')
  if (typeof signDoc.sequence !== 'string' || !digits.test(signDoc.sequence)) throw new CosmosSignerInputError('signDoc.sequence must be a decimal string')
  const fee = signDoc.fee
  if (!isRecord(fee) || !isCoins(fee.amount) || typeof fee.gas !== 'string' || !digits.test(fee.gas)) throw new CosmosSignerInputError('signDoc.fee must be { amount: [{ denom, amount }], gas } with decimal strings')
  const msgs = signDoc.msgs
  if (!Array.isArray(msgs) || msgs.length === 0 || !msgs.every((msg) => isRecord(msg) && typeof msg.type === 'string' && msg.type.length > 0 && isRecord(msg.value))) {
    throw new CosmosSignerInputError('signDoc.msgs must be one or more amino messages: [{ type, value }]')
  }
  if (typeof signDoc.memo !== 'string') throw new CosmosSignerInputError('signDoc.memo must be a string')
  if (signDoc.timeout_height !== undefined && (typeof signDoc.timeout_height !== 'string' || !digits.test(signDoc.timeout_height))) throw new CosmosSignerInputError('signDoc.timeout_height must be a decimal string')
  let size: number
  try {
    size = JSON.stringify(signDoc).length
  } catch {
    throw new CosmosSignerInputError('signDoc must be plain JSON data')
  }
  if (size > maxAminoChars) throw new CosmosSignerInputError('signDoc is too large')
  return signDoc as CosmosStdSignDoc
}

/** A base64 field of a wallet's answer, decoded; undefined when absent. */
function bytesOfAnswer(value: unknown, what: string): Uint8Array | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value.length > maxBytes * 2) throw invalidAnswer(what)
  try {
    return base64.decode(value)
  } catch {
    throw invalidAnswer(what)
  }
}

/** The wallet's `{ pub_key, signature }`: a public key and a 64-byte signature, in base64. */
function readSignature(value: unknown): CosmosStdSignature {
  if (!isRecord(value) || !isRecord(value.pub_key)) throw invalidAnswer('signature')
  const { type, value: key } = value.pub_key
  if (typeof type !== 'string' || type.length > 100 || typeof key !== 'string' || key.length > 100) throw invalidAnswer('signature')
  if (bytesOfAnswer(value.signature, 'signature')?.length !== 64) throw invalidAnswer('signature')
  return { pub_key: { type, value: key }, signature: value.signature as string }
}

/**
 * The cosmos plugin's signer for the site's own transactions (`portico.getSigner('cosmos')`; the
 * adapter's `createSigner` loads this module when a site first asks): CosmJS's offline signer
 * built on the kernel's signer context. Each member reads the connection first (nothing connected:
 * `NotConnectedError`), then checks its arguments (`CosmosSignerInputError`) and the sign doc's chain
 * id against the connection's network (`ChainNotSupportedError`), and only then asks the wallet, in
 * the WalletConnect cosmos vocabulary (`cosmos_getAccounts`, `cosmos_signDirect`,
 * `cosmos_signAmino`) that a WalletConnect session carries as it is and the plugin's adapter
 * translates to the injected wallet's Keplr API.
 *
 * @param context the kernel's signer context for `cosmos`
 * @returns the signer, one per Portico instance
 * @example
 * const signer = createCosmosSigner(context)
 * const client = await SigningStargateClient.connectWithSigner(rpcUrl, signer)
 */
export function createCosmosSigner(context: SignerContext): CosmosSigner {
  return {
    namespace: 'cosmos',

    async getAccounts() {
      const connection = context.connection()
      const answer = await context.request('cosmos_getAccounts', {}, connection.caipNetworkId)
      const found = Array.isArray(answer) ? (answer as unknown[]).find((account) => isRecord(account) && account.address === connection.address) : undefined
      if (!isRecord(found)) throw new ProviderRpcError({ code: 4100, message: `The wallet did not share the public key of ${connection.address}` })
      const pubkey = bytesOfAnswer(found.pubkey, 'public key')
      if (!pubkey || pubkey.length !== 33) throw invalidAnswer('public key')
      const algo = found.algo === undefined ? 'secp256k1' : found.algo
      if (typeof algo !== 'string' || !algos.includes(algo)) throw invalidAnswer('key algorithm')
      const account: CosmosAccountData = { address: connection.address, algo: algo as CosmosAlgo, pubkey }
      return [account] as const
    },

    async signDirect(signerAddress: string, signDoc: CosmosSignDoc): Promise<CosmosDirectSignResponse> {
      const connection = context.connection()
      const doc = readSignDoc(signDoc)
      const { caipNetworkId } = context.requireNetwork(doc.chainId)
      const address = requireSignerAddress(signerAddress, connection)
      const answer = await context.request(
        'cosmos_signDirect',
        { signerAddress: address, signDoc: { chainId: doc.chainId, accountNumber: doc.accountNumber, authInfoBytes: base64.encode(doc.authInfoBytes), bodyBytes: base64.encode(doc.bodyBytes) } },
        caipNetworkId,
      )
      if (!isRecord(answer)) throw invalidAnswer('answer to cosmos_signDirect')
      const signature = readSignature(answer.signature)
      // The wallet may have changed the fee (Keplr lets the visitor choose): the transaction carries what it signed.
      const signed = isRecord(answer.signed) ? answer.signed : {}
      const accountNumber = signed.accountNumber === undefined ? doc.accountNumber : accountNumberOf(signed.accountNumber)
      if (accountNumber === undefined || (signed.chainId !== undefined && signed.chainId !== doc.chainId)) throw invalidAnswer('signed document')
      return {
        signed: {
          chainId: doc.chainId,
          accountNumber: BigInt(accountNumber),
          bodyBytes: bytesOfAnswer(signed.bodyBytes, 'signed document') ?? doc.bodyBytes,
          authInfoBytes: bytesOfAnswer(signed.authInfoBytes, 'signed document') ?? doc.authInfoBytes,
        },
        signature,
      }
    },

    async signAmino(signerAddress: string, signDoc: CosmosStdSignDoc): Promise<CosmosAminoSignResponse> {
      const connection = context.connection()
      const doc = readStdSignDoc(signDoc)
      const { caipNetworkId } = context.requireNetwork(doc.chain_id)
      const address = requireSignerAddress(signerAddress, connection)
      const answer = await context.request('cosmos_signAmino', { signerAddress: address, signDoc: doc }, caipNetworkId)
      if (!isRecord(answer)) throw invalidAnswer('answer to cosmos_signAmino')
      const signature = readSignature(answer.signature)
      // The wallet may have changed the fee or memo: CosmJS builds the transaction from what it signed.
      let signed: CosmosStdSignDoc
      try {
        signed = answer.signed === undefined ? doc : readStdSignDoc(answer.signed)
      } catch {
        throw invalidAnswer('signed document')
      }
      if (signed.chain_id !== doc.chain_id || signed.account_number !== doc.account_number || signed.sequence !== doc.sequence) throw invalidAnswer('signed document')
      return { signed, signature }
    },
  }
}
