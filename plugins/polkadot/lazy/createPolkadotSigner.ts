import { getPolkadotSignerFromPjs } from '@polkadot-api/pjs-signer'
import { Blake2256 } from '@polkadot-api/substrate-bindings'
import { ChainNotSupportedError, ProviderRpcError, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import { PolkadotSignerInputError } from '../errors.js'
import type { PolkadotChainSigner, PolkadotSignedExtensions, PolkadotSignerPayload, PolkadotSignerRawPayload, PolkadotSignerResult } from '../signerTypes.js'
import { decodeSs58 } from '../utils/ss58.js'
import { fromHex, toHex } from '../utils/toHex.js'

const hexSignature = /^0x(?:[0-9a-fA-F]{2}){64,66}$/
const hexBytes = /^0x(?:[0-9a-fA-F]{2})*$/
const hexNumber = /^0x[0-9a-fA-F]{1,64}$/
const hash32 = /^0x[0-9a-fA-F]{64}$/
/** The most a site may hand over in one call (a runtime's metadata is about 1 MB; a call far less). */
const maxBytes = 8 * 1024 * 1024

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array
const hasherProbe = new TextEncoder().encode('portico polkadot signer')
const describe = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value)

/** The network's full genesis hash, when the network says it (`definePolkadotNetwork`). */
const genesisOf = (connection: SignerConnection): string | undefined => {
  const hash = (connection.network as { polkadot?: { genesisHash?: unknown } }).polkadot?.genesisHash
  return typeof hash === 'string' ? hash.toLowerCase() : undefined
}

/**
 * The connection, refusing a transaction for another chain (its genesis hash) before the wallet is
 * asked: the CAIP-2 reference is the hash's first 32 hex digits, and the network's full hash is
 * compared too when it is known.
 */
function requireGenesis(context: SignerContext, genesisHash: string): SignerConnection {
  const connection = context.requireNetwork(`polkadot:${genesisHash.slice(2, 34).toLowerCase()}`)
  const known = genesisOf(connection)
  if (known && known !== genesisHash.toLowerCase()) throw new ChainNotSupportedError({ caipNetworkId: genesisHash.slice(0, 66), connected: connection.caipNetworkId })
  return connection
}

/** The connection's account with the same key as `address` (the wallet's own spelling of it), or a typed refusal. */
function accountOf(connection: SignerConnection, address: unknown): string {
  const key = decodeSs58(address)?.publicKey
  if (!key) throw new PolkadotSignerInputError(`The address ${JSON.stringify(String(address).slice(0, 60))} is not an SS58 account address`)
  const account = connection.accounts.find((a) => {
    const decoded = decodeSs58(a.address)?.publicKey
    return decoded !== undefined && decoded.length === key.length && decoded.every((b, i) => b === key[i])
  })
  if (!account) throw new PolkadotSignerInputError(`${String(address).slice(0, 60)} is not an account of the connected wallet`)
  return account.address
}

/** The wallet's `{ signature }`, checked: 64 bytes, or a MultiSignature (a type byte and 64 or 65 bytes). */
function signatureOf(answer: unknown): `0x${string}` {
  const signature = (answer as { signature?: unknown } | null | undefined)?.signature
  if (typeof signature !== 'string' || !hexSignature.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
  return signature as `0x${string}`
}

function readPayload(payload: unknown): PolkadotSignerPayload {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new PolkadotSignerInputError(`signPayload needs a SignerPayloadJSON object, got ${describe(payload)}`)
  const p = payload as Record<string, unknown>
  const field = (name: string, rule: RegExp, what: string) => {
    const value = p[name]
    if (typeof value !== 'string' || !rule.test(value) || value.length > 2 + 2 * maxBytes) throw new PolkadotSignerInputError(`The payload's ${name} is not ${what}`)
  }
  field('genesisHash', hash32, 'a 32-byte hex hash')
  field('blockHash', hash32, 'a 32-byte hex hash')
  field('method', hexBytes, 'hex')
  field('era', hexBytes, 'hex')
  for (const name of ['blockNumber', 'nonce', 'specVersion', 'tip', 'transactionVersion']) field(name, hexNumber, 'a hex number')
  if ((p.method as string).length < 4) throw new PolkadotSignerInputError("The payload's method is empty")
  if (!Array.isArray(p.signedExtensions) || p.signedExtensions.length > 64 || !p.signedExtensions.every((e) => typeof e === 'string' && e.length > 0 && e.length < 100)) throw new PolkadotSignerInputError("The payload's signedExtensions is not a list of names")
  if (p.version !== 4) throw new PolkadotSignerInputError(`The payload's version is ${String(p.version).slice(0, 20)}: only version 4 extrinsics can be signed`)
  return p as PolkadotSignerPayload
}

function readSignedExtensions(value: unknown): PolkadotSignedExtensions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new PolkadotSignerInputError(`signTx needs the signed extensions as an object by identifier, got ${describe(value)}`)
  for (const [identifier, extension] of Object.entries(value)) {
    const e = extension as { identifier?: unknown; value?: unknown; additionalSigned?: unknown } | null
    if (!isBytes(e?.value) || !isBytes(e?.additionalSigned) || e.identifier !== identifier) throw new PolkadotSignerInputError(`The signed extension ${identifier.slice(0, 60)} is not { identifier, value: Uint8Array, additionalSigned: Uint8Array }`)
  }
  return value as PolkadotSignedExtensions
}

