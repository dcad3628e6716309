import { type Address, type Hex, type LocalAccount, createClient, custom, decodeErrorResult, defineChain, hexToBigInt, isAddress, isAddressEqual, isHex, numberToHex } from 'viem'
import { type UserOperationReceipt, createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'

import type { DevWalletChain } from './createDevWalletProvider.js'
import { ProviderRpcError, providerErrorMessages } from './ProviderRpcError.js'
import { type SimpleAccount, toSimpleAccount } from './toSimpleAccount.js'

/** A chain as the calls module needs it: the wallet's own chain record (`bundlerUrl`, `paymasterUrl`). */
export type DevWalletCallsChain = DevWalletChain

/** Where the dev wallet's SimpleAccount comes from. */
export type DevWalletSmartAccountConfig = { factory: Address; entryPoint: Address }

export type DevWalletCallsContext = {
  owner: LocalAccount
  smartAccount: DevWalletSmartAccountConfig
  fetch: typeof fetch
  findChain(chainId: number): DevWalletCallsChain | undefined
  rpc(chain: DevWalletCallsChain, method: string, params: unknown): Promise<unknown>
  /** Sends one EOA transaction on `chain` (already approved). */
  sendEoaTransaction(chain: DevWalletCallsChain, tx: { to: Address; data?: Hex; value?: bigint }): Promise<Hex>
  /** Throws 4001 in reject mode. */
  approve(method: string): void
  notify(): void
}

/** How long `eth_sendTransaction` from the smart account waits for its user operation's receipt. */
export const userOperationReceiptTimeoutMs = 60_000

/** Why the smart account answers `personal_sign` / `eth_signTypedData_v4` with 4200 (contract §4). */
export const smartAccountCannotSignMessage =
  "The dev wallet's smart account cannot sign messages (SimpleAccount v0.7 has no ERC-1271); switch to the EOA to sign"

/** Most calls one batch may carry (more → 5740). */
export const maxCallsPerBatch = 20

type Batch = { id: string; chainId: number; from: Address; kind: 'userOperation' | 'sequential'; hashes: Hex[]; bundlerUrl?: string }
type CallsStatus = { version: '2.0.0'; id: string; chainId: Hex; atomic: boolean; status: 100 | 200 | 500 | 600; receipts: unknown[] }

const known = new Set(['paymasterService', 'atomic'])

function fail(code: keyof typeof providerErrorMessages, message?: string): never {
  throw new ProviderRpcError(code, message ?? providerErrorMessages[code])
}
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** JSON-RPC over `fetch` to `url`, as a viem transport. */
function jsonRpcTransport(doFetch: typeof fetch, url: string, label: string) {
  let id = 0
  return custom(
    {
      async request({ method, params }) {
        let response: Response
        try {
          response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }) })
        } catch (error) {
          throw new ProviderRpcError(-32603, `Could not reach the ${label}: ${(error as Error).message}`)
        }
        let body: unknown
        try {
          body = await response.json()
        } catch {
          throw new ProviderRpcError(-32603, `The ${label} answered HTTP ${response.status} without JSON.`)
        }
        if (isRecord(body) && isRecord(body.error)) {
          throw Object.assign(new Error(typeof body.error.message === 'string' ? body.error.message : 'RPC error'), {
            code: typeof body.error.code === 'number' ? body.error.code : -32603,
            data: body.error.data,
            answeredBy: label,
          })
        }
        if (!isRecord(body) || !('result' in body)) throw new ProviderRpcError(-32603, `The ${label} answered HTTP ${response.status} without a JSON-RPC result.`)
        return body.result
      },
    },
    { retryCount: 0 },
  )
}

/** ` (reverted: "…")` when `message` carries an ABI-encoded `Error(string)` (bundlers quote the revert data raw), else ''. */
function revertReason(message: string): string {
  const data = /0x08c379a0[0-9a-fA-F]*/.exec(message)?.[0]
  if (!data) return ''
  try {
    const { args } = decodeErrorResult({ abi: [], data: data as Hex })
    return typeof args?.[0] === 'string' ? ` (reverted: ${JSON.stringify(args[0])})` : ''
  } catch {
    return ''
  }
}

