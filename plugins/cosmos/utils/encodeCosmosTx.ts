import { protoMessage } from './protobuf.js'

/** A bank coin: base denom and an integer amount in base units. */
export type CosmosCoin = { denom: string; amount: string }

const coin = (c: CosmosCoin) => ({ message: protoMessage([[1, c.denom], [2, c.amount]]) })
const any = (typeUrl: string, value: Uint8Array) => ({ message: protoMessage([[1, typeUrl], [2, value]]) })

/** `SIGN_MODE_DIRECT` and `SIGN_MODE_LEGACY_AMINO_JSON`. */
export const cosmosSignModes = { direct: 1, amino: 127 } as const

/**
 * The `TxBody` bytes of one `/cosmos.bank.v1beta1.MsgSend`.
 *
 * @example
 * encodeMsgSendBody({ from, to, amount: [{ denom: 'uatom', amount: '1000' }], memo: '' })
 */
export function encodeMsgSendBody({ from, to, amount, memo = '' }: { from: string; to: string; amount: readonly CosmosCoin[]; memo?: string }): Uint8Array {
  const send = protoMessage([[1, from], [2, to], ...amount.map((c) => [3, coin(c)] as const)])
  return protoMessage([[1, any('/cosmos.bank.v1beta1.MsgSend', send)], [2, memo]])
}

/**
 * The `AuthInfo` bytes of a single-signer transaction: the secp256k1 public key, the sign mode,
 * the sequence and the fee.
 *
 * @example
 * encodeAuthInfo({ publicKey, sequence: 0n, fee: [{ denom: 'uatom', amount: '5000' }], gasLimit: 200000n, signMode: 1 })
 */
export function encodeAuthInfo({ publicKey, sequence, fee, gasLimit, signMode }: { publicKey: Uint8Array; sequence: bigint; fee: readonly CosmosCoin[]; gasLimit: bigint; signMode: number }): Uint8Array {
  const pubKey = any('/cosmos.crypto.secp256k1.PubKey', protoMessage([[1, publicKey]]))
  const modeInfo = { message: protoMessage([[1, { message: protoMessage([[1, signMode]]) }]]) }
  const signerInfo = { message: protoMessage([[1, pubKey], [2, modeInfo], [3, sequence]]) }
  const feeMessage = { message: protoMessage([...fee.map((c) => [1, coin(c)] as const), [2, gasLimit]]) }
  return protoMessage([[1, signerInfo], [2, feeMessage]])
}

/**
 * The `SignDoc` bytes a `SIGN_MODE_DIRECT` signature covers.
 *
 * @example
 * encodeSignDoc({ bodyBytes, authInfoBytes, chainId: 'cosmoshub-4', accountNumber: 42n })
 */
export function encodeSignDoc({ bodyBytes, authInfoBytes, chainId, accountNumber }: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }): Uint8Array {
  return protoMessage([[1, bodyBytes], [2, authInfoBytes], [3, chainId], [4, accountNumber]])
}

/**
 * The `TxRaw` bytes to broadcast.
 *
 * @example
 * encodeTxRaw({ bodyBytes, authInfoBytes, signatures: [signature] })
 */
export function encodeTxRaw({ bodyBytes, authInfoBytes, signatures }: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signatures: readonly Uint8Array[] }): Uint8Array {
  return protoMessage([[1, bodyBytes], [2, authInfoBytes], ...signatures.map((s) => [3, { message: s }] as const)])
}
