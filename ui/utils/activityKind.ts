import type { Transaction, TransactionTransfer } from '../../kernel/kernel.js'

/** How the Activity tab names a transfer: sent, received, to oneself, or minted. */
export type ActivityKind = 'out' | 'in' | 'self' | 'minted'

/** An EVM zero address, the sender of every minted token (ERC-20/721/1155 `Transfer` from `0x0`). */
const zeroAddress = /^0x0{40}$/i

/**
 * What a transfer was, for its title in the Activity tab: a transfer in from the zero address (or a
 * transaction the API calls a `mint`) is a mint, not "Received … from 0x0000…0000"; else its direction.
 *
 * @param tx - the transaction
 * @param transfer - its first transfer, when it lists one
 * @returns the kind
 * @example
 * activityKind(tx, { direction: 'in', sender: '0x0000000000000000000000000000000000000000', … }) // 'minted'
 */
export function activityKind(tx: Transaction, transfer: TransactionTransfer | undefined): ActivityKind {
  const direction = transfer?.direction ?? 'self'
  if (direction !== 'in') return direction
  const sender = transfer?.sender ?? tx.metadata.sentFrom
  if (tx.metadata.operationType === 'mint' || (typeof sender === 'string' && zeroAddress.test(sender))) return 'minted'
  return 'in'
}
