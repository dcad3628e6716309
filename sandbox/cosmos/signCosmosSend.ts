import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'

import { msgSendTypeUrl, secp256k1PubKeyTypeUrl } from './createCosmosLedger.js'

export type SignCosmosSendParameters = {
  privateKey: Uint8Array
  publicKey: Uint8Array
  chainId: string
  accountNumber: bigint
  sequence: bigint
  from: string
  to: string
  amount: Coin[]
  fee: Coin[]
  gasLimit: bigint
  memo?: string
}

/**
 * Builds and signs (`SIGN_MODE_DIRECT`, `@noble/curves` secp256k1, low-s) a one-`MsgSend`
 * transaction: the sandbox faucet's signer.
 *
 * @param parameters key, account, send and fee
 * @returns the encoded `TxRaw`
 * @example
 * const tx = signCosmosSend({ privateKey, publicKey, chainId, accountNumber: 1n, sequence: 0n, from, to, amount, fee, gasLimit: 200_000n })
 */
export function signCosmosSend({ privateKey, publicKey, chainId, accountNumber, sequence, from, to, amount, fee, gasLimit, memo = '' }: SignCosmosSendParameters): Uint8Array {
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({ messages: [{ typeUrl: msgSendTypeUrl, value: MsgSend.encode({ fromAddress: from, toAddress: to, amount }).finish() }], memo }),
  ).finish()
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [{ publicKey: { typeUrl: secp256k1PubKeyTypeUrl, value: PubKey.encode({ key: publicKey }).finish() }, modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence }],
      fee: { amount: fee, gasLimit },
    }),
  ).finish()
  const signDoc = SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber }).finish()
  const signature = secp256k1.sign(sha256(signDoc), privateKey, { lowS: true, prehash: false }).toCompactRawBytes()
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish()
}
