// The Cosmostation persona for cosmos (`?personas=cosmos/cosmostation`): `window.cosmostation` as
// Cosmostation's extension injects it — its own `cosmos.request` API and, over it, the Keplr-compatible
// `providers.keplr` a Keplr-style site uses. Each behaviour and its source: docs/wallets/cosmostation.md.
import { base64, hex } from '@scure/base'
import { createCosmosPersona } from '../../cosmosWallet/createCosmosPersona.js'
import { keplrOfflineSigners } from '../../cosmosWallet/keplrOfflineSigners.js'

/** The wallet's JSON-RPC-style error, posted back to the page as a plain object (not an Error). */
type CosmostationError = { code: number; message: string }
const userRejected: CosmostationError = { code: 4001, message: 'User rejected the request.' }
const invalidParams: CosmostationError = { code: -32602, message: 'Invalid method parameter(s).' }

const persona = createCosmosPersona({
  id: 'cosmos/cosmostation',
  name: 'Cosmostation',
  dialect: {
    storageKey: 'portico.persona.cosmostation',
    keystoreEvent: 'cosmostation_keystorechange',
    refusal: () => ({ ...userRejected }),
    unknownChain: () => ({ ...invalidParams }),
    grantOnUse: true,
  },
})
const { provider: core, control } = persona

type Params = Record<string, unknown> | undefined
const text = (params: Params, name: string): string => {
  const value = params?.[name]
  if (typeof value !== 'string' || value.length === 0) throw { ...invalidParams }
  return value
}
/** The current account's address on `chainId` (Cosmostation signs with it; the Keplr mode ignores the signer it is given). */
const addressOn = async (chainId: string) => (await core.getKey(chainId)).bech32Address
const bytesOf = (value: unknown): Uint8Array => {
  if (value instanceof Uint8Array) return value
  if (Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= 0 && b < 256)) return Uint8Array.from(value as number[])
  throw { ...invalidParams }
}
const sendModes: Record<number, 'block' | 'sync' | 'async'> = { 1: 'block', 2: 'sync', 3: 'async' }

/** `window.cosmostation.cosmos.request({ method, params })`: the methods its Keplr mode is built on. */
async function answer(method: string, params: Params): Promise<unknown> {
  switch (method) {
    case 'cos_supportedChainIds':
      return { official: [], unofficial: control.getState().knownChains }
    case 'cos_requestAccount': {
      const chainId = text(params, 'chainName')
      await core.enable(chainId)
      const key = await core.getKey(chainId)
      return { name: key.name, address: key.bech32Address, publicKey: key.pubKey, isLedger: key.isNanoLedger, isEthermint: false }
    }
    case 'cos_addChain':
      await core.experimentalSuggestChain({ chainId: text(params, 'chainId'), chainName: text(params, 'chainName'), rest: text(params, 'restURL'), bech32Config: { bech32PrefixAccAddr: text(params, 'addressPrefix') } })
      return true
    case 'cos_signAmino': {
      const chainId = text(params, 'chainName')
      const { signed, signature } = await core.signAmino(chainId, await addressOn(chainId), params?.doc as Record<string, unknown>)
      return { signature: signature.signature, pub_key: signature.pub_key, signed_doc: signed }
    }
    case 'cos_signDirect': {
      const chainId = text(params, 'chainName')
      const doc = params?.doc as { account_number?: unknown; auth_info_bytes?: unknown; body_bytes?: unknown; chain_id?: unknown } | undefined
      const signDoc = { bodyBytes: bytesOf(doc?.body_bytes), authInfoBytes: bytesOf(doc?.auth_info_bytes), chainId: String(doc?.chain_id ?? ''), accountNumber: String(doc?.account_number ?? '') }
      const { signed, signature } = await core.signDirect(chainId, await addressOn(chainId), signDoc)
      return {
        signature: signature.signature,
        pub_key: signature.pub_key,
        signed_doc: { chain_id: signed.chainId, account_number: String(signed.accountNumber), auth_info_bytes: [...(signed.authInfoBytes ?? signDoc.authInfoBytes)], body_bytes: [...(signed.bodyBytes ?? signDoc.bodyBytes)] },
      }
    }
    case 'cos_signMessage':
      return core.signArbitrary(text(params, 'chainName'), text(params, 'signer'), text(params, 'message'))
    case 'cos_sendTransaction': {
      const chainId = text(params, 'chainName')
      const hash = await core.sendTx(chainId, base64.decode(text(params, 'txBytes')), sendModes[Number(params?.mode)] ?? 'sync')
      return { tx_response: { code: 0, txhash: hex.encode(hash).toUpperCase(), raw_log: '' } }
    }
    case 'cos_disconnect':
      await core.disable()
      return null
    default:
      throw { code: -32601, message: 'The method does not exist / is not available.' }
  }
}

/** The page side of a request: what the extension answers, and its error as the plain object it posts back. */
async function request({ method, params }: { method: string; params?: Params }): Promise<unknown> {
  try {
    return await answer(method, params)
  } catch (error) {
    if (error instanceof Error) throw { code: -32000, message: error.message }
    throw error
  }
}

/** The Keplr mode's wrappers rethrow some answers' errors as `new Error(message || 'Unknown Error')`, and let others through as they come. */
const asError = (error: unknown) => new Error((error as { message?: string } | null)?.message || 'Unknown Error')
const supported = async () => {
  const { official, unofficial } = (await request({ method: 'cos_supportedChainIds' })) as { official: string[]; unofficial: string[] }
  return [...official, ...unofficial]
}

