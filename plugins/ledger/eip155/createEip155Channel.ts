import {
  createPublicClient,
  hashDomain,
  hashStruct,
  http,
  isAddress,
  isHex,
  numberToHex,
  serializeTransaction,
  stringToHex,
  type Hex,
  type PublicClient,
  type TypedDataDomain,
  type TypedDataParameter,
} from 'viem'
import { ProviderRpcError, type CaipNetworkId, type ConnectionChannel, type Network } from '../../../kernel/kernel.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import { ethApp } from './ethApp.js'
import { toLedgerPath } from '../utils/derivationPaths.js'
import { invalidParams, readTransaction, type LedgerTransactionInput } from './readTransaction.js'

/** The eip155 methods a Ledger connection answers (docs/guides/hardware-wallets.md §2). */
export const eip155LedgerMethods = ['eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'] as const

export type Eip155ChannelParameters = {
  device: LedgerDevice
  /** The chosen account's path (`m/44'/60'/1'/0/0`) and address. */
  path: string
  address: string
  /** The configured eip155 networks. */
  networks: () => readonly Network[]
  /** A public client for a network (default: viem over its first RPC URL). Tests hand in their own. */
  publicClient?: (network: Network) => Pick<PublicClient, 'getTransactionCount' | 'estimateGas' | 'estimateFeesPerGas' | 'getGasPrice' | 'sendRawTransaction'>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function chainNumberOf(chainId: CaipNetworkId): number {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(chainId)
  if (!match?.[1]) throw invalidParams(`Expected an eip155 chain id, got ${String(chainId).slice(0, 60)}`)
  return Number(match[1])
}

function ownAddress(value: unknown, own: string, what: string): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }) || value.toLowerCase() !== own.toLowerCase()) throw invalidParams(`${what} must be the Ledger account ${own}`)
}

/** `0x` r ‖ s ‖ v from the device's answer. */
function joinSignature({ r, s, v }: { r: string; s: string; v: number }): Hex {
  return `0x${r.padStart(64, '0')}${s.padStart(64, '0')}${v.toString(16).padStart(2, '0')}`
}

/** The EIP-7623 floor: a transaction's gas may not be below 21000 + 10 per calldata token (a non-zero byte is 4 tokens). */
export function calldataFloorGas(data: Hex | undefined): bigint {
  if (!data) return 21_000n
  let tokens = 0n
  for (let i = 2; i < data.length; i += 2) tokens += data.slice(i, i + 2) === '00' ? 1n : 4n
  return 21_000n + 10n * tokens
}

/**
 * The Ledger connection's channel for eip155 (docs/guides/hardware-wallets.md §2): accounts and
 * chain id answered here, `personal_sign` (`E0 08`), `eth_signTypedData_v4` (domain and message
 * hashed with viem, `E0 0C`) and `eth_sendTransaction` (nonce, gas with a 20 % margin and at
 * least the EIP-7623 calldata floor, EIP-1559 fees from the network's RPC; serialised, signed
 * with `signTransaction(path, raw, null)` so nothing leaves the page, then broadcast).
 * Bad params fail -32602 before the device is asked.
 *
 * @example
 * const channel = createEip155Channel({ device, path, address, networks: () => networks })
 * await channel.request({ method: 'personal_sign', params: ['0x68656c6c6f', address], chainId: 'eip155:1' })
 */
