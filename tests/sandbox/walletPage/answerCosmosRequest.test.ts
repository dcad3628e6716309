// The /wallet page's answers to WalletConnect cosmos_* requests, checked with CosmJS (not Portico's
// code): a direct SignDoc and an ADR-36 amino doc signed by the dev key verify; bad requests are
// refused with the wallet's codes.
import { makeSignDoc as makeAminoSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { makeSignBytes } from '@cosmjs/proto-signing'
import { base64 } from '@scure/base'
import { describe, expect, it } from 'vitest'

import { adr36SignDoc } from '../../../plugins/cosmos/utils/adr36SignDoc.js'
import { devCosmosAddress, devCosmosKey } from '../../../sandbox/cosmos/devCosmos.js'
import { createCosmosDevWallet } from '../../../sandbox/cosmosWallet/createCosmosDevWallet.js'
import { answerCosmosRequest } from '../../../sandbox/walletPage/answerCosmosRequest.js'

const chain = 'portico-local-1'
const chainId = `cosmos:${chain}`

async function wallet(enable = true) {
  const key = devCosmosKey()
  const dev = createCosmosDevWallet({ key, knownChains: { [chain]: { prefix: 'portico', rest: 'http://127.0.0.1:9/none' } }, target: new EventTarget() })
  if (enable) await dev.provider.enable(chain)
  return dev
}
const verify = async (bytes: Uint8Array, signature: string) =>
  Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(base64.decode(signature)), sha256(bytes), devCosmosKey().publicKey)

