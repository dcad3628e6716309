import { base64 } from '@scure/base'

/**
 * The ADR-36 amino sign doc of an off-chain message: an empty chain id, account number and
 * sequence 0, no fee, one `sign/MsgSignData { signer, data: base64(message) }`. Keplr's
 * `signArbitrary` signs `sortedJson` of it.
 *
 * @param signer the bech32 address that signs
 * @param data the message (UTF-8 text or bytes)
 * @returns the StdSignDoc
 * @example
 * sortedJson(adr36SignDoc('cosmos1…', 'hello'))
 */
export function adr36SignDoc(signer: string, data: string | Uint8Array) {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] as { denom: string; amount: string }[] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(bytes) } }],
    memo: '',
  }
}
