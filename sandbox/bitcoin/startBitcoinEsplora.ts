import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { bytesToHex } from '@noble/hashes/utils.js'

import { PortInUseError } from '../devnets/errors.js'
import { BitcoinLedgerError } from './BitcoinLedgerError.js'
import { regtestFeeEstimates } from './bitcoinSandboxChain.js'
import { type BitcoinLedger, createBitcoinLedger } from './createBitcoinLedger.js'
import { esploraAddress, esploraTransaction } from './esploraJson.js'

/** A running regtest ledger behind an Esplora-style REST API on 127.0.0.1. */
export type BitcoinEsplora = {
  port: number
  /** `http://127.0.0.1:<port>/api`, the base an Esplora client is given. */
  apiUrl: string
  ledger: BitcoinLedger
  /** Stops mining and closes the port; calling it twice is harmless. */
  stop(): Promise<void>
}

export type StartBitcoinEsploraParameters = {
  /** The port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number
  /** A block is mined this often (ms) when the mempool is not empty; 0 mines only on `ledger.mine()` and faucet payments. Default 3000. */
  blockIntervalMs?: number
}

const maxBodyBytes = 400_000
const txidPattern = /^[0-9a-f]{64}$/
/** Esplora's page sizes for `/address/:a/txs`: confirmed transactions per page, and the most mempool ones listed. */
export const esploraChainPage = 25
const esploraMempoolPage = 50

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        reject(new HttpFailure(413, 'Transaction too large'))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/**
 * Starts the sandbox's Bitcoin regtest chain: a {@link createBitcoinLedger} ledger served over the
 * Esplora REST subset wallets and SDKs use — `GET /api/blocks/tip/height`, `/api/blocks/tip/hash`,
 * `/api/address/:a`, `/api/address/:a/utxo`, `/api/address/:a/txs` (mempool then 25 confirmed),
 * `/api/address/:a/txs/chain[/:last_seen_txid]` (25 confirmed at a time), `/api/address/:a/txs/mempool`, `/api/tx/:txid`,
 * `/api/tx/:txid/status`, `/api/tx/:txid/hex`, `/api/tx/:txid/outspend/:vout`, `/api/fee-estimates`
 * and `POST /api/tx` (raw hex in, txid out). Errors answer like Esplora: 400 with a plain-text
 * message, `sendrawtransaction RPC error: {"code":…,"message":"…"}` for refused transactions.
 *
 * @param parameters the port and block interval
 * @returns the running chain
 * @throws PortInUseError when the port is taken
 * @example
 * const bitcoin = await startBitcoinEsplora({ port: 4704 })
 * await fetch(`${bitcoin.apiUrl}/blocks/tip/height`)
 */