export function createEip155Channel({ device, path, address, networks, publicClient }: Eip155ChannelParameters): ConnectionChannel {
  const ledgerPath = toLedgerPath(path)
  const clientFor = (chainId: CaipNetworkId) => {
    const network = networks().find((n) => n.caipNetworkId === chainId)
    const url = network?.rpcUrls.default.http[0]
    if (!network || !url) throw invalidParams(`No configured network ${String(chainId).slice(0, 60)}`)
    return publicClient ? publicClient(network) : createPublicClient({ transport: http(url, { retryCount: 0 }) })
  }

  async function sendTransaction(input: LedgerTransactionInput, chainId: CaipNetworkId): Promise<Hex> {
    const chainNumber = chainNumberOf(chainId)
    const client = clientFor(chainId)
    const from = address as Hex
    const call = { account: from, ...(input.to ? { to: input.to } : {}), ...(input.data ? { data: input.data } : {}), ...(input.value !== undefined ? { value: input.value } : {}) }
    let filled: { nonce: number; gas: bigint; fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint } }
    try {
      const [nonce, estimated, fees] = await Promise.all([
        input.nonce ?? client.getTransactionCount({ address: from, blockTag: 'pending' }),
        input.gas ?? client.estimateGas(call),
        input.gasPrice !== undefined
          ? { gasPrice: input.gasPrice }
          : input.maxFeePerGas !== undefined && input.maxPriorityFeePerGas !== undefined
            ? { maxFeePerGas: input.maxFeePerGas, maxPriorityFeePerGas: input.maxPriorityFeePerGas }
            : client.estimateFeesPerGas({ type: 'eip1559' } as never).then((f) => ({ maxFeePerGas: f.maxFeePerGas as bigint, maxPriorityFeePerGas: f.maxPriorityFeePerGas as bigint })),
      ])
      // A margin over the estimate, and never under the calldata floor (a node may accept such a transaction and drop it).
      const floor = calldataFloorGas(input.data)
      const gas = input.gas ?? (estimated * 12n) / 10n
      filled = { nonce, gas: gas < floor ? floor : gas, fees }
    } catch (cause) {
      throw new ProviderRpcError({ code: -32603, message: `The transaction could not be prepared: ${shortReason(cause)}`, cause })
    }
    const base = { chainId: chainNumber, nonce: filled.nonce, gas: filled.gas, ...(input.to ? { to: input.to } : {}), ...(input.data ? { data: input.data } : {}), ...(input.value !== undefined ? { value: input.value } : {}) }
    const unsigned = 'gasPrice' in filled.fees ? { ...base, type: 'legacy' as const, gasPrice: filled.fees.gasPrice } : { ...base, type: 'eip1559' as const, ...filled.fees }
    const raw = serializeTransaction(unsigned)
    const signature = await device.run({ app: 'Ethereum', withData: input.data !== undefined }, (transport) => ethApp(transport).signTransaction(ledgerPath, raw.slice(2), null))
    const r = `0x${signature.r.padStart(64, '0')}` as Hex
    const s = `0x${signature.s.padStart(64, '0')}` as Hex
    const v = BigInt(`0x${signature.v || '0'}`)
    const signed = unsigned.type === 'legacy' ? serializeTransaction(unsigned, { r, s, v }) : serializeTransaction(unsigned, { r, s, yParity: Number(v % 2n) })
    try {
      return await client.sendRawTransaction({ serializedTransaction: signed })
    } catch (cause) {
      throw new ProviderRpcError({ code: -32603, message: `The transaction was not accepted: ${shortReason(cause)}`, cause })
    }
  }

  return {
    chains: () => networks().map((n) => n.caipNetworkId as CaipNetworkId),
    supports: (method) => (eip155LedgerMethods as readonly string[]).includes(method),
    async request({ method, params, chainId }) {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [address]
        case 'eth_chainId':
          return numberToHex(chainNumberOf(chainId))
        case 'wallet_switchEthereumChain': {
          const arg = Array.isArray(params) ? params[0] : undefined
          const raw = isRecord(arg) ? arg.chainId : undefined
          if (typeof raw !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]{0,13}$/.test(raw)) throw invalidParams('wallet_switchEthereumChain expects [{ chainId: hex }]')
          // A Ledger signs for any chain: the page moves, nothing is asked of the device.
          return null
        }
        case 'personal_sign': {
          if (!Array.isArray(params) || params.length < 2) throw invalidParams('personal_sign expects [message, address]')
          const [message, signer] = params as [unknown, unknown]
          if (typeof message !== 'string' || message.length > 2_000_000) throw invalidParams('personal_sign: the message must be a string (hex or text)')
          ownAddress(signer, address, 'personal_sign address')
          const hex = isHex(message) && message.length % 2 === 0 ? message : stringToHex(message)
          return joinSignature(await device.run({ app: 'Ethereum' }, (transport) => ethApp(transport).signPersonalMessage(ledgerPath, hex.slice(2))))
        }
        case 'eth_signTypedData_v4': {
          if (!Array.isArray(params) || params.length < 2) throw invalidParams('eth_signTypedData_v4 expects [address, typedData]')
          const [signer, rawTyped] = params as [unknown, unknown]
          ownAddress(signer, address, 'eth_signTypedData_v4 address')
          let typed: unknown = rawTyped
          if (typeof rawTyped === 'string') {
            try {
              typed = JSON.parse(rawTyped)
            } catch {
              throw invalidParams('eth_signTypedData_v4: the typed data is not valid JSON')
            }
          }
          if (!isRecord(typed) || !isRecord(typed.types) || typeof typed.primaryType !== 'string' || !isRecord(typed.message)) throw invalidParams('eth_signTypedData_v4: expected { domain, types, primaryType, message }')
          const types = typed.types as Record<string, readonly TypedDataParameter[]>
          const domain = (isRecord(typed.domain) ? typed.domain : {}) as TypedDataDomain
          let domainHash: Hex
          let messageHash: Hex
          try {
            const { EIP712Domain: _given, ...rest } = types
            const withDomain = { EIP712Domain: domainFields(domain), ...rest }
            domainHash = hashDomain({ domain, types: withDomain } as unknown as Parameters<typeof hashDomain>[0])
            messageHash = hashStruct({ data: typed.message, primaryType: typed.primaryType, types: withDomain } as unknown as Parameters<typeof hashStruct>[0])
          } catch (cause) {
            throw invalidParams(`eth_signTypedData_v4: ${shortReason(cause)}`)
          }
          return joinSignature(await device.run({ app: 'Ethereum' }, (transport) => ethApp(transport).signEIP712HashedMessage(ledgerPath, domainHash.slice(2), messageHash.slice(2))))
        }
        case 'eth_sendTransaction': {
          const input = readTransaction(params, address, chainNumberOf(chainId))
          return sendTransaction(input, chainId)
        }
        default:
          throw new ProviderRpcError({ code: 4200, message: `A Ledger does not answer ${String(method).slice(0, 60)}` })
      }
    },
  }
}

/** The EIP712Domain fields a domain has, in the standard order (what viem's hashTypedData derives). */
function domainFields(domain: TypedDataDomain): TypedDataParameter[] {
  return [
    typeof domain.name === 'string' && { name: 'name', type: 'string' },
    domain.version !== undefined && { name: 'version', type: 'string' },
    domain.chainId !== undefined && { name: 'chainId', type: 'uint256' },
    domain.verifyingContract !== undefined && { name: 'verifyingContract', type: 'address' },
    domain.salt !== undefined && { name: 'salt', type: 'bytes32' },
  ].filter(Boolean) as TypedDataParameter[]
}

function shortReason(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string }
  return (e?.shortMessage ?? e?.message ?? 'unknown error').split('\n')[0]?.slice(0, 200) ?? 'unknown error'
}
