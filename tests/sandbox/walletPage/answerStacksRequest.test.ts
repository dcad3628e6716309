// The /wallet page's (and the Stacks dev wallet's) answers to Stacks requests, against the sandbox's
// Stacks ledger, checked with @stacks/transactions and @stacks/encryption: the dev account, a message
// signature, a transfer that lands, a transaction signed for the site; bad requests refused with the
// wallet's codes and nothing broadcast.
import { bytesToHex } from '@noble/hashes/utils.js'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { STACKS_TESTNET } from '@stacks/network'
import { deserializeTransaction, makeUnsignedSTXTokenTransfer, privateKeyToAddress, randomPrivateKey } from '@stacks/transactions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devStacksKey } from '../../../sandbox/stacks/devStacks.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../../sandbox/stacks/startStacksNode.js'
import { answerStacksRequest, type StacksRequestError } from '../../../sandbox/walletPage/answerStacksRequest.js'

const key = devStacksKey()
let node: StacksNode
const answer = (method: string, params: unknown) => answerStacksRequest({ method, params, privateKey: key.privateKey, chain: { chainId: stacksSandboxChainId, apiUrl: node.url } })
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: StacksRequestError) => error.code)
const ustxOf = async (address: string) => BigInt(((await (await fetch(`${node.url}/v2/accounts/${address}`)).json()) as { balance: string }).balance)

beforeAll(async () => {
  node = await startStacksNode({ chainId: stacksSandboxChainId, transactionVersion: stacksSandboxTransactionVersion, feeRate: stacksFeeRate, feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint] })
  node.ledger.genesis(key.address, 10_000_000n)
})
afterAll(async () => {
  await node?.stop()
})

describe('answerStacksRequest', () => {
  it('stx_getAddresses and getAddresses answer the dev account with its compressed public key', async () => {
    for (const method of ['stx_getAddresses', 'getAddresses']) {
      expect(await answer(method, {})).toEqual({ addresses: [{ symbol: 'STX', address: key.address, publicKey: bytesToHex(key.publicKey) }] })
    }
  })

  it('stx_signMessage signs the Stacks message hash (verified by @stacks/encryption)', async () => {
    const { signature, publicKey } = (await answer('stx_signMessage', { message: 'hello', address: key.address })) as { signature: string; publicKey: string }
    expect(verifyMessageSignatureRsv({ message: 'hello', signature, publicKey })).toBe(true)
    expect(verifyMessageSignatureRsv({ message: 'hello!', signature, publicKey })).toBe(false)
  })

  it('stx_transferStx builds, signs and broadcasts a transfer with the fee asked for; the ledger takes it', async () => {
    const to = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const { txid, transaction } = (await answer('stx_transferStx', { sender: key.address, recipient: to, amount: '250000', fee: '777', memo: 'thanks' })) as { txid: string; transaction: string }
    const tx = deserializeTransaction(transaction)
    expect(tx.txid()).toBe(txid)
    expect(tx.auth.spendingCondition.fee).toBe(777n)
    expect(tx.chainId).toBe(stacksSandboxChainId)
    node.mine()
    expect(await ustxOf(to)).toBe(250_000n)
  })

  it('stx_signTransaction signs a transaction the site built, and broadcasts it only when asked', async () => {
    const to = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const { nonce } = node.ledger.account(key.address)
    const unsigned = await makeUnsignedSTXTokenTransfer({ recipient: to, amount: 1_000n, fee: 500n, nonce: nonce + BigInt(node.ledger.pendingCount()), publicKey: bytesToHex(key.publicKey), network: { ...STACKS_TESTNET, chainId: stacksSandboxChainId } })
    const signed = (await answer('stx_signTransaction', { transaction: unsigned.serialize() })) as { transaction: string; txid?: string }
    expect(signed.txid).toBeUndefined()
    expect(node.ledger.submit(Uint8Array.from(Buffer.from(signed.transaction, 'hex'))).status).toBe('pending')
    node.mine()
    expect(await ustxOf(to)).toBe(1_000n)
  })

  it('refuses another account (4100), bad params (-32602) and other methods (-32601), broadcasting nothing', async () => {
    const other = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const before = await ustxOf(key.address)
    expect(await codeOf(answer('stx_signMessage', { message: 'x', address: other }))).toBe(4100)
    expect(await codeOf(answer('stx_transferStx', { sender: other, recipient: other, amount: '1' }))).toBe(4100)
    for (const params of [{ recipient: other, amount: '-1' }, { recipient: other, amount: '0' }, { recipient: other, amount: '1.5' }, { recipient: other, amount: 5 }, { recipient: 'nope', amount: '1' }, { recipient: other, amount: '1', memo: 'x'.repeat(35) }, { recipient: other, amount: '1', fee: 'lots' }, null]) {
      expect(await codeOf(answer('stx_transferStx', params)), JSON.stringify(params)).toBe(-32602)
    }
    expect(await codeOf(answer('stx_signMessage', { message: 5 }))).toBe(-32602)
    expect(await codeOf(answer('stx_signTransaction', { transaction: 'zz' }))).toBe(-32602)
    expect(await codeOf(answer('stx_signTransaction', { transaction: 'ab'.repeat(40) }))).toBe(-32602)
    for (const params of [{}, { name: '1bad', clarityCode: '(ok u1)' }, { name: 'ok', clarityCode: 5 }, { name: 'ok', clarityCode: '(ok u1)', clarityVersion: 9 }]) {
      expect(await codeOf(answer('stx_deployContract', params)), JSON.stringify(params)).toBe(-32602)
    }
    expect(await codeOf(answer('stx_signStructuredMessage', {}))).toBe(-32601)
    // More than the balance: the node refuses it, answered as -32603 with the node's reason and what it said.
    const refusal = await answer('stx_transferStx', { recipient: other, amount: '99999999999', fee: '500' }).catch((error: StacksRequestError) => error)
    expect(refusal).toMatchObject({ code: -32603, message: expect.stringMatching(/^The node refused the transaction: NotEnoughFunds/) })
    node.mine()
    expect(await ustxOf(key.address)).toBe(before)
  })

  it('stx_deployContract builds, signs and broadcasts a contract deploy; the ledger serves its source once mined', async () => {
    const name = `hello-${Date.now().toString(36)}`
    const clarityCode = '(define-read-only (hello) (ok "hello"))'
    const { txid, transaction } = (await answer('stx_deployContract', { name, clarityCode, clarityVersion: 2, address: key.address })) as { txid: string; transaction: string }
    const tx = deserializeTransaction(transaction)
    expect(tx.txid()).toBe(txid)
    expect(tx.payload).toMatchObject({ contractName: { content: name }, codeBody: { content: clarityCode }, clarityVersion: 2 })
    node.mine()
    expect(await (await fetch(`${node.url}/v2/contracts/source/${key.address}/${name}`)).json()).toMatchObject({ source: clarityCode })
    // The same name again: the node refuses it, and the wallet says why.
    await expect(answer('stx_deployContract', { name, clarityCode })).rejects.toMatchObject({ code: -32603, message: expect.stringContaining('ContractAlreadyExists') })
  })
})