describe('answerCosmosRequest', () => {
  it('cosmos_getAccounts answers the dev account with its compressed public key', async () => {
    const { provider } = await wallet()
    const accounts = (await answerCosmosRequest({ method: 'cosmos_getAccounts', params: {}, chainId, provider })) as { algo: string; address: string; pubkey: string }[]
    expect(accounts).toEqual([{ algo: 'secp256k1', address: devCosmosAddress, pubkey: base64.encode(devCosmosKey().publicKey) }])
  })

  it('cosmos_signDirect signs the SignDoc CosmJS serialises', async () => {
    const { provider } = await wallet()
    const doc = { chainId: chain, accountNumber: '7', bodyBytes: base64.encode(new Uint8Array([10, 3, 1, 2, 3])), authInfoBytes: base64.encode(new Uint8Array([18, 2, 9, 9])) }
    const answer = (await answerCosmosRequest({ method: 'cosmos_signDirect', params: { signerAddress: devCosmosAddress, signDoc: doc }, chainId, provider })) as {
      signature: { signature: string; pub_key: { value: string } }
      signed: typeof doc
    }
    expect(answer.signed).toEqual(doc)
    expect(answer.signature.pub_key.value).toBe(base64.encode(devCosmosKey().publicKey))
    const bytes = makeSignBytes({ chainId: chain, accountNumber: 7n, bodyBytes: base64.decode(doc.bodyBytes), authInfoBytes: base64.decode(doc.authInfoBytes) })
    expect(await verify(bytes, answer.signature.signature)).toBe(true)
    // The same signature does not verify another account number.
    const other = makeSignBytes({ chainId: chain, accountNumber: 8n, bodyBytes: base64.decode(doc.bodyBytes), authInfoBytes: base64.decode(doc.authInfoBytes) })
    expect(await verify(other, answer.signature.signature)).toBe(false)
  })

  it('cosmos_signAmino signs an ADR-36 message doc as CosmJS serialises it', async () => {
    const { provider } = await wallet()
    const doc = adr36SignDoc(devCosmosAddress, 'Hello from the Portico demo')
    const answer = (await answerCosmosRequest({ method: 'cosmos_signAmino', params: { signerAddress: devCosmosAddress, signDoc: doc }, chainId, provider })) as { signature: { signature: string } }
    const cosmjsDoc = makeAminoSignDoc(doc.msgs as never, doc.fee as never, '', doc.memo, 0, 0)
    expect(await verify(serializeSignDoc(cosmjsDoc), answer.signature.signature)).toBe(true)
  })

  it("cosmos_signAmino and signAmino sign a transaction doc whose memo holds &, < and > as CosmJS's serializeSignDoc writes it (\\u0026, \\u003c, \\u003e: Keplr's bytes)", async () => {
    const { provider } = await wallet()
    const msgs = [{ type: 'cosmos-sdk/MsgSend', value: { amount: [{ amount: '1000', denom: 'uportico' }], from_address: devCosmosAddress, to_address: devCosmosAddress } }]
    const cosmjsDoc = makeAminoSignDoc(msgs, { amount: [{ amount: '5000', denom: 'uportico' }], gas: '200000' }, chain, 'pay <Alice> & "Bob" > 0', 7, 3)
    const serialized = serializeSignDoc(cosmjsDoc)
    expect(new TextDecoder().decode(serialized)).toContain('pay \\u003cAlice\\u003e \\u0026 \\"Bob\\" \\u003e 0')
    const answer = (await answerCosmosRequest({ method: 'cosmos_signAmino', params: { signerAddress: devCosmosAddress, signDoc: cosmjsDoc }, chainId, provider })) as { signature: { signature: string } }
    expect(await verify(serialized, answer.signature.signature)).toBe(true)
    const direct = await provider.signAmino(chain, devCosmosAddress, cosmjsDoc as never)
    expect(direct.signed).toEqual(cosmjsDoc)
    expect(await verify(serialized, direct.signature.signature)).toBe(true)
    // Not the bytes of the same JSON unescaped: a chain would refuse that signature.
    expect(await verify(new TextEncoder().encode(new TextDecoder().decode(serialized).replace(/\\u00(26|3c|3e)/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))), direct.signature.signature)).toBe(false)
  })

  it('refuses another account, bad sign docs, other methods, a chain not enabled and a rejecting wallet', async () => {
    const { provider, control } = await wallet()
    const doc = { chainId: chain, accountNumber: '7', bodyBytes: 'AQID', authInfoBytes: 'AQID' }
    const call = (method: string, params: unknown, id = chainId, p = provider) => answerCosmosRequest({ method, params, chainId: id, provider: p })
    await expect(call('cosmos_signDirect', { signerAddress: 'portico1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq', signDoc: doc })).rejects.toMatchObject({ code: 4100, message: 'Unknown account' })
    await expect(call('cosmos_signDirect', { signerAddress: devCosmosAddress, signDoc: { ...doc, bodyBytes: 'not base64!' } })).rejects.toMatchObject({ code: -32602 })
    await expect(call('cosmos_signDirect', { signerAddress: devCosmosAddress, signDoc: { ...doc, accountNumber: 7 } })).rejects.toMatchObject({ code: -32602 })
    await expect(call('cosmos_signDirect', { signerAddress: devCosmosAddress, signDoc: { ...doc, chainId: 'cosmoshub-4' } })).rejects.toMatchObject({ code: -32602, message: 'Invalid sign doc' })
    await expect(call('cosmos_signAmino', { signerAddress: devCosmosAddress, signDoc: null })).rejects.toMatchObject({ code: -32602 })
    await expect(call('cosmos_sendTx', {})).rejects.toMatchObject({ code: 4200 })
    await expect(call('cosmos_getAccounts', {}, 'cosmos:cosmoshub-4')).rejects.toMatchObject({ code: 4100 })
    const fresh = await wallet(false)
    await expect(call('cosmos_getAccounts', {}, chainId, fresh.provider)).rejects.toMatchObject({ code: 4100 })
    control.setMode('reject')
    await expect(call('cosmos_signAmino', { signerAddress: devCosmosAddress, signDoc: adr36SignDoc(devCosmosAddress, 'hi') })).rejects.toMatchObject({ code: 4001, message: 'Request rejected' })
  })
})