const keplrMode = {
  version: '0.0.0',
  mode: 'extension' as const,
  defaultOptions: { sign: { disableBalanceCheck: false, preferNoSetFee: false, preferNoSetMemo: false } },
  async enable(chainIds?: string | string[]) {
    if (!chainIds) throw new Error('chain id not set')
    const ids = typeof chainIds === 'string' ? [chainIds] : chainIds
    const known = await supported()
    const missing = ids.find((id) => !known.includes(id))
    if (missing) throw new Error(`There is no chain info for ${missing}`)
    // Only the first chain is asked for; a refusal comes through as the wallet's plain { code, message }.
    await request({ method: 'cos_requestAccount', params: { chainName: ids[0] } })
  },
  async getKey(chainId: string) {
    try {
      const account = (await request({ method: 'cos_requestAccount', params: { chainName: chainId } })) as { name: string; address: string; publicKey: Uint8Array; isLedger: boolean }
      return { isNanoLedger: account.isLedger, algo: 'secp256k1', pubKey: account.publicKey, bech32Address: account.address, name: account.name, address: new Uint8Array(), isKeystone: false }
    } catch (error) {
      throw asError(error)
    }
  },
  async experimentalSuggestChain(chainInfo: {
    chainId: string
    chainName?: string
    rest: string
    bip44: { coinType: number }
    bech32Config: { bech32PrefixAccAddr: string }
    currencies: { coinDenom: string; coinMinimalDenom: string; coinDecimals: number }[]
    feeCurrencies: { gasPriceStep?: { low: number; average: number; high: number } }[]
  }) {
    try {
      if ((await supported()).includes(chainInfo.chainId)) return
      const [currency] = chainInfo.currencies
      await request({
        method: 'cos_addChain',
        params: {
          chainId: chainInfo.chainId,
          addressPrefix: chainInfo.bech32Config.bech32PrefixAccAddr,
          baseDenom: currency?.coinMinimalDenom,
          chainName: chainInfo.chainName || chainInfo.chainId,
          displayDenom: currency?.coinDenom,
          decimals: currency?.coinDecimals,
          restURL: chainInfo.rest,
          coinType: `${String(chainInfo.bip44.coinType)}'`,
        },
      })
    } catch (error) {
      throw asError(error)
    }
  },
  async signAmino(chainId: string, _signer: string, signDoc: Record<string, unknown>) {
    try {
      const answer = (await request({ method: 'cos_signAmino', params: { chainName: chainId, doc: signDoc, isEditFee: true, isEditMemo: true, isCheckBalance: true } })) as { signature: string; pub_key: unknown; signed_doc: Record<string, unknown> }
      return { signed: answer.signed_doc, signature: { pub_key: answer.pub_key, signature: answer.signature } }
    } catch (error) {
      throw asError(error)
    }
  },
  async signDirect(chainId: string, _signer: string, signDoc: { bodyBytes?: Uint8Array | null; authInfoBytes?: Uint8Array | null; chainId?: string | null; accountNumber?: { toString(): string } | null }) {
    const answer = (await request({
      method: 'cos_signDirect',
      params: { chainName: chainId, doc: { account_number: String(signDoc.accountNumber), auth_info_bytes: signDoc.authInfoBytes, body_bytes: signDoc.bodyBytes, chain_id: signDoc.chainId }, isEditFee: true, isEditMemo: true, isCheckBalance: true },
    })) as { signature: string; pub_key: unknown; signed_doc: { chain_id: string; account_number: string; auth_info_bytes: number[]; body_bytes: number[] } }
    return {
      // The account number comes back as the string it was sent as.
      signed: { accountNumber: answer.signed_doc.account_number, chainId: answer.signed_doc.chain_id, authInfoBytes: new Uint8Array(answer.signed_doc.auth_info_bytes), bodyBytes: new Uint8Array(answer.signed_doc.body_bytes) },
      signature: { pub_key: answer.pub_key, signature: answer.signature },
    }
  },
  async signArbitrary(chainId: string, signer: string, data: string | Uint8Array) {
    const message = typeof data === 'string' ? data : new TextDecoder().decode(data)
    return request({ method: 'cos_signMessage', params: { chainName: chainId, signer, message } })
  },
  async sendTx(chainId: string, tx: Uint8Array, mode: 'block' | 'sync' | 'async') {
    try {
      const answer = (await request({ method: 'cos_sendTransaction', params: { chainName: chainId, mode: mode === 'block' ? 1 : mode === 'async' ? 3 : 2, txBytes: base64.encode(tx) } })) as { tx_response: { txhash: string } }
      return hex.decode(answer.tx_response.txhash.toLowerCase())
    } catch (error) {
      throw asError(error)
    }
  },
}
// The offline signers go through the Keplr mode, as the extension's do.
const keplr = Object.freeze({ ...keplrMode, ...keplrOfflineSigners(keplrMode as unknown as Parameters<typeof keplrOfflineSigners>[0]) })

// The extension's injected script sets `window.cosmostation` at document_start (its content script's
// run_at); the persona script runs from the page's <head>, before the site's own module, likewise.
// It does not take `window.keplr`: that is a setting ("use as Keplr"), off by default.
Object.defineProperty(window, 'cosmostation', {
  value: { version: '0.0.0-portico-persona', providers: { keplr }, cosmos: Object.freeze({ request }) },
  configurable: true,
  writable: true,
})
persona.register()