/**
 * The error a bundler or paymaster service answered (the innermost error in viem's `cause` chain
 * that carries a JSON-RPC code), as a ProviderRpcError that keeps its code and names who refused.
 */
function toUserOperationError(error: unknown): ProviderRpcError {
  let answer: { code: number; message: string; data?: unknown; answeredBy?: string } | undefined
  let current: unknown = error
  for (let i = 0; i < 12 && current; i++) {
    if (current instanceof ProviderRpcError) return current
    const c = current as { code?: unknown; message?: unknown; data?: unknown; answeredBy?: unknown; cause?: unknown }
    if (typeof c.answeredBy === 'string' && typeof c.code === 'number') answer = { code: c.code, message: String(c.message), data: c.data, answeredBy: c.answeredBy }
    current = c.cause
  }
  if (answer) return new ProviderRpcError(answer.code, `The ${answer.answeredBy} refused the user operation: ${answer.message}${revertReason(answer.message)}`, answer.data)
  const e = error as { shortMessage?: unknown; message?: unknown }
  return new ProviderRpcError(-32603, `The user operation failed: ${String(typeof e?.shortMessage === 'string' ? e.shortMessage : e?.message ?? error)}`)
}

function randomId(): Hex {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

function parseHexChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(value)) fail(-32602, `Invalid chainId ${JSON.stringify(value)?.slice(0, 40)}: expected a hex string such as "0x7a69".`)
  return Number(hexToBigInt(value as Hex))
}

/**
 * The dev wallet's EIP-5792 methods (docs/guides/smart-accounts.md §4): `wallet_getCapabilities`,
 * `wallet_sendCalls`, `wallet_getCallsStatus` and `wallet_showCallsStatus`, for its EOA (calls one
 * by one) and for the SimpleAccount the EOA owns (one user operation through the server's bundler
 * route, sponsored by an ERC-7677 paymaster service when the request names one). Errors carry the
 * EIP-5792 codes 5700, 5710, 5720, 5730, 5740, 5760 and 4100. It also sends the smart account's
 * `eth_sendTransaction` as one user operation (`sendTransaction`).
 *
 * @param context the owner key, the smart account's contracts and the wallet's chain plumbing
 * @returns the four methods, the smart account's address and what the panel shows
 * @example
 * const calls = createDevWalletCalls({ owner, smartAccount: { factory, entryPoint }, fetch, findChain, rpc, sendEoaTransaction, approve, notify })
 */
