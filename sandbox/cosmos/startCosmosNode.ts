import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { sha256 } from '@noble/hashes/sha2.js'
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import { QueryAllBalancesRequest, QueryAllBalancesResponse, QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'

import { PortInUseError } from '../devnets/errors.js'
import { CosmosLedgerError } from './CosmosLedgerError.js'
import { cosmosSandboxDenomMetadata } from './cosmosSandboxChain.js'
import { type CosmosEvent, type CosmosLedger, type CosmosTxRecord, createCosmosLedger, secp256k1PubKeyTypeUrl } from './createCosmosLedger.js'

/** A running Cosmos ledger behind the CometBFT RPC and REST gateway subsets. */
export type CosmosNode = {
  port: number
  /** `http://127.0.0.1:<port>`: the CometBFT JSON-RPC endpoint (POST /) and the REST gateway (`/cosmos/…`). */
  url: string
  ledger: CosmosLedger
  /** Closes the port; calling it twice is harmless. */
  stop(): Promise<void>
}

export type StartCosmosNodeParameters = {
  /** The port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number
  chainId: string
  prefix: string
  nativeDenom: string
}

const maxBodyBytes = 200_000
const cometVersion = '0.38.17'
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromB64 = (text: unknown): Uint8Array | undefined => {
  if (typeof text !== 'string' || text.length === 0 || text.length > maxBodyBytes || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined
  return new Uint8Array(Buffer.from(text, 'base64'))
}
const hexBytes = (text: unknown): Uint8Array | undefined =>
  typeof text === 'string' && /^([0-9a-fA-F]{2})*$/.test(text) && text.length <= maxBodyBytes ? new Uint8Array(Buffer.from(text, 'hex')) : undefined

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body))
  }
}
/** A REST gateway error body, as grpc-gateway writes it. */
const grpcError = (status: number, grpcCode: number, message: string) => new HttpFailure(status, { code: grpcCode, message, details: [] })

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        reject(new HttpFailure(413, 'Request too large'))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** `key='value' AND key2='value2'` (CometBFT's query language, the `=` subset). */
function parseQuery(query: unknown): { key: string; value: string }[] | undefined {
  if (typeof query !== 'string' || query.length > 512) return undefined
  const conditions: { key: string; value: string }[] = []
  for (const part of query.split(/\s+AND\s+/i)) {
    const match = /^\s*([A-Za-z0-9_.]+)\s*=\s*(?:'([^']*)'|(\d+))\s*$/.exec(part)
    if (!match) return undefined
    conditions.push({ key: match[1] as string, value: (match[2] ?? match[3]) as string })
  }
  return conditions
}

const eventsJson = (events: readonly CosmosEvent[]) => events.map((event) => ({ type: event.type, attributes: event.attributes.map((a) => ({ ...a })) }))
const msgData = (tx: CosmosTxRecord) =>
  tx.code === 0 ? b64(TxMsgData.encode({ data: [], msgResponses: tx.transfers.map(() => ({ typeUrl: '/cosmos.bank.v1beta1.MsgSendResponse', value: new Uint8Array() })) }).finish()) : undefined

/** CometBFT's `ResultTx`. */
const cometTx = (tx: CosmosTxRecord) => ({
  hash: tx.hash,
  height: String(tx.height),
  index: 0,
  tx_result: {
    code: tx.code,
    ...(tx.code === 0 ? { data: msgData(tx) } : {}),
    log: tx.log,
    info: '',
    gas_wanted: String(tx.gasWanted),
    gas_used: String(tx.gasUsed),
    events: eventsJson(tx.events),
    codespace: tx.codespace,
  },
  tx: b64(tx.raw),
})

/** The decoded transaction as the REST gateway's JSON (`cosmos.tx.v1beta1.Tx`, bank sends only). */
function txJson(raw: Uint8Array) {
  const txRaw = TxRaw.decode(raw)
  const body = TxBody.decode(txRaw.bodyBytes)
  const authInfo = AuthInfo.decode(txRaw.authInfoBytes)
  return {
    body: {
      messages: body.messages.map((message) => {
        const { fromAddress, toAddress, amount } = MsgSend.decode(message.value)
        return { '@type': message.typeUrl, from_address: fromAddress, to_address: toAddress, amount }
      }),
      memo: body.memo,
      timeout_height: String(body.timeoutHeight),
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: authInfo.signerInfos.map((info) => ({
        public_key: info.publicKey ? { '@type': secp256k1PubKeyTypeUrl, key: b64(PubKey.decode(info.publicKey.value).key) } : null,
        mode_info: { single: { mode: info.modeInfo?.single?.mode === 127 ? 'SIGN_MODE_LEGACY_AMINO_JSON' : 'SIGN_MODE_DIRECT' } },
        sequence: String(info.sequence),
      })),
      fee: { amount: authInfo.fee?.amount ?? [], gas_limit: String(authInfo.fee?.gasLimit ?? 0n), payer: '', granter: '' },
    },
    signatures: txRaw.signatures.map(b64),
  }
}

/** The REST gateway's `TxResponse`. */
const restTxResponse = (tx: CosmosTxRecord) => ({
  height: String(tx.height),
  txhash: tx.hash,
  codespace: tx.codespace,
  code: tx.code,
  data: tx.code === 0 ? Buffer.from(msgData(tx) ?? '', 'base64').toString('hex').toUpperCase() : '',
  raw_log: tx.log,
  logs: [],
  info: '',
  gas_wanted: String(tx.gasWanted),
  gas_used: String(tx.gasUsed),
  tx: { '@type': '/cosmos.tx.v1beta1.Tx', ...txJson(tx.raw) },
  timestamp: tx.time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  events: eventsJson(tx.events),
})

/**
 * Starts the sandbox's Cosmos chain: a {@link createCosmosLedger} ledger served on one port over
 * the two APIs the ecosystem's SDKs and wallets use.
 *
 * CometBFT JSON-RPC (POST `/`, or GET `/<method>`): `status`, `health`, `abci_info`, `abci_query`
 * (`/cosmos.auth.v1beta1.Query/Account`, `/cosmos.bank.v1beta1.Query/Balance`, `…/AllBalances`,
 * `/cosmos.tx.v1beta1.Service/Simulate`), `broadcast_tx_sync` (and `_async`, `_commit`: every
 * transaction is in the next block at once), `tx` and `tx_search`. `@cosmjs/stargate`'s
 * `StargateClient.connect` and `SigningStargateClient` work against it unchanged.
 *
 * REST gateway (LCD): `GET /cosmos/auth/v1beta1/accounts/:address`,
 * `/cosmos/bank/v1beta1/balances/:address` (and `/by_denom?denom=`), `/cosmos/bank/v1beta1/denoms_metadata[/:denom]`,
 * `/cosmos/tx/v1beta1/txs/:hash`, `/cosmos/tx/v1beta1/txs?query=` (or `events=`),
 * `/cosmos/base/tendermint/v1beta1/node_info`, `POST /cosmos/tx/v1beta1/simulate` and
 * `POST /cosmos/tx/v1beta1/txs` (`{ tx_bytes, mode }`).
 *
 * @param parameters port, chain id, prefix and fee denom
 * @returns the running node
 * @throws PortInUseError when the port is taken
 * @example
 * const node = await startCosmosNode({ port: 4705, chainId: 'portico-local-1', prefix: 'portico', nativeDenom: 'uptc' })
 */
export async function startCosmosNode({ port = 0, chainId, prefix, nativeDenom }: StartCosmosNodeParameters): Promise<CosmosNode> {
  const ledger = createCosmosLedger({ chainId, prefix, nativeDenom })

  const accountAny = (address: string) => {
    const account = ledger.account(address)
    if (!account) return undefined
    return {
      typeUrl: '/cosmos.auth.v1beta1.BaseAccount',
      value: BaseAccount.encode({
        address,
        pubKey: account.pubKey ? { typeUrl: secp256k1PubKeyTypeUrl, value: PubKey.encode({ key: account.pubKey }).finish() } : undefined,
        accountNumber: account.accountNumber,
        sequence: account.sequence,
      }).finish(),
    }
  }
  const abciAnswer = (value: Uint8Array) => ({ response: { code: 0, log: '', info: '', index: '0', key: null, value: b64(value), proofOps: null, height: String(ledger.height()), codespace: '' } })
  const abciError = (code: number, log: string, codespace = 'sdk') => ({ response: { code, log, info: '', index: '0', key: null, value: null, proofOps: null, height: String(ledger.height()), codespace } })

  const abciQuery = (path: string, data: Uint8Array) => {
    try {
      if (path === '/cosmos.auth.v1beta1.Query/Account') {
        const { address } = QueryAccountRequest.decode(data)
        if (!ledger.isAddress(address)) return abciError(7, `decoding bech32 failed: invalid address ${address}: invalid address`)
        const account = accountAny(address)
        if (!account) return abciError(22, `rpc error: code = NotFound desc = account ${address} not found: key not found`)
        return abciAnswer(QueryAccountResponse.encode({ account }).finish())
      }
      if (path === '/cosmos.bank.v1beta1.Query/Balance') {
        const { address, denom } = QueryBalanceRequest.decode(data)
        if (!ledger.isAddress(address)) return abciError(7, `invalid address ${address}: invalid address`)
        return abciAnswer(QueryBalanceResponse.encode({ balance: { denom, amount: String(ledger.balance(address, denom)) } }).finish())
      }
      if (path === '/cosmos.bank.v1beta1.Query/AllBalances') {
        const { address } = QueryAllBalancesRequest.decode(data)
        if (!ledger.isAddress(address)) return abciError(7, `invalid address ${address}: invalid address`)
        const balances = ledger.balances(address)
        return abciAnswer(QueryAllBalancesResponse.encode({ balances, pagination: { nextKey: new Uint8Array(), total: BigInt(balances.length) } }).finish())
      }
      if (path === '/cosmos.tx.v1beta1.Service/Simulate') {
        const { txBytes } = SimulateRequest.decode(data)
        const { gasUsed, gasWanted, events } = ledger.simulate(txBytes)
        return abciAnswer(
          SimulateResponse.encode({
            gasInfo: { gasUsed, gasWanted },
            result: { data: new Uint8Array(), log: '', events: events.map((e) => ({ type: e.type, attributes: e.attributes })), msgResponses: [] },
          }).finish(),
        )
      }
      return abciError(6, `unknown query path ${path}: unknown request`)
    } catch (error) {
      if (error instanceof CosmosLedgerError) return abciError(error.abciCode, error.log, error.codespace)
      return abciError(2, `${(error as Error).message}: tx parse error`)
    }
  }

  const statusJson = () => {
    const height = ledger.height()
    return {
      node_info: {
        protocol_version: { p2p: '8', block: '11', app: '0' },
        id: '0000000000000000000000000000000000000001',
        listen_addr: 'tcp://127.0.0.1:26656',
        network: chainId,
        version: cometVersion,
        channels: '40202122233038606100',
        moniker: 'portico-sandbox',
        other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:26657' },
      },
      sync_info: {
        latest_block_hash: ledger.blockHash(height),
        latest_app_hash: ledger.blockHash(height),
        latest_block_height: String(height),
        latest_block_time: (ledger.blockTime(height) as Date).toISOString(),
        earliest_block_height: '1',
        catching_up: false,
      },
      validator_info: { address: '0000000000000000000000000000000000000001', pub_key: { type: 'tendermint/PubKeyEd25519', value: b64(new Uint8Array(32).fill(1)) }, voting_power: '10' },
    }
  }

  /** One CometBFT method; throws `{ code, message, data }` for JSON-RPC errors. */
  const rpc = (method: string, params: Record<string, unknown>): unknown => {
    const invalid = (data: string) => Object.assign(new Error('Invalid params'), { rpc: { code: -32602, message: 'Invalid params', data } })
    switch (method) {
      case 'status':
        return statusJson()
      case 'health':
        return {}
      case 'abci_info':
        return { response: { data: 'portico-sandbox', version: '0.50.0', last_block_height: String(ledger.height()), last_block_app_hash: b64(new Uint8Array(32)) } }
      case 'abci_query': {
        const data = hexBytes(params.data ?? '')
        if (typeof params.path !== 'string' || !data) throw invalid('path must be a string and data hex')
        return abciQuery(params.path, data)
      }
      case 'broadcast_tx_sync':
      case 'broadcast_tx_async':
      case 'broadcast_tx_commit': {
        const bytes = fromB64(params.tx)
        if (!bytes) throw invalid('tx must be base64')
        try {
          const tx = ledger.submit(bytes)
          const base = { code: 0, data: '', log: '[]', codespace: '', hash: tx.hash }
          if (method !== 'broadcast_tx_commit') return base
          return { check_tx: { code: 0, gas_wanted: String(tx.gasWanted), gas_used: String(tx.gasUsed), events: [] }, tx_result: cometTx(tx).tx_result, hash: tx.hash, height: String(tx.height) }
        } catch (error) {
          if (!(error instanceof CosmosLedgerError)) throw error
          if (error.abciCode === 19) throw Object.assign(new Error('Internal error'), { rpc: { code: -32603, message: 'Internal error', data: 'tx already exists in cache' } })
          const hash = Buffer.from(sha256(bytes)).toString('hex').toUpperCase()
          return { code: error.abciCode, data: '', log: error.log, codespace: error.codespace, hash }
        }
      }
      case 'tx': {
        const hash = fromB64(params.hash)
        if (!hash || hash.length !== 32) throw invalid('hash must be 32 bytes, base64')
        const tx = ledger.transaction(Buffer.from(hash).toString('hex'))
        if (!tx) throw Object.assign(new Error('Internal error'), { rpc: { code: -32603, message: 'Internal error', data: `tx (${Buffer.from(hash).toString('hex').toUpperCase()}) not found` } })
        return cometTx(tx)
      }
      case 'tx_search': {
        const conditions = parseQuery(params.query)
        if (!conditions) throw invalid(`cannot parse query ${String(params.query)}`)
        let found = ledger.search(conditions)
        if (params.order_by === 'desc') found = found.reverse()
        const perPage = Math.min(100, Math.max(1, Number(params.per_page ?? 30) || 30))
        const page = Math.max(1, Number(params.page ?? 1) || 1)
        return { txs: found.slice((page - 1) * perPage, page * perPage).map(cometTx), total_count: String(found.length) }
      }
      default:
        throw Object.assign(new Error('Method not found'), { rpc: { code: -32601, message: 'Method not found', data: method } })
    }
  }

  const rest = async (request: IncomingMessage, url: URL): Promise<unknown> => {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    const path = parts.join('/')
    const checkAddress = (address: string) => {
      if (!ledger.isAddress(address)) throw grpcError(400, 3, `invalid address ${address}: decoding bech32 failed: invalid address`)
      return address
    }
    if (request.method === 'POST') {
      let body: { tx_bytes?: unknown; mode?: unknown }
      try {
        body = JSON.parse(await readBody(request)) as typeof body
      } catch {
        throw grpcError(400, 3, 'invalid JSON body')
      }
      const bytes = fromB64(body?.tx_bytes)
      if (!bytes) throw grpcError(400, 3, 'tx_bytes must be base64')
      if (path === 'cosmos/tx/v1beta1/simulate') {
        try {
          const { gasUsed, gasWanted, events } = ledger.simulate(bytes)
          return { gas_info: { gas_wanted: String(gasWanted), gas_used: String(gasUsed) }, result: { data: '', log: '', events: eventsJson(events), msg_responses: [] } }
        } catch (error) {
          if (error instanceof CosmosLedgerError) throw grpcError(400, 2, error.log)
          throw error
        }
      }
      if (path === 'cosmos/tx/v1beta1/txs') {
        const hash = Buffer.from(sha256(bytes)).toString('hex').toUpperCase()
        try {
          const tx = ledger.submit(bytes)
          return { tx_response: { height: '0', txhash: tx.hash, codespace: '', code: 0, data: '', raw_log: '', logs: [], info: '', gas_wanted: '0', gas_used: '0', tx: null, timestamp: '', events: [] } }
        } catch (error) {
          if (!(error instanceof CosmosLedgerError)) throw error
          return { tx_response: { height: '0', txhash: hash, codespace: error.codespace, code: error.abciCode, data: '', raw_log: error.log, logs: [], info: '', gas_wanted: '0', gas_used: '0', tx: null, timestamp: '', events: [] } }
        }
      }
      throw grpcError(404, 5, 'Not Implemented')
    }
    if (request.method !== 'GET') throw grpcError(405, 12, 'Method Not Allowed')
    const [a, b, c, d, e, f] = parts
    if (a === 'cosmos' && c === 'v1beta1') {
      if (b === 'auth' && d === 'accounts' && e !== undefined && parts.length === 5) {
        const address = checkAddress(e)
        const account = ledger.account(address)
        if (!account) throw grpcError(404, 5, `rpc error: code = NotFound desc = account ${address} not found: key not found`)
        return {
          account: {
            '@type': '/cosmos.auth.v1beta1.BaseAccount',
            address,
            pub_key: account.pubKey ? { '@type': secp256k1PubKeyTypeUrl, key: b64(account.pubKey) } : null,
            account_number: String(account.accountNumber),
            sequence: String(account.sequence),
          },
        }
      }
      if (b === 'bank' && d === 'balances' && e !== undefined) {
        const address = checkAddress(e)
        if (parts.length === 5) {
          const balances = ledger.balances(address)
          return { balances, pagination: { next_key: null, total: String(balances.length) } }
        }
        if (parts.length === 6 && f === 'by_denom') {
          const denom = url.searchParams.get('denom') ?? ''
          if (!/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(denom)) throw grpcError(400, 3, `invalid denom ${denom}`)
          return { balance: { denom, amount: String(ledger.balance(address, denom)) } }
        }
      }
      if (b === 'bank' && d === 'denoms_metadata') {
        const metadata = (m: (typeof cosmosSandboxDenomMetadata)[number]) => ({
          description: m.description,
          denom_units: [
            { denom: m.base, exponent: 0, aliases: [] },
            { denom: m.display, exponent: m.decimals, aliases: [] },
          ],
          base: m.base,
          display: m.display,
          name: m.name,
          symbol: m.symbol,
          uri: '',
          uri_hash: '',
        })
        if (parts.length === 4) return { metadatas: cosmosSandboxDenomMetadata.map(metadata), pagination: { next_key: null, total: String(cosmosSandboxDenomMetadata.length) } }
        const found = cosmosSandboxDenomMetadata.find((m) => m.base === e)
        if (parts.length === 5 && found) return { metadata: metadata(found) }
        if (parts.length === 5) throw grpcError(404, 5, `client metadata for denom ${e} not found`)
      }
      if (b === 'tx' && d === 'txs' && parts.length === 5 && e !== undefined) {
        if (!/^[0-9a-fA-F]{64}$/.test(e)) throw grpcError(400, 3, `invalid tx hash ${e}`)
        const tx = ledger.transaction(e)
        if (!tx) throw grpcError(404, 5, `tx not found: ${e.toUpperCase()}`)
        return { tx: txJson(tx.raw), tx_response: restTxResponse(tx) }
      }
      if (b === 'tx' && d === 'txs' && parts.length === 4) {
        const conditions = parseQuery(url.searchParams.get('query') ?? url.searchParams.getAll('events').join(' AND '))
        if (!conditions || conditions.length === 0) throw grpcError(400, 3, 'query cannot be empty')
        let found = ledger.search(conditions)
        if (url.searchParams.get('order_by') === 'ORDER_BY_DESC' || url.searchParams.get('order_by') === '2') found = found.reverse()
        const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? url.searchParams.get('pagination.limit') ?? 100) || 100))
        const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
        const slice = found.slice((page - 1) * limit, page * limit)
        return { txs: slice.map((tx) => txJson(tx.raw)), tx_responses: slice.map(restTxResponse), pagination: null, total: String(found.length) }
      }
    }
    if (path === 'cosmos/base/tendermint/v1beta1/node_info') {
      return { default_node_info: { network: chainId, version: cometVersion, moniker: 'portico-sandbox' }, application_version: { name: 'portico-sandbox', app_name: 'porticod', version: '0.50.0', cosmos_sdk_version: 'v0.50.10' } }
    }
    throw grpcError(404, 5, 'Not Implemented')
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store' })
      response.end(JSON.stringify(body))
    }
    if (url.pathname.startsWith('/cosmos/')) {
      rest(request, url).then(
        (body) => send(200, body),
        (error: unknown) => (error instanceof HttpFailure ? send(error.status, error.body) : send(500, { code: 13, message: 'internal error', details: [] })),
      )
      return
    }
    const answer = (id: unknown, method: string, params: Record<string, unknown>) => {
      try {
        return { jsonrpc: '2.0', id, result: rpc(method, params) }
      } catch (error) {
        const rpcError = (error as { rpc?: unknown }).rpc
        return { jsonrpc: '2.0', id, error: rpcError ?? { code: -32603, message: 'Internal error', data: (error as Error).message } }
      }
    }
    if (request.method === 'POST' && url.pathname === '/') {
      readBody(request).then(
        (text) => {
          let call: { id?: unknown; method?: unknown; params?: unknown }
          try {
            call = JSON.parse(text) as typeof call
          } catch {
            send(200, { jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error', data: 'invalid JSON' } })
            return
          }
          if (typeof call !== 'object' || call === null || typeof call.method !== 'string') {
            send(200, { jsonrpc: '2.0', id: call?.id ?? -1, error: { code: -32600, message: 'Invalid Request', data: 'method must be a string' } })
            return
          }
          const params = typeof call.params === 'object' && call.params !== null && !Array.isArray(call.params) ? (call.params as Record<string, unknown>) : {}
          send(200, answer(call.id ?? -1, call.method, params))
        },
        () => send(413, { jsonrpc: '2.0', id: -1, error: { code: -32600, message: 'Invalid Request', data: 'body too large' } }),
      )
      return
    }
    if (request.method === 'GET' && /^\/[a-z_]+$/.test(url.pathname)) {
      // CometBFT's URI form: GET /status, /tx_search?query="…" (string values quoted).
      const params = Object.fromEntries([...url.searchParams].map(([key, value]) => [key, value.replace(/^"(.*)"$/, '$1')]))
      if (typeof params.hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(params.hash)) params.hash = Buffer.from(params.hash.slice(2), 'hex').toString('base64')
      send(200, answer(-1, url.pathname.slice(1), params))
      return
    }
    send(404, { code: 5, message: 'Not Implemented', details: [] })
  }

  const server = createServer(handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError({ port, what: 'the Cosmos node (CometBFT RPC and REST)', cause: error }) : error))
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    ledger,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopped
    },
  }
}
