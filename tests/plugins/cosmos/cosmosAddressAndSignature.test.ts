// Address rules against published vectors and hostile input; the sign-in verifier against ADR-36
// signatures made outside the project (cosmjs's amino wallet), and against tampering.
import { randomBytes } from 'node:crypto'

import { makeSignDoc, Secp256k1Wallet, serializeSignDoc } from '@cosmjs/amino'
import { toBase64 } from '@cosmjs/encoding'
import { bech32, bech32m } from '@scure/base'
import { describe, expect, it } from 'vitest'

import { verifyCosmosSignature } from '../../../plugins/cosmos/actions/verifyCosmosSignature.js'
import { isCosmosAddress } from '../../../plugins/cosmos/utils/isCosmosAddress.js'
import { sortedJson } from '../../../plugins/cosmos/utils/sortedJson.js'
import { encodeAuthInfo, encodeMsgSendBody, encodeSignDoc, encodeTxRaw } from '../../../plugins/cosmos/utils/encodeCosmosTx.js'
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'

describe('isCosmosAddress', () => {
  // Cosmos data is the raw 20 or 32 bytes (no witness version). Published module-account addresses
  // (gov, distribution) and their Osmosis form, plus a constructed one.
  const valid: [string, string][] = [
    ['cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu', 'cosmos'], // the bytes 0x01..0x14
    ['cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn', 'cosmos'], // the gov module account
    ['osmo10d07y265gmmuvt4z0w9aw880jnsr700jjeq4qp', 'osmo'], // the same module account on Osmosis
    ['cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl', 'cosmos'], // the distribution module account
  ]
  it.each(valid)('accepts %s', (address, prefix) => {
    expect(isCosmosAddress(address, prefix)).toBe(true)
    expect(isCosmosAddress(address)).toBe(true)
  })

  it('accepts 32-byte data (interchain and module accounts)', () => {
    expect(isCosmosAddress(bech32.encode('cosmos', bech32.toWords(new Uint8Array(32).fill(7))), 'cosmos')).toBe(true)
  })

  it('refuses the wrong prefix, a bad checksum, bech32m, mixed or upper case, wrong lengths and junk', () => {
    const [address] = valid[0]!
    const hostile: unknown[] = [
      address.replace('cosmos1', 'osmo1'),
      address.slice(0, -1) + (address.endsWith('u') ? 'x' : 'u'),
      bech32m.encode('cosmos', bech32m.toWords(new Uint8Array(20).fill(1))),
      address.toUpperCase(),
      'Cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu',
      bech32.encode('cosmos', bech32.toWords(new Uint8Array(19))),
      bech32.encode('cosmos', bech32.toWords(new Uint8Array(21))),
      bech32.encode('cosmos', bech32.toWords(new Uint8Array(33))),
      'cosmos1' + 'q'.repeat(200),
      '',
      'cosmos1',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      42,
      null,
    ]
    for (const value of hostile) expect({ value, valid: isCosmosAddress(value, 'cosmos') }).toEqual({ value, valid: false })
    expect(isCosmosAddress(address, 'osmo')).toBe(false)
  })
})