export function createDevWalletCalls(context: DevWalletCallsContext) {
  const { owner } = context
  const batches = new Map<string, Batch>()
  const usedIds = new Set<string>()
  let shown: Batch | undefined
  let shownStatus: CallsStatus | undefined
  let address: Promise<Address> | undefined

  const readClient = (chain: DevWalletCallsChain) =>
    createClient({
      chain: defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } }),
      transport: custom({ request: ({ method, params }) => context.rpc(chain, method, params) }, { retryCount: 0 }),
    })

  async function smartAccount(chain: DevWalletCallsChain): Promise<SimpleAccount> {
    return toSimpleAccount({ client: readClient(chain), owner, factory: context.smartAccount.factory, entryPoint: context.smartAccount.entryPoint, address: await smartAccountAddress(chain) })
  }

  /** `factory.getAddress(owner, 0)`: the same on every devnet (same factory address and code). */
  function smartAccountAddress(chain: DevWalletCallsChain): Promise<Address> {
    address ??= toSimpleAccount({ client: readClient(chain), owner, factory: context.smartAccount.factory, entryPoint: context.smartAccount.entryPoint })
      .then((a) => a.getAddress())
      .catch((error: unknown) => {
        address = undefined
        throw error
      })
    return address
  }

  async function isDeployed(chain: DevWalletCallsChain): Promise<boolean> {
    const code = await context.rpc(chain, 'eth_getCode', [await smartAccountAddress(chain), 'latest'])
    return typeof code === 'string' && code !== '0x' && code !== '0x0'
  }

  /** The smart account on `chain` and a bundler client for it (the server's route), sponsored by `paymaster` when given. */
  async function bundlerFor(chain: DevWalletCallsChain, paymaster: string | undefined) {
    const account = await smartAccount(chain)
    const bundler = createBundlerClient({
      account,
      client: readClient(chain),
      transport: jsonRpcTransport(context.fetch, chain.bundlerUrl as string, `bundler of ${chain.name}`),
      ...(paymaster ? { paymaster: createPaymasterClient({ transport: jsonRpcTransport(context.fetch, paymaster, 'paymaster service') }) } : {}),
    })
    return { account, bundler }
  }

  /**
   * `eth_sendTransaction` from the smart account: one user operation (`execute(to, value, data)`)
   * through the server's bundler route, sponsored by the chain's paymaster service when it has one,
   * after approval (reject mode → 4001). Waits for the user operation's receipt and answers the
   * hash of the bundle transaction that carried it, also when the call inside reverted (the chain
   * shows that); a bundler or paymaster error → its code and message, naming who refused.
   */
  async function sendTransaction(chain: DevWalletCallsChain, call: { to: Address; data?: Hex | undefined; value?: bigint | undefined }): Promise<Hex> {
    if (!chain.bundlerUrl) fail(4100, `The smart account has no bundler on ${chain.name}; switch to a sandbox devnet, or to the EOA.`)
    context.approve('eth_sendTransaction')
    let receipt: UserOperationReceipt
    try {
      const { bundler } = await bundlerFor(chain, chain.paymasterUrl)
      const hash = await bundler.sendUserOperation({ calls: [{ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }] })
      receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 200, timeout: userOperationReceiptTimeoutMs })
    } catch (error) {
      if ((error as { name?: unknown })?.name === 'WaitForUserOperationReceiptTimeoutError') {
        throw new ProviderRpcError(-32603, `The bundler of ${chain.name} did not include the user operation within ${userOperationReceiptTimeoutMs / 1000} s.`)
      }
      throw toUserOperationError(error)
    }
    return receipt.receipt.transactionHash
  }

  /** Whether `value` is the smart account's address (false for anything else, also when it cannot be computed). */
  async function isSmartAccount(value: unknown, chain: DevWalletCallsChain): Promise<boolean> {
    if (typeof value !== 'string' || !isAddress(value, { strict: false }) || isAddressEqual(value as Address, owner.address)) return false
    try {
      return isAddressEqual(value as Address, await smartAccountAddress(chain))
    } catch {
      return false
    }
  }

  /** Which of the wallet's accounts `value` is. */
  async function whose(value: unknown, chain: DevWalletCallsChain | undefined): Promise<'eoa' | 'smartAccount'> {
    if (typeof value !== 'string' || !isAddress(value, { strict: false })) fail(-32602, 'Invalid address: expected an EVM address.')
    if (isAddressEqual(value as Address, owner.address)) return 'eoa'
    if (chain && isAddressEqual(value as Address, await smartAccountAddress(chain))) return 'smartAccount'
    fail(4100, `The account ${value} is not an account of this wallet.`)
  }

  function chainsWithBundler(all: readonly DevWalletCallsChain[]): DevWalletCallsChain[] {
    return all.filter((c) => c.bundlerUrl !== undefined)
  }

  async function getCapabilities(params: unknown, all: readonly DevWalletCallsChain[]): Promise<Record<Hex, unknown>> {
    if (!Array.isArray(params) || params.length < 1) fail(-32602, 'wallet_getCapabilities expects [address, chainIds?].')
    const [who, ids] = params as [unknown, unknown]
    if (ids !== undefined && (!Array.isArray(ids) || ids.length > 100)) fail(-32602, 'wallet_getCapabilities: chainIds must be an array of hex chain ids.')
    const wanted = ids === undefined ? undefined : new Set((ids as unknown[]).map(parseHexChainId))
    const type = await whose(who, chainsWithBundler(all)[0])
    const result: Record<Hex, unknown> = {}
    for (const chain of type === 'smartAccount' ? chainsWithBundler(all) : all) {
      if (wanted && !wanted.has(chain.chainId)) continue
      result[numberToHex(chain.chainId)] = type === 'smartAccount' ? { atomic: { status: 'supported' }, paymasterService: { supported: true } } : { atomic: { status: 'unsupported' } }
    }
    return result
  }

  async function sendCalls(params: unknown, active: { type: 'eoa' | 'smartAccount' }): Promise<{ id: string }> {
    const request = Array.isArray(params) ? params[0] : undefined
    if (!isRecord(request)) fail(-32602, 'wallet_sendCalls expects [{ version, chainId, from, calls, atomicRequired, capabilities? }].')
    if (request.version !== '2.0.0' && request.version !== '1.0') fail(-32602, `wallet_sendCalls: version must be "2.0.0", got ${JSON.stringify(request.version)?.slice(0, 20)}.`)
    const chain = context.findChain(parseHexChainId(request.chainId))
    if (!chain) fail(5710, `The Portico Dev Wallet does not know chain ${String(request.chainId)}.`)
    const type = request.from === undefined || request.from === null ? active.type : await whose(request.from, chain.bundlerUrl ? chain : undefined)
    if (type === 'smartAccount' && !chain.bundlerUrl) fail(5710, `The smart account has no bundler on ${chain.name}.`)
    const calls = request.calls
    if (!Array.isArray(calls) || calls.length === 0) fail(-32602, 'wallet_sendCalls: calls must be a non-empty array.')
    if (calls.length > maxCallsPerBatch) fail(5740, `The Portico Dev Wallet sends at most ${maxCallsPerBatch} calls in one batch, got ${calls.length}.`)
    const parsed = calls.map((call, index) => {
      if (!isRecord(call)) fail(-32602, `wallet_sendCalls: calls[${index}] must be an object.`)
      if (typeof call.to !== 'string' || !isAddress(call.to, { strict: false })) fail(-32602, `wallet_sendCalls: calls[${index}].to must be an address.`)
      if (call.data !== undefined && (typeof call.data !== 'string' || !isHex(call.data))) fail(-32602, `wallet_sendCalls: calls[${index}].data must be hex.`)
      if (call.value !== undefined && (typeof call.value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(call.value))) fail(-32602, `wallet_sendCalls: calls[${index}].value must be a hex quantity.`)
      return { to: call.to as Address, ...(call.data ? { data: call.data as Hex } : {}), ...(call.value ? { value: hexToBigInt(call.value as Hex) } : {}) }
    })
    if (request.id !== undefined && (typeof request.id !== 'string' || request.id.length === 0 || request.id.length > 4096)) fail(-32602, 'wallet_sendCalls: id must be a non-empty string.')
    const id = request.id as string | undefined
    if (id !== undefined && (usedIds.has(id) || batches.has(id))) fail(5720, `A batch with id ${id.slice(0, 80)} was already sent.`)
    const capabilities = request.capabilities === undefined ? {} : request.capabilities
    if (!isRecord(capabilities)) fail(-32602, 'wallet_sendCalls: capabilities must be an object.')
    for (const [name, value] of Object.entries(capabilities)) {
      const optional = isRecord(value) && value.optional === true
      const supported = type === 'smartAccount' ? known.has(name) : name === 'atomic'
      if (!supported && !optional) fail(5700, `The Portico Dev Wallet does not support the capability "${name.slice(0, 64)}" for this account.`)
    }
    for (const [index, call] of calls.entries()) {
      const caps = (call as Record<string, unknown>).capabilities
      if (isRecord(caps)) {
        for (const [name, value] of Object.entries(caps)) if (!(isRecord(value) && value.optional === true)) fail(5700, `calls[${index}] requires the capability "${name.slice(0, 64)}", which the Portico Dev Wallet does not support.`)
      }
    }
    const paymaster = type === 'smartAccount' && isRecord(capabilities.paymasterService) ? capabilities.paymasterService.url : undefined
    if (paymaster !== undefined && (typeof paymaster !== 'string' || !/^https?:\/\//.test(paymaster))) fail(-32602, 'wallet_sendCalls: capabilities.paymasterService.url must be an http(s) URL.')
    if (type === 'eoa' && request.atomicRequired === true) fail(5760, 'The EOA cannot send these calls atomically; switch the Portico Dev Wallet to its smart account.')

    context.approve('wallet_sendCalls')
    if (id !== undefined) usedIds.add(id)
    if (type === 'eoa') {
      // The wallet's own id (contract §4), whatever id the site gave.
      const batch: Batch = { id: randomId(), chainId: chain.chainId, from: owner.address, kind: 'sequential', hashes: [] }
      batches.set(batch.id, batch)
      for (const call of parsed) batch.hashes.push(await context.sendEoaTransaction(chain, call))
      return { id: batch.id }
    }
    let sent: { account: { address: Address }; hash: Hex }
    try {
      const { account, bundler } = await bundlerFor(chain, paymaster as string | undefined)
      sent = { account, hash: await bundler.sendUserOperation({ calls: parsed }) }
    } catch (error) {
      // Who refused and why (the bundler's simulation, the paymaster), not viem's "unknown RPC error".
      throw toUserOperationError(error)
    }
    const { account, hash } = sent
    const batch: Batch = { id: hash, chainId: chain.chainId, from: account.address, kind: 'userOperation', hashes: [hash], bundlerUrl: chain.bundlerUrl as string }
    batches.set(hash, batch)
    return { id: hash }
  }

  function findBatch(params: unknown): Batch {
    const id = Array.isArray(params) ? params[0] : undefined
    if (typeof id !== 'string') fail(-32602, 'Expected [id].')
    const batch = batches.get(id)
    if (!batch) fail(5730, `The Portico Dev Wallet sent no batch with id ${id.slice(0, 80)}.`)
    return batch
  }

  async function status(batch: Batch): Promise<CallsStatus> {
    const chain = context.findChain(batch.chainId)
    const base = { version: '2.0.0' as const, id: batch.id, chainId: numberToHex(batch.chainId), atomic: batch.kind === 'userOperation' }
    if (!chain) return { ...base, status: 100, receipts: [] }
    const toReceipt = (r: Record<string, unknown>) => ({ logs: r.logs, status: r.status, blockHash: r.blockHash, blockNumber: r.blockNumber, gasUsed: r.gasUsed, transactionHash: r.transactionHash })
    if (batch.kind === 'userOperation') {
      const transport = jsonRpcTransport(context.fetch, batch.bundlerUrl as string, `bundler of ${chain.name}`)({ retryCount: 0 })
      const receipt = (await transport.request({ method: 'eth_getUserOperationReceipt', params: [batch.id] } as never)) as Record<string, unknown> | null
      if (!receipt) return { ...base, status: 100, receipts: [] }
      return { ...base, status: receipt.success === true ? 200 : 500, receipts: isRecord(receipt.receipt) ? [toReceipt(receipt.receipt)] : [] }
    }
    const receipts = (await Promise.all(batch.hashes.map((h) => context.rpc(chain, 'eth_getTransactionReceipt', [h])))) as (Record<string, unknown> | null)[]
    if (receipts.some((r) => !r)) return { ...base, status: 100, receipts: receipts.filter(Boolean).map((r) => toReceipt(r as Record<string, unknown>)) }
    const ok = receipts.filter((r) => r?.status === '0x1').length
    return { ...base, status: ok === receipts.length ? 200 : ok === 0 ? 500 : 600, receipts: receipts.map((r) => toReceipt(r as Record<string, unknown>)) }
  }

  return {
    getCapabilities,
    sendCalls,
    async getCallsStatus(params: unknown): Promise<CallsStatus> {
      return status(findBatch(params))
    },
    async showCallsStatus(params: unknown): Promise<null> {
      shown = findBatch(params)
      shownStatus = undefined
      context.notify()
      shownStatus = await status(shown).catch(() => undefined)
      context.notify()
      return null
    },
    sendTransaction,
    isSmartAccount,
    smartAccountAddress,
    isDeployed,
    /** The batch `wallet_showCallsStatus` asked to show, as one line for the panel. */
    shownBatch(): string | undefined {
      if (!shown) return undefined
      const label = shownStatus ? ({ 100: 'pending', 200: 'confirmed', 500: 'failed', 600: 'partly failed' } as const)[shownStatus.status] : 'checking…'
      return `Batch ${shown.id.slice(0, 10)}… (${shown.hashes.length === 1 && shown.kind === 'userOperation' ? 'one user operation' : `${shown.hashes.length} transactions`}): ${label}`
    },
  }
}

export type DevWalletCalls = ReturnType<typeof createDevWalletCalls>
