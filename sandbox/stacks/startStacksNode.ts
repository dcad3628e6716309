import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { PortInUseError } from '../devnets/errors.js'
import { type StacksLedger, type StacksTxRecord, createStacksLedger } from './createStacksLedger.js'
import { StacksLedgerError } from './StacksLedgerError.js'

/** A running Stacks ledger behind the node API and blockchain API subsets. */
export type StacksNode = {
  port: number
  /** `http://127.0.0.1:<port>`: the node API (`/v2/…`) and the blockchain API (`/extended/v1/…`). */
  url: string
  ledger: StacksLedger
  /** Mines the mempool now (the node also mines every `blockIntervalMs`). */
  mine(): void
  stop(): Promise<void>
}

export type StartStacksNodeParameters = {
  /** The port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number
  chainId: number
  transactionVersion: number
  feeRate: bigint
  /** Fee rates per byte `/v2/fees/transaction` offers (low, middle, high). */
  feeRateTiers: readonly [bigint, bigint, bigint]
  token?: Parameters<typeof createStacksLedger>[0]['token']
  /** Pending transactions are mined this often (ms); 0: only by `mine()`. */
  blockIntervalMs?: number
}

const maxBodyBytes = 200_000
/** A principal in a path: a standard address or a contract id. */
const principalPattern = /^S[0-9A-Z]{27,40}(\.[a-zA-Z][a-zA-Z0-9_-]{0,39})?$/
const txidPattern = /^(0x)?[0-9a-fA-F]{64}$/

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body))
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        reject(new HttpFailure(413, { error: 'request too large' }))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

const u128Hex = (value: bigint) => `0x${value.toString(16).padStart(32, '0')}`
const memoHex = (memo: string) => {
  const bytes = Buffer.alloc(34)
  Buffer.from(memo, 'utf8').copy(bytes, 0, 0, 34)
  return `0x${bytes.toString('hex')}`
}

/** A transaction as the Stacks blockchain API (`/extended/v1/tx/:txid`) describes it. */
function txJson(tx: StacksTxRecord) {
  const confirmed = tx.blockHeight !== undefined
  return {
    tx_id: `0x${tx.txid}`,
    nonce: Number(tx.nonce),
    fee_rate: String(tx.fee),
    sender_address: tx.sender,
    sponsored: false,
    post_condition_mode: 'deny',
    post_conditions: [],
    anchor_mode: 'any',
    tx_status: tx.status,
    tx_type: tx.type,
    receipt_time: Math.floor(tx.receivedAt / 1000),
    receipt_time_iso: new Date(tx.receivedAt).toISOString(),
    ...(confirmed
      ? {
          block_hash: `0x${tx.blockHash}`,
          block_height: tx.blockHeight,
          block_time: tx.blockTime,
          block_time_iso: new Date((tx.blockTime as number) * 1000).toISOString(),
          burn_block_time: tx.blockTime,
          burn_block_time_iso: new Date((tx.blockTime as number) * 1000).toISOString(),
          canonical: true,
          microblock_canonical: true,
          tx_index: 0,
          tx_result: { hex: tx.result === '(ok true)' ? '0x0703' : '0x08', repr: tx.result },
          event_count: tx.status === 'success' ? 1 : 0,
        }
      : {}),
    ...(tx.type === 'token_transfer' ? { token_transfer: { recipient_address: tx.recipient, amount: String(tx.amount), memo: memoHex(tx.memo) } } : {}),
    ...(tx.smartContract ? { smart_contract: { clarity_version: tx.smartContract.clarityVersion, contract_id: tx.smartContract.contractId, source_code: tx.smartContract.sourceCode } } : {}),
    ...(tx.contractCall ? { contract_call: { contract_id: tx.contractCall.contractId, function_name: tx.contractCall.functionName, function_signature: '(define-public (transfer (amount uint) (sender principal) (recipient principal) (memo (optional (buff 34)))))', function_args: tx.contractCall.args.map((a) => ({ hex: '0x', ...a })) } } : {}),
  }
}

/**
 * Starts the Stacks ledger behind the subset of the Stacks node API (`/v2/info`,
 * `/v2/accounts/{principal}`, `/v2/fees/transfer`, `/v2/contracts/source/{address}/{name}`, `POST /v2/fees/transaction`, `POST /v2/transactions`)
 * and of the Stacks blockchain API (`/extended/v1/tx/{txid}`, `/extended/v1/address/{principal}/balances`,
 * `/stx`, `/nonces`, `/transactions`) and of Hiro's token metadata API (`/metadata/v1/ft/{contract}`) that `@stacks/transactions` and wallets use, on 127.0.0.1, with
 * the shapes and errors those APIs answer (a refused broadcast: 400
 * `{ error: 'transaction rejected', reason, reason_data, txid }`).
 *
 * @param parameters port, chain id, version byte, fee rates, token, block interval
 * @returns the node
 * @example
 * const node = await startStacksNode({ port: 4708, chainId: 0x80000001, transactionVersion: 0x80, feeRate: 1n, feeRateTiers: [1n, 2n, 3n] })
 */
