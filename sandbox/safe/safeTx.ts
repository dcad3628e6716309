import { type Address, type Hex, concat, encodePacked, getAddress, hashTypedData, size, zeroAddress } from 'viem'

/**
 * A Safe transaction (the `SafeTx` struct of Safe 1.5.0), quantities as bigints. `operation` 0 is a
 * call, 1 a delegatecall (used for `MultiSendCallOnly`).
 */
export type SafeTx = {
  to: Address
  value: bigint
  data: Hex
  operation: 0 | 1
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Address
  refundReceiver: Address
  nonce: bigint
}

/** EIP-712 types of `SafeTx` (Safe ≥ 1.3: the domain is `{ chainId, verifyingContract }`). */
export const safeTxTypes = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const

/**
 * The typed data an owner signs for `tx` on the Safe at `safe` on chain `chainId` (viem's
 * `signTypedData` takes it as is).
 *
 * @example
 * const signature = await owner.signTypedData(safeTxTypedData({ safe, chainId: 31337, tx }))
 */
export function safeTxTypedData({ safe, chainId, tx }: { safe: Address; chainId: number; tx: SafeTx }) {
  return { domain: { chainId, verifyingContract: safe }, types: safeTxTypes, primaryType: 'SafeTx' as const, message: tx }
}

/**
 * The safeTxHash: the EIP-712 hash of `tx`, equal to the Safe's own `getTransactionHash`.
 *
 * @example
 * safeTxHash({ safe, chainId: 31337, tx }) // 0x…
 */
export function safeTxHash(parameters: { safe: Address; chainId: number; tx: SafeTx }): Hex {
  return hashTypedData(safeTxTypedData(parameters))
}

/**
 * A plain call as a Safe transaction with the Safe's next `nonce`, no refund and no gas limit of its own.
 *
 * @example
 * const tx = callSafeTx({ to: bob, value: 10n ** 16n, data: '0x', nonce: 0n })
 */
export function callSafeTx({ to, value, data, nonce, operation = 0 }: { to: Address; value: bigint; data: Hex; nonce: bigint; operation?: 0 | 1 }): SafeTx {
  return { to: getAddress(to), value, data, operation, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: zeroAddress, refundReceiver: zeroAddress, nonce }
}

/**
 * `MultiSendCallOnly.multiSend`'s `transactions` argument: each call packed as
 * `uint8 operation (0), address to, uint256 value, uint256 dataLength, bytes data`.
 *
 * @example
 * encodeMultiSendTransactions([{ to: bob, value: 1n, data: '0x' }, { to: carol, value: 2n, data: '0x' }])
 */
export function encodeMultiSendTransactions(calls: readonly { to: Address; value: bigint; data: Hex }[]): Hex {
  return concat(calls.map((c) => encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [0, getAddress(c.to), c.value, BigInt(size(c.data)), c.data])))
}

/**
 * The `signatures` argument of `execTransaction`: the owners' 65-byte ECDSA signatures concatenated
 * in ascending order of owner address, as the Safe checks them (otherwise it reverts `GS026`).
 *
 * @example
 * sortedSignatures([{ owner: bob, signature: sigB }, { owner: alice, signature: sigA }])
 */
export function sortedSignatures(signatures: readonly { owner: string; signature: Hex }[]): Hex {
  const sorted = [...signatures].sort((a, b) => {
    const x = BigInt(a.owner)
    const y = BigInt(b.owner)
    return x < y ? -1 : x > y ? 1 : 0
  })
  return concat(sorted.map((s) => s.signature))
}
