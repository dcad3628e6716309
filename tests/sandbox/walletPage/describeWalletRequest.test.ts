import { Transaction } from '@mysten/sui/transactions'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { adr36SignDoc } from '../../../plugins/cosmos/utils/adr36SignDoc.js'
import { describe, expect, it } from 'vitest'
import { describeWalletRequest } from '../../../sandbox/walletPage/describeWalletRequest.js'
import { stacksMemoOf } from '../../../sandbox/walletPage/stacksMemoOf.js'

describe('describeWalletRequest', () => {
  it('shows the memo of a Stacks transfer: stx_transferStx\'s memo, and a SIP-010 transfer\'s (some <buff>) argument; malformed memos show none', () => {
    const memoHex = Buffer.from('café ☕').toString('hex')
    const args = ['01' + '00'.repeat(15) + '05', '05', '05', `0x0a02${(memoHex.length / 2).toString(16).padStart(8, '0')}${memoHex}`]
    expect(describeWalletRequest('stx_transferStx', { recipient: 'ST1', amount: '5', memo: 'invoice 42' })).toContainEqual({ label: 'Memo', value: 'invoice 42' })
    expect(describeWalletRequest('stx_callContract', { contract: 'ST1.token', functionName: 'transfer', functionArgs: args })).toContainEqual({ label: 'Memo', value: 'café ☕' })
    expect(stacksMemoOf('stx_callContract', { functionName: 'transfer', functionArgs: [...args.slice(0, 3), '09'] })).toBeUndefined()
    // The length prefix must match the bytes, at most 34 of them; other functions and methods carry none.
    expect(stacksMemoOf('stx_callContract', { functionName: 'transfer', functionArgs: [...args.slice(0, 3), '0a020000000568'] })).toBeUndefined()
    expect(stacksMemoOf('stx_callContract', { functionName: 'transfer', functionArgs: [...args.slice(0, 3), `0a0200000023${'61'.repeat(35)}`] })).toBeUndefined()
    expect(stacksMemoOf('stx_callContract', { functionName: 'mint', functionArgs: args })).toBeUndefined()
    expect(stacksMemoOf('stx_signMessage', { message: 'x', memo: 'y' })).toBeUndefined()
    expect(stacksMemoOf('stx_transferStx', null)).toBeUndefined()
    expect(stacksMemoOf('stx_callContract', { functionName: 'transfer', functionArgs: 'nope' })).toBeUndefined()
  })

  it('shows a Stacks deploy\'s contract id and code, and whether a signed transaction is broadcast', () => {
    expect(describeWalletRequest('stx_deployContract', { address: 'ST1', name: 'counter', clarityCode: '(define-data-var n uint u0)' })).toEqual([
      { label: 'Account', value: 'ST1' },
      { label: 'Contract', value: 'ST1.counter' },
      { label: 'Code', value: '(define-data-var n uint u0)' },
    ])
    expect(describeWalletRequest('stx_signTransaction', { transaction: '80ab', broadcast: true })).toContainEqual({ label: 'Broadcast', value: 'yes, once signed' })
    expect(describeWalletRequest('stx_signTransaction', { transaction: '80ab', broadcast: false })).toEqual([{ label: 'Account', value: '' }, { label: 'Transaction', value: '80ab' }])
  })

  it("shows a Sui transaction's sender, commands in order and gas budget, and a Sui message", async () => {
    const address = `0x${'ab'.repeat(32)}`
    const transaction = new Transaction()
    transaction.setSender(address)
    const [first, second] = transaction.splitCoins(transaction.gas, [1n, 2n])
    transaction.transferObjects([first!], address)
    transaction.transferObjects([second!], address)
    const json = await transaction.toJSON()
    expect(describeWalletRequest('sui_signAndExecuteTransaction', { transaction: json, address })).toEqual([
      { label: 'Account', value: address },
      { label: 'Sender', value: address },
      { label: 'Commands', value: 'SplitCoins, TransferObjects, TransferObjects' },
      { label: 'Gas budget', value: 'set by this wallet' },
      { label: 'Transaction', value: json.slice(0, 2_000) + (json.length > 2_000 ? `… (${json.length - 2_000} more characters)` : '') },
    ])
    transaction.setGasBudget(5_000_000)
    expect(describeWalletRequest('sui_signTransaction', { transaction: await transaction.toJSON(), address })).toContainEqual({ label: 'Gas budget', value: '5000000 MIST' })
    // Base64 BCS bytes, or junk, are shown as sent.
    expect(describeWalletRequest('sui_signTransaction', { transaction: 'AAAB', address })).toEqual([{ label: 'Account', value: address }, { label: 'Transaction', value: 'AAAB' }])
    expect(describeWalletRequest('sui_signTransaction', { transaction: '{"commands": 5', address })).toEqual([{ label: 'Account', value: address }, { label: 'Transaction', value: '{"commands": 5' }])
    expect(describeWalletRequest('sui_signPersonalMessage', { message: 'gm', address })).toEqual([{ label: 'Account', value: address }, { label: 'Message', value: 'gm' }])
  })

  it('decodes a personal_sign message from hex to text, and keeps binary as hex', () => {
    expect(describeWalletRequest('personal_sign', ['0x68656c6c6f', '0xabc'])).toEqual([
      { label: 'Message', value: 'hello' },
      { label: 'Account', value: '0xabc' },
    ])
    expect(describeWalletRequest('personal_sign', ['0x00ff10', '0xabc'])[0]).toEqual({ label: 'Message', value: '0x00ff10' })
    expect(describeWalletRequest('personal_sign', ['plain text', '0xabc'])[0]?.value).toBe('plain text')
  })

  it("shows a transaction's recipient, value in ETH and data", () => {
    expect(
      describeWalletRequest('eth_sendTransaction', [{ from: '0x1', to: '0x2', value: '0x2386f26fc10000', data: '0xdeadbeef' }]),
    ).toEqual([
      { label: 'From', value: '0x1' },
      { label: 'To', value: '0x2' },
      { label: 'Value', value: '0.01 ETH' },
      { label: 'Data', value: '0xdeadbeef' },
    ])
    expect(describeWalletRequest('eth_sendTransaction', [{ from: '0x1' }])).toContainEqual({ label: 'To', value: '(contract creation)' })
  })

  it('survives hostile or missing params and clips huge values', () => {
    expect(describeWalletRequest('personal_sign', null)).toEqual([
      { label: 'Message', value: '' },
      { label: 'Account', value: '' },
    ])
    expect(describeWalletRequest('eth_sendTransaction', 'nope')[2]).toEqual({ label: 'Value', value: '0 ETH' })
    expect(describeWalletRequest('eth_sendTransaction', [{ value: '0xZZ' }])[2]).toEqual({ label: 'Value', value: '0 ETH' })
    const huge = describeWalletRequest('personal_sign', ['x'.repeat(10_000), '0x1'])[0]!.value
    expect(huge.length).toBeLessThan(2_100)
    expect(huge).toMatch(/more characters\)$/)
    expect(describeWalletRequest('wallet_unknown', { a: 1 })).toEqual([{ label: 'Params', value: '{"a":1}' }])
  })

  it('shows the message of an ADR-36 cosmos_signAmino, and the send, memo and fee of a cosmos_signDirect decoded from its bytes', () => {
    const signDoc = adr36SignDoc('portico1abc', 'Hello ✓')
    expect(describeWalletRequest('cosmos_signAmino', { signerAddress: 'portico1abc', signDoc })).toEqual([
      { label: 'Signer', value: 'portico1abc' },
      { label: 'Message (ADR-36)', value: 'Hello ✓' },
    ])
    const direct = describeWalletRequest('cosmos_signDirect', { signerAddress: 'portico1abc', signDoc: { chainId: 'c', accountNumber: '1' } })
    expect(direct[1]).toEqual({ label: 'Sign doc', value: '{"chainId":"c","accountNumber":"1"}' })
    // A real SignDoc's bytes (encoded by CosmJS's own types): the visitor reads the send, the memo and the fee.
    const bodyBytes = TxBody.encode(TxBody.fromPartial({
      messages: [{ typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: MsgSend.encode({ fromAddress: 'portico1abc', toAddress: 'portico1xyz', amount: [{ denom: 'uptc', amount: '20000' }] }).finish() }],
      memo: 'Thanks ✓',
    })).finish()
    const authInfoBytes = AuthInfo.encode({ signerInfos: [], fee: { amount: [{ denom: 'uptc', amount: '3500' }], gasLimit: 140_000n, payer: '', granter: '' } }).finish()
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
    expect(describeWalletRequest('cosmos_signDirect', { signerAddress: 'portico1abc', signDoc: { chainId: 'portico-local-1', accountNumber: '0', bodyBytes: b64(bodyBytes), authInfoBytes: b64(authInfoBytes) } })).toEqual([
      { label: 'Signer', value: 'portico1abc' },
      { label: 'Chain', value: 'portico-local-1' },
      { label: 'Send', value: '20000 uptc to portico1xyz' },
      { label: 'Memo', value: 'Thanks ✓' },
      { label: 'Fee', value: '3500 uptc, gas 140000' },
    ])
    // Bytes that are not a TxBody: the sign doc as it came.
    expect(describeWalletRequest('cosmos_signDirect', { signerAddress: 'portico1abc', signDoc: { chainId: 'c', bodyBytes: '////', authInfoBytes: '' } })[1]!.label).toBe('Sign doc')
    expect(describeWalletRequest('cosmos_signAmino', 'hostile')).toEqual([
      { label: 'Signer', value: '' },
      { label: 'Sign doc', value: 'none' },
    ])
  })
})
