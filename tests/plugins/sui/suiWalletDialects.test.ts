// The sui plugin's answers to Sui wallets' own dialects: refusals without a code (Slush's plain
// Error, Suiet's UserRejectionError -5000) become the kernel's 4001, other errors stay as they are;
// a wallet with only the legacy …TransactionBlock features is asked through them, and a malformed
// answer from it is a typed error.
import { describe, expect, it } from 'vitest'

import { ProviderRpcError } from '../../../kernel/kernel.js'
import { sendSuiTransfer } from '../../../plugins/sui/actions/sendSuiTransfer.js'
import { SuiAmountError } from '../../../plugins/sui/errors.js'
import { suiLocalnet } from '../../../plugins/sui/index.js'
import { toSuiWalletError } from '../../../plugins/sui/utils/toSuiWalletError.js'

const address = `0x${'cd'.repeat(32)}`

describe('toSuiWalletError', () => {
  it('reads Slush’s, Suiet’s and Phantom’s refusals as the visitor saying no', () => {
    const suiet = Object.assign(new Error('User rejection'), { name: 'UserRejectionError', code: -5000 })
    for (const refusal of [new Error('Transaction rejected from user'), new Error('User rejection'), suiet, Object.assign(new Error('User rejected the request.'), { code: 4001 })]) {
      const typed = ProviderRpcError.from(toSuiWalletError(refusal))
      expect({ message: refusal.message, code: typed.code, rejected: typed.isUserRejection }).toEqual({ message: refusal.message, code: 4001, rejected: true })
    }
  })

  it('leaves other failures alone: coded errors, messages without a refusal, and Portico’s own errors', () => {
    const coded = Object.assign(new Error('Transaction rejected by the node'), { code: -32002 })
    const plain = new Error('network down')
    const ours = new SuiAmountError('Invalid Amount')
    expect(toSuiWalletError(coded)).toBe(coded)
    expect(toSuiWalletError(plain)).toBe(plain)
    expect(toSuiWalletError(ours)).toBe(ours)
    expect(toSuiWalletError('weird')).toBe('weird')
  })
})

describe('sendSuiTransfer with a legacy-only wallet (Suiet’s last public dialect)', () => {
  const transaction = { toJSON: async () => '{}', serialize: () => '{}' }
  const plan = { transaction, gasBudget: 1n, fee: '0.000000001' }
  const request = { namespace: 'sui', connectorId: 'Suiet', from: address, to: address, amount: '1', network: suiLocalnet } as Parameters<typeof sendSuiTransfer>[0]['request']
  const account = { address, publicKey: new Uint8Array(32), chains: ['sui:localnet'], features: [] } as Parameters<typeof sendSuiTransfer>[0]['account']
  const walletWith = (features: Record<string, unknown>) => ({ version: '1.0.0', name: 'Suiet', icon: 'data:image/svg+xml;base64,', chains: ['sui:localnet'], accounts: [], features }) as unknown as Parameters<typeof sendSuiTransfer>[0]['wallet']

  it('asks sui:signAndExecuteTransactionBlock with the transaction as a block, and returns its digest', async () => {
    const asked: unknown[] = []
    const digest = '7gyGAp71YXQRoxmFBaHxofQXAipvgHyBKPyxmdSJxyvz'
    const wallet = walletWith({ 'sui:signAndExecuteTransactionBlock': { version: '1.0.0', signAndExecuteTransactionBlock: async (input: unknown) => (asked.push(input), { digest }) } })
    await expect(sendSuiTransfer({ request, wallet, account, plan })).resolves.toBe(digest)
    expect(asked).toEqual([{ transactionBlock: transaction, account, chain: 'sui:localnet', options: { showEffects: true } }])
  })

  it('refuses a malformed answer: no digest, and a signature without transaction bytes', async () => {
    const noDigest = walletWith({ 'sui:signAndExecuteTransactionBlock': { version: '1.0.0', signAndExecuteTransactionBlock: async () => ({ digest: 'not a digest' }) } })
    await expect(sendSuiTransfer({ request, wallet: noDigest, account, plan })).rejects.toMatchObject({ code: -32603, shortMessage: 'The wallet returned no transaction digest' })
    const noBytes = walletWith({ 'sui:signTransactionBlock': { version: '1.0.0', signTransactionBlock: async () => ({ signature: 'abc' }) } })
    await expect(sendSuiTransfer({ request, wallet: noBytes, account, plan })).rejects.toMatchObject({ code: -32603, shortMessage: 'The wallet returned no signed transaction' })
    await expect(sendSuiTransfer({ request, wallet: walletWith({}), account, plan })).rejects.toMatchObject({ name: 'SuiWalletFeatureError' })
  })
})