/**
 * Builds the polkadot signer on the kernel's signer context (`portico.getSigner('polkadot')`):
 * polkadot-api's `PolkadotSigner` (`signTx` through `@polkadot-api/pjs-signer`, which turns the
 * signed extensions into the `SignerPayloadJSON` a wallet signs and assembles the extrinsic) and
 * `@polkadot/api`'s `Signer`, both asking the wallet with `polkadot_signTransaction` and
 * `polkadot_signMessage` through `context.request`, whichever connector holds the connection.
 *
 * @param context the kernel's signer context for `polkadot`
 * @returns the signer
 * @example
 * const signer = createPolkadotSigner(context)
 * await signer.signPayload(payload) // { id: 1, signature: '0x01…' }
 */
export function createPolkadotSigner(context: SignerContext): PolkadotChainSigner {
  let id = 0

  /** `polkadot_signTransaction` for `address` (the wallet's spelling), on the connection's network. */
  const askTransaction = async (connection: SignerConnection, address: string, payload: PolkadotSignerPayload): Promise<`0x${string}`> => {
    // The address is not signed; the wallet matches it against its accounts. polkadot-api's pjs
    // signer offers to take a signed transaction back: the WalletConnect answer is a signature only.
    const { withSignedTransaction: _, ...rest } = payload
    return signatureOf(await context.request('polkadot_signTransaction', { address, transactionPayload: { ...rest, address } }, connection.caipNetworkId))
  }
  const askMessage = async (connection: SignerConnection, address: string, data: string): Promise<`0x${string}`> => signatureOf(await context.request('polkadot_signMessage', { address, message: data }, connection.caipNetworkId))

  const signer: PolkadotChainSigner = {
    namespace: 'polkadot',
    get publicKey(): Uint8Array {
      const { address } = context.connection()
      const key = decodeSs58(address)?.publicKey
      if (!key) throw new PolkadotSignerInputError(`The connected account ${address.slice(0, 60)} is not an SS58 account address`)
      return key
    },

    async signTx(callData, signedExtensions, metadata, atBlockNumber, hasher) {
      context.connection()
      if (!isBytes(callData) || callData.length === 0 || callData.length > maxBytes) throw new PolkadotSignerInputError(`signTx needs the call as a non-empty Uint8Array, got ${describe(callData)}`)
      const extensions = readSignedExtensions(signedExtensions)
      if (!isBytes(metadata) || metadata.length === 0 || metadata.length > maxBytes) throw new PolkadotSignerInputError(`signTx needs the runtime's metadata as a Uint8Array, got ${describe(metadata)}`)
      if (!Number.isSafeInteger(atBlockNumber) || atBlockNumber < 0) throw new PolkadotSignerInputError(`signTx needs the block number the transaction is built at, got ${String(atBlockNumber).slice(0, 40)}`)
      if (hasher !== undefined && typeof hasher !== 'function') throw new PolkadotSignerInputError('signTx: the hasher must be a function')
      // A wallet's signPayload hashes a long signing payload itself, with Blake2-256 as Substrate does: another hasher cannot be honoured.
      if (hasher !== undefined && toHex(hasher(hasherProbe)) !== toHex(Blake2256(hasherProbe))) throw new PolkadotSignerInputError("signTx: this chain's payload hasher is not Blake2-256, which wallets sign with (signPayload)")
      const genesis = extensions.CheckGenesis?.additionalSigned
      if (!genesis || genesis.length !== 32) throw new PolkadotSignerInputError('signTx: the signed extensions have no CheckGenesis with a 32-byte genesis hash, so the network cannot be checked')
      const connection = requireGenesis(context, toHex(genesis))
      const address = accountOf(connection, connection.address)
      let asked = false
      const pjs = getPolkadotSignerFromPjs(
        address,
        async (payload) => {
          asked = true
          return { signature: await askTransaction(connection, address, payload as PolkadotSignerPayload) }
        },
        async ({ data }) => ({ id: ++id, signature: await askMessage(connection, address, data) }),
      )
      try {
        return await pjs.signTx(callData, extensions, metadata, atBlockNumber, hasher)
      } catch (error) {
        // What failed before the wallet was asked is the site's input (unreadable metadata, a signed extension missing or unknown).
        if (asked) throw error
        throw new PolkadotSignerInputError(`signTx cannot build the payload to sign: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
    },

    async signBytes(data) {
      const connection = context.connection()
      if (!isBytes(data) || data.length > maxBytes) throw new PolkadotSignerInputError(`signBytes needs a Uint8Array, got ${describe(data)}`)
      const signature = await askMessage(connection, accountOf(connection, connection.address), toHex(data))
      return fromHex(signature)
    },

    async signPayload(payload): Promise<PolkadotSignerResult> {
      context.connection()
      const checked = readPayload(payload)
      const connection = requireGenesis(context, checked.genesisHash)
      const address = accountOf(connection, checked.address)
      return { id: ++id, signature: await askTransaction(connection, address, checked) }
    },

    async signRaw(raw: PolkadotSignerRawPayload): Promise<PolkadotSignerResult> {
      const connection = context.connection()
      if (typeof raw !== 'object' || raw === null) throw new PolkadotSignerInputError(`signRaw needs { address, data, type: 'bytes' }, got ${describe(raw)}`)
      if (raw.type !== 'bytes') throw new PolkadotSignerInputError(`signRaw signs type 'bytes' only (the wallet wraps them in <Bytes>…</Bytes>), got ${JSON.stringify(String(raw.type).slice(0, 20))}`)
      if (typeof raw.data !== 'string' || !hexBytes.test(raw.data) || raw.data.length > 2 + 2 * maxBytes) throw new PolkadotSignerInputError("signRaw's data is not hex")
      const address = accountOf(connection, raw.address)
      return { id: ++id, signature: await askMessage(connection, address, raw.data) }
    },
  }
  return signer
}
