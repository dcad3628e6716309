import { Blake2128Concat, Struct, Twox128, u128, u32 } from '@polkadot-api/substrate-bindings'
import type { Network } from '../../../kernel/kernel.js'
import { PolkadotRpcRequestError } from '../errors.js'
import { fromHex, toHex } from '../utils/toHex.js'
import { callPolkadotRpc, type PolkadotWebSocketClass } from './callPolkadotRpc.js'

/** An account's balances in planck: free, reserved (held), frozen (locked) and what it can transfer. */
export type PolkadotAccount = { nonce: number; free: bigint; reserved: bigint; frozen: bigint; transferable: bigint }

/** `frame_system::AccountInfo<u32, pallet_balances::AccountData<u128>>`, the layout every relay chain and system parachain uses. */
const accountInfo = Struct({ nonce: u32, consumers: u32, providers: u32, sufficients: u32, free: u128, reserved: u128, frozen: u128, flags: u128 })
const prefix = new Uint8Array([...Twox128(new TextEncoder().encode('System')), ...Twox128(new TextEncoder().encode('Account'))])

/**
 * The storage key of `System.Account` for a public key: twox128("System") ++ twox128("Account")
 * ++ blake2_128_concat(key).
 *
 * @example
 * systemAccountKey(publicKey) // '0x26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9…'
 */
export function systemAccountKey(publicKey: Uint8Array): `0x${string}` {
  return toHex(new Uint8Array([...prefix, ...Blake2128Concat(publicKey)]))
}

/**
 * Reads an account's `System.Account` entry from the node (`state_getStorage`) and decodes it; an
 * account that does not exist yet reads as all zeros. Transferable is free minus what is frozen
 * beyond the reserved part (the `pallet_balances` rule since the holds-and-freezes change).
 *
 * @returns the balances in planck and the nonce
 * @throws PolkadotRpcRequestError when the node fails or the entry is not an AccountInfo
 * @example
 * const { free, transferable } = await readPolkadotAccount({ network, publicKey })
 */
export async function readPolkadotAccount({ network, publicKey, fetch, WebSocket }: { network: Network; publicKey: Uint8Array; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<PolkadotAccount> {
  const raw = await callPolkadotRpc<string | null>({ network, fetch, WebSocket, method: 'state_getStorage', params: [systemAccountKey(publicKey)] }).catch((error: unknown) => {
    // A node answers `null` for a missing key; some proxies turn that into "no result".
    if (error instanceof PolkadotRpcRequestError && /no result/.test(error.message)) return null
    throw error
  })
  if (raw === null) return { nonce: 0, free: 0n, reserved: 0n, frozen: 0n, transferable: 0n }
  let info: ReturnType<typeof accountInfo.dec>
  try {
    if (typeof raw !== 'string') throw new Error('not hex')
    const bytes = fromHex(raw)
    if (bytes.length !== 80) throw new Error(`${bytes.length} bytes, not 80`)
    info = accountInfo.dec(bytes)
  } catch (cause) {
    throw new PolkadotRpcRequestError({ method: 'state_getStorage', message: `the account entry is not an AccountInfo (${(cause as Error).message})`, cause })
  }
  const locked = info.frozen > info.reserved ? info.frozen - info.reserved : 0n
  const transferable = info.free > locked ? info.free - locked : 0n
  return { nonce: info.nonce, free: info.free, reserved: info.reserved, frozen: info.frozen, transferable }
}
