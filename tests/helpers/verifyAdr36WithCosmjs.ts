import { makeSignDoc, pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { base64 } from '@scure/base'

/**
 * Checks an ADR-36 message signature (the JSON `StdSignature` a Keplr-compatible wallet returns)
 * with CosmJS alone, not Portico's verifier: the public key must hash to `address`, and the
 * secp256k1 signature must cover the ADR-36 amino doc CosmJS serialises for the message.
 *
 * @example
 * await verifyAdr36WithCosmjs('hello', '{"pub_key":{…},"signature":"…"}', 'cosmos1…') // true
 */
export async function verifyAdr36WithCosmjs(message: string, signatureJson: string, address: string): Promise<boolean> {
  const { pub_key: pubKey, signature } = JSON.parse(signatureJson) as { pub_key: { type: string; value: string }; signature: string }
  const prefix = address.slice(0, address.lastIndexOf('1'))
  if (pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: pubKey.value }, prefix) !== address) return false
  const doc = makeSignDoc(
    [{ type: 'sign/MsgSignData', value: { signer: address, data: base64.encode(new TextEncoder().encode(message)) } }],
    { gas: '0', amount: [] },
    '',
    '',
    0,
    0,
  )
  return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(base64.decode(signature)), sha256(serializeSignDoc(doc)), base64.decode(pubKey.value))
}