export async function startBitcoinEsplora({ port = 0, blockIntervalMs = 3_000 }: StartBitcoinEsploraParameters = {}): Promise<BitcoinEsplora> {
  const ledger = createBitcoinLedger()

  const route = async (request: IncomingMessage): Promise<{ status?: number; json?: unknown; text?: string }> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const parts = url.pathname.split('/').filter(Boolean)
    if (parts[0] !== 'api') throw new HttpFailure(404, 'Not found')
    const [, first, second, third, fourth] = parts
    if (request.method === 'POST') {
      if (first === 'tx' && parts.length === 2) {
        const hex = (await readBody(request)).trim()
        try {
          return { text: ledger.submit(hex) }
        } catch (error) {
          if (error instanceof BitcoinLedgerError) throw new HttpFailure(400, `sendrawtransaction RPC error: ${JSON.stringify({ code: error.rpcCode, message: error.reason })}`)
          throw error
        }
      }
      throw new HttpFailure(404, 'Not found')
    }
    if (request.method !== 'GET') throw new HttpFailure(405, 'Method not allowed')
    if (first === 'blocks' && second === 'tip' && parts.length === 4) {
      if (third === 'height') return { text: String(ledger.tipHeight()) }
      if (third === 'hash') return { text: ledger.tipHash() }
    }
    if (first === 'fee-estimates' && parts.length === 2) return { json: regtestFeeEstimates }
    if (first === 'address' && second !== undefined && parts.length <= 6) {
      const address = decodeURIComponent(second)
      let script: Uint8Array
      try {
        script = ledger.scriptOf(address)
      } catch {
        throw new HttpFailure(400, 'Invalid Bitcoin address')
      }
      if (parts.length === 3) return { json: esploraAddress(ledger, address, script) }
      if (third === 'utxo')
        return {
          json: ledger.utxos(script).map((u) => {
            const entry = ledger.transaction(u.txid)
            return { txid: u.txid, vout: u.vout, status: entry ? ledger.status(entry) : { confirmed: false }, value: Number(u.value) }
          }),
        }
      if (third === 'txs') {
        const all = ledger.history(script)
        const pending = all.filter((entry) => !entry.block)
        const confirmed = all.filter((entry) => entry.block)
        const json = (list: typeof all) => ({ json: list.map((entry) => esploraTransaction(ledger, entry)) })
        // Esplora's paging: the mempool (up to 50) then 25 confirmed; `chain[/:last_seen_txid]` pages 25 confirmed at a time.
        if (parts.length === 4) return json([...pending.slice(0, esploraMempoolPage), ...confirmed.slice(0, esploraChainPage)])
        if (fourth === 'mempool' && parts.length === 5) return json(pending.slice(0, esploraMempoolPage))
        if (fourth === 'chain') {
          const last = parts[5]
          if (last === undefined) return json(confirmed.slice(0, esploraChainPage))
          if (!txidPattern.test(last)) throw new HttpFailure(400, 'Invalid hex string')
          const at = confirmed.findIndex((entry) => entry.txid === last)
          return json(at < 0 ? [] : confirmed.slice(at + 1, at + 1 + esploraChainPage))
        }
      }
    }
    if (first === 'tx' && second !== undefined) {
      if (!txidPattern.test(second)) throw new HttpFailure(400, 'Invalid hex string')
      const entry = ledger.transaction(second)
      if (!entry) throw new HttpFailure(404, 'Transaction not found')
      if (parts.length === 3) return { json: esploraTransaction(ledger, entry) }
      if (parts.length === 4 && third === 'status') return { json: ledger.status(entry) }
      if (parts.length === 4 && third === 'hex') return { text: bytesToHex(entry.raw) }
      if (parts.length === 5 && third === 'outspend' && fourth !== undefined && /^\d{1,6}$/.test(fourth)) {
        const vout = Number(fourth)
        if (vout >= entry.tx.outputsLength) throw new HttpFailure(404, 'Output not found')
        const spender = ledger.spender(entry.txid, vout)
        if (!spender) return { json: { spent: false } }
        let vin = 0
        for (; vin < spender.tx.inputsLength; vin++) {
          const input = spender.tx.getInput(vin)
          if (bytesToHex(input.txid as Uint8Array) === entry.txid && input.index === vout) break
        }
        return { json: { spent: true, txid: spender.txid, vin, status: ledger.status(spender) } }
      }
    }
    throw new HttpFailure(404, 'Not found')
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    route(request).then(
      ({ status = 200, json, text }) => {
        const body = json === undefined ? (text ?? '') : JSON.stringify(json)
        response.writeHead(status, {
          'content-type': json === undefined ? 'text/plain; charset=utf-8' : 'application/json',
          'access-control-allow-origin': '*',
          'cache-control': 'no-store',
        })
        response.end(body)
      },
      (error: unknown) => {
        const status = error instanceof HttpFailure ? error.status : 500
        const message = error instanceof HttpFailure ? error.message : 'Internal error'
        response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*' })
        response.end(message)
      },
    )
  }

  const server = createServer(handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError({ port, what: 'the Bitcoin regtest Esplora API', cause: error }) : error),
    )
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  const timer = blockIntervalMs > 0 ? setInterval(() => ledger.hasMempool() && ledger.mine(), blockIntervalMs) : undefined
  timer?.unref()
  let stopped: Promise<void> | undefined
  return {
    port: actualPort,
    apiUrl: `http://127.0.0.1:${actualPort}/api`,
    ledger,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        if (timer) clearInterval(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopped
    },
  }
}