export async function startStacksNode({ port = 0, chainId, transactionVersion, feeRate, feeRateTiers, token, blockIntervalMs = 0 }: StartStacksNodeParameters): Promise<StacksNode> {
  const ledger = createStacksLedger({ chainId, transactionVersion, feeRate, ...(token ? { token } : {}) })

  function principalOf(raw: string | undefined): string {
    const principal = decodeURIComponent(raw ?? '')
    if (!principalPattern.test(principal)) throw new HttpFailure(400, { error: `invalid principal: ${principal.slice(0, 60)}` })
    return principal
  }

  async function route(request: IncomingMessage, url: URL): Promise<{ status: number; body: unknown }> {
    const path = url.pathname.replace(/\/+$/, '')
    const parts = path.split('/')
    if (request.method === 'GET' && path === '/v2/info') {
      const tip = ledger.tip()
      return {
        status: 200,
        body: {
          peer_version: 0xfacade01,
          pox_consensus: tip.hash.slice(0, 40),
          burn_block_height: tip.height + 100,
          stable_pox_consensus: tip.hash.slice(0, 40),
          stable_burn_block_height: tip.height + 99,
          server_version: 'portico-stacks-ledger (a verifying ledger for the Portico sandbox)',
          network_id: chainId,
          parent_network_id: transactionVersion === 0x80 ? 0x0b110907 : 0xd9b4bef9,
          stacks_tip_height: tip.height,
          stacks_tip: `0x${tip.hash}`,
          stacks_tip_consensus_hash: tip.hash.slice(0, 40),
          unanchored_tip: null,
          exit_at_block_height: null,
        },
      }
    }
    if (request.method === 'GET' && parts[1] === 'v2' && parts[2] === 'accounts' && parts.length === 4) {
      const account = ledger.account(principalOf(parts[3]))
      return { status: 200, body: { balance: u128Hex(account.ustx), locked: u128Hex(0n), unlock_height: 0, nonce: Number(account.nonce), balance_proof: '', nonce_proof: '' } }
    }
    if (request.method === 'GET' && path === '/v2/fees/transfer') return { status: 200, body: Number(feeRate) }
    // A deployed contract's source, as a node serves it (`/v2/contracts/source/{address}/{name}`).
    if (request.method === 'GET' && parts[1] === 'v2' && parts[2] === 'contracts' && parts[3] === 'source' && parts.length === 6) {
      const contractId = principalOf(`${parts[4]}.${parts[5]}`)
      const contract = ledger.contract(contractId)
      if (!contract) throw new HttpFailure(404, { error: `No contract source data found for ${contractId}` })
      return { status: 200, body: { source: contract.source, publish_height: contract.publishHeight, proof: '' } }
    }
    if (request.method === 'POST' && path === '/v2/fees/transaction') {
      let length = 180
      try {
        const body = JSON.parse((await readBody(request)).toString('utf8')) as { estimated_len?: unknown; transaction_payload?: unknown }
        if (typeof body.transaction_payload !== 'string' || !/^(0x)?[0-9a-fA-F]{2,4000}$/.test(body.transaction_payload)) throw new Error('transaction_payload')
        if (typeof body.estimated_len === 'number' && Number.isSafeInteger(body.estimated_len) && body.estimated_len > 0 && body.estimated_len < 100_000) length = body.estimated_len
      } catch {
        throw new HttpFailure(400, { error: 'Failed to parse fee estimate request: send JSON { transaction_payload: hex, estimated_len?: number }' })
      }
      return {
        status: 200,
        body: {
          estimated_cost: { write_length: 0, write_count: 0, read_length: 0, read_count: 0, runtime: 0 },
          estimated_cost_scalar: 1,
          cost_scalar_change_by_byte: 0,
          estimations: feeRateTiers.map((rate) => ({ fee_rate: Number(rate), fee: Number(rate * BigInt(length)) })),
        },
      }
    }
    if (request.method === 'POST' && path === '/v2/transactions') {
      const body = await readBody(request)
      let raw: Uint8Array
      const type = request.headers['content-type'] ?? ''
      if (type.includes('application/json')) {
        let hex: unknown
        try {
          hex = (JSON.parse(body.toString('utf8')) as { tx?: unknown }).tx
        } catch {
          hex = undefined
        }
        if (typeof hex !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(hex)) throw new HttpFailure(400, { error: 'transaction rejected', reason: 'Deserialization', reason_data: { message: 'send JSON { "tx": "<hex>" } or the raw bytes as application/octet-stream' } })
        raw = Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'))
      } else {
        raw = Uint8Array.from(body)
      }
      try {
        const record = ledger.submit(raw)
        return { status: 200, body: record.txid }
      } catch (error) {
        if (error instanceof StacksLedgerError) throw new HttpFailure(400, { error: 'transaction rejected', reason: error.reason, reason_data: error.reasonData ?? { message: error.detail }, ...(error.txid ? { txid: error.txid } : {}) })
        throw error
      }
    }
    // Hiro's token metadata API, for the SIP-010 token the ledger runs.
    if (request.method === 'GET' && parts[1] === 'metadata' && parts[2] === 'v1' && parts[3] === 'ft' && parts.length === 5) {
      const contract = principalOf(parts[4])
      if (!token || contract !== `${token.contractAddress}.${token.contractName}`) throw new HttpFailure(404, { error: 'Token not found' })
      return { status: 200, body: { name: token.name ?? token.contractName, symbol: token.symbol ?? token.assetName, decimals: token.decimals ?? 0, total_supply: null, token_uri: null, description: null, image_uri: null, contract_principal: contract, asset_identifier: ledger.tokenId } }
    }
    if (request.method === 'GET' && parts[1] === 'extended' && parts[2] === 'v1' && parts[3] === 'tx' && parts.length === 5) {
      const txid = parts[4] ?? ''
      if (!txidPattern.test(txid)) throw new HttpFailure(400, { error: `The tx_id is invalid: ${txid.slice(0, 80)}` })
      const tx = ledger.tx(txid)
      if (!tx) throw new HttpFailure(404, { error: `could not find transaction by ID ${txid}` })
      return { status: 200, body: txJson(tx) }
    }
    if (request.method === 'GET' && parts[1] === 'extended' && parts[2] === 'v1' && parts[3] === 'address' && parts.length === 6) {
      const principal = principalOf(parts[4])
      const account = ledger.account(principal)
      const stx = {
        balance: String(account.ustx),
        total_sent: String(account.sent),
        total_received: String(account.received),
        total_fees_sent: String(account.feesSent),
        total_miner_rewards_received: '0',
        lock_tx_id: '',
        locked: '0',
        lock_height: 0,
        burnchain_lock_height: 0,
        burnchain_unlock_height: 0,
      }
      switch (parts[5]) {
        case 'balances':
          return {
            status: 200,
            body: { stx, fungible_tokens: Object.fromEntries(account.tokens.map((t) => [t.id, { balance: String(t.balance), total_sent: String(t.sent), total_received: String(t.received) }])), non_fungible_tokens: {} },
          }
        case 'stx':
          return { status: 200, body: stx }
        case 'nonces':
          return {
            status: 200,
            body: {
              last_executed_tx_nonce: account.nonce > 0n ? Number(account.nonce - 1n) : null,
              last_mempool_tx_nonce: account.lastMempoolNonce === undefined ? null : Number(account.lastMempoolNonce),
              possible_next_nonce: Number(account.nextNonce),
              detected_missing_nonces: [],
              detected_mempool_nonces: [],
            },
          }
        case 'transactions': {
          const limit = Math.min(50, Math.max(1, Number(url.searchParams.get('limit') ?? 20) || 20))
          const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0)
          const confirmed = ledger.history(principal).filter((tx) => tx.blockHeight !== undefined)
          return { status: 200, body: { limit, offset, total: confirmed.length, results: confirmed.slice(offset, offset + limit).map(txJson) } }
        }
        default:
          break
      }
    }
    throw new HttpFailure(404, { error: `${request.method} ${path.slice(0, 100)} is not served by this Stacks ledger` })
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    // Any origin may read it, as Hiro's API and the other sandbox nodes allow: a site on another
    // origin using the exported `stacksLocalnet` reads balances and fees from the page (issue 46).
    const cors = { 'access-control-allow-origin': '*' }
    const send = (status: number, body: unknown) => {
      if (response.headersSent) return
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...cors })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'OPTIONS') {
      // The preflight of a POST with a JSON or octet-stream body (fee estimates, broadcasts).
      response.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' })
      response.end()
      return
    }
    let url: URL
    try {
      url = new URL(request.url ?? '/', 'http://127.0.0.1')
    } catch {
      send(400, { error: 'bad URL' })
      return
    }
    route(request, url).then(
      ({ status, body }) => send(status, body),
      (error: unknown) => {
        if (error instanceof HttpFailure) send(error.status, error.body)
        else send(500, { error: (error as Error).message?.slice(0, 300) ?? 'internal error' })
      },
    )
  }

  const server = createServer(handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError({ port, what: 'the Stacks node API', cause: error }) : error))
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const timer = blockIntervalMs > 0 ? setInterval(() => ledger.mine(), blockIntervalMs) : undefined
  timer?.unref?.()
  const actualPort = (server.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    ledger,
    mine: () => void ledger.mine(),
    stop: () => {
      if (timer) clearInterval(timer)
      stopped ??= new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopped
    },
  }
}