describe('verifyCosmosSignature (sign-in)', () => {
  const signed = async (message: string) => {
    const wallet = await Secp256k1Wallet.fromKey(new Uint8Array(randomBytes(32)), 'cosmos')
    const [account] = await wallet.getAccounts()
    const address = account!.address
    // The ADR-36 doc built by cosmjs, signed by cosmjs: nothing of the plugin is involved.
    const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer: address, data: toBase64(new TextEncoder().encode(message)) } }], { gas: '0', amount: [] }, '', '', 0, 0)
    const { signature } = await wallet.signAmino(address, doc)
    return { address, signature: JSON.stringify(signature), raw: signature }
  }

  it('accepts an ADR-36 signature made outside the project', async () => {
    const { address, signature } = await signed('portico wants you to sign in')
    expect(await verifyCosmosSignature({ message: 'portico wants you to sign in', signature, address })).toBe(true)
  })

  it('refuses a tampered message, another address, a key that is not the address, and malformed signatures', async () => {
    const { address, signature, raw } = await signed('hello')
    const other = await signed('hello')
    expect(await verifyCosmosSignature({ message: 'hellO', signature, address })).toBe(false)
    expect(await verifyCosmosSignature({ message: 'hello', signature, address: other.address })).toBe(false)
    // The other key's valid signature, presented for this address.
    expect(await verifyCosmosSignature({ message: 'hello', signature: other.signature, address })).toBe(false)
    const flipped = Buffer.from(raw.signature, 'base64')
    flipped[5] = flipped[5]! ^ 1
    for (const bad of [JSON.stringify({ ...raw, signature: flipped.toString('base64') }), 'not json', '{}', JSON.stringify({ ...raw, pub_key: { ...raw.pub_key, type: 'tendermint/PubKeyEd25519' } }), 'x'.repeat(5_000)]) {
      expect(await verifyCosmosSignature({ message: 'hello', signature: bad, address })).toBe(false)
    }
  })
})

describe('sortedJson (amino sign bytes)', () => {
  it("is CosmJS's serializeSignDoc, escapes and all: a memo with &, < and >, keys out of order at every depth", () => {
    const msgs = [{ type: 'cosmos-sdk/MsgSend', value: { to_address: 'cosmos1b', from_address: 'cosmos1a<x>', amount: [{ denom: 'uatom', amount: '1' }] } }]
    for (const memo of ['', 'plain', 'pay <Bob> & "co" > 0 \\ é 🙂', '&&<<>>']) {
      const doc = makeSignDoc(msgs, { gas: '200000', amount: [{ denom: 'uatom', amount: '5000' }] }, 'cosmoshub-4', memo, 12, 3)
      expect(sortedJson(doc), memo).toBe(new TextDecoder().decode(serializeSignDoc(doc)))
    }
    expect(sortedJson({ b: 1, a: { d: 2, c: 'x&y' } })).toBe('{"a":{"c":"x\\u0026y","d":2},"b":1}')
  })
})

describe('the hand-written protobuf encoders', () => {
  it('encode what cosmjs-types decodes: MsgSend body, auth info, SignDoc and TxRaw', () => {
    const publicKey = new Uint8Array(33).fill(2)
    const bodyBytes = encodeMsgSendBody({ from: 'cosmos1a', to: 'cosmos1b', amount: [{ denom: 'uatom', amount: '123' }], memo: 'hi' })
    const body = TxBody.decode(bodyBytes)
    expect(body.memo).toBe('hi')
    expect(MsgSend.decode(body.messages[0]!.value)).toEqual({ fromAddress: 'cosmos1a', toAddress: 'cosmos1b', amount: [{ denom: 'uatom', amount: '123' }] })
    const authInfoBytes = encodeAuthInfo({ publicKey, sequence: 300n, fee: [{ denom: 'uatom', amount: '5000' }], gasLimit: 200_000n, signMode: 1 })
    const authInfo = AuthInfo.decode(authInfoBytes)
    expect(authInfo.signerInfos[0]).toMatchObject({ sequence: 300n, modeInfo: { single: { mode: 1 } } })
    expect(PubKey.decode(authInfo.signerInfos[0]!.publicKey!.value).key).toEqual(publicKey)
    expect(authInfo.fee).toMatchObject({ gasLimit: 200_000n, amount: [{ denom: 'uatom', amount: '5000' }] })
    const doc = { bodyBytes, authInfoBytes, chainId: 'cosmoshub-4', accountNumber: 2n ** 40n }
    expect(encodeSignDoc(doc)).toEqual(SignDoc.encode(doc).finish())
    expect(encodeSignDoc({ ...doc, accountNumber: 0n })).toEqual(SignDoc.encode({ ...doc, accountNumber: 0n }).finish())
    const raw = { bodyBytes, authInfoBytes, signatures: [new Uint8Array(64).fill(9)] }
    expect(encodeTxRaw(raw)).toEqual(TxRaw.encode(raw).finish())
  })
})
