import { STACKS_TESTNET } from '@stacks/network'
import {
  Cl,
  broadcastTransaction,
  deserializeTransaction,
  fetchFeeEstimate,
  fetchNonce,
  makeContractCall,
  makeContractDeploy,
  makeSTXTokenTransfer,
  privateKeyToAddress,
  randomPrivateKey,
  validateStacksAddress,
} from '@stacks/transactions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devStacksKey, stacksDeployerDerivationPath } from '../../../sandbox/stacks/devStacks.js'
import { stacksFeeRate, stacksFeeRateTiers, stacksPorticoUsd, stacksSandboxChainId, stacksSandboxTransactionVersion } from '../../../sandbox/stacks/stacksSandboxChain.js'
import { type StacksNode, startStacksNode } from '../../../sandbox/stacks/startStacksNode.js'

// The Stacks ledger driven by the official SDK, unchanged: @stacks/transactions builds, signs
// (its own @noble/secp256k1), reads nonces and fee estimates from the ledger's node API and
// broadcasts to it; the ledger checks signatures on the raw bytes with @noble/curves.
let node: StacksNode
let network: typeof STACKS_TESTNET
const deployer = devStacksKey(stacksDeployerDerivationPath).address
const tokenContract = { contractAddress: deployer, contractName: stacksPorticoUsd.contractName }
const hex = (key: Uint8Array) => Buffer.from(key).toString('hex')
const funded = randomPrivateKey()
const fundedAddress = privateKeyToAddress(funded, 'testnet')

async function account(address: string) {
  const response = await fetch(`${node.url}/v2/accounts/${address}?proof=0`)
  const body = (await response.json()) as { balance: string; nonce: number }
  return { balance: BigInt(body.balance), nonce: body.nonce }
}
async function broadcastRaw(bytes: Uint8Array) {
  const response = await fetch(`${node.url}/v2/transactions`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from(bytes) })
  return { status: response.status, body: (await response.json()) as { reason?: string; reason_data?: Record<string, unknown> } | string }
}

beforeAll(async () => {
  node = await startStacksNode({
    chainId: stacksSandboxChainId,
    transactionVersion: stacksSandboxTransactionVersion,
    feeRate: stacksFeeRate,
    feeRateTiers: [...stacksFeeRateTiers] as [bigint, bigint, bigint],
    token: { contractAddress: deployer, contractName: stacksPorticoUsd.contractName, assetName: stacksPorticoUsd.assetName },
  })
  network = { ...STACKS_TESTNET, chainId: stacksSandboxChainId, client: { baseUrl: node.url } }
  node.ledger.genesis(fundedAddress, 10_000_000n)
  node.ledger.mintToken(fundedAddress, 2_000_000n)
})
afterAll(async () => {
  await node?.stop()
})

describe('the Stacks ledger, driven by @stacks/transactions', () => {
  it('serves /v2/info with its chain id', async () => {
    const info = (await (await fetch(`${node.url}/v2/info`)).json()) as { network_id: number; stacks_tip_height: number }
    expect(info.network_id).toBe(stacksSandboxChainId)
    expect(info.stacks_tip_height).toBe(0)
  })

  it('transfers STX with the nonce and fee the SDK reads from the ledger, and balances follow', async () => {
    const recipient = privateKeyToAddress(randomPrivateKey(), 'testnet')
    expect(validateStacksAddress(recipient)).toBe(true)
    const before = await account(fundedAddress)
    expect(before).toEqual({ balance: 10_000_000n, nonce: 0 })
    // No nonce and no fee given: the SDK asks /extended/v1/address/:a/nonces and POST /v2/fees/transaction.
    const tx = await makeSTXTokenTransfer({ recipient, amount: 1_234_567n, memo: 'sdk test', senderKey: funded, network })
    expect(tx.auth.spendingCondition.nonce).toBe(0n)
    const fee = tx.auth.spendingCondition.fee
    expect(fee).toBe(BigInt(tx.serializeBytes().length) * stacksFeeRateTiers[1])
    const result = await broadcastTransaction({ transaction: tx, network })
    expect(result).toEqual({ txid: tx.txid() })

    const pending = (await (await fetch(`${node.url}/extended/v1/tx/0x${tx.txid()}`)).json()) as { tx_status: string }
    expect(pending.tx_status).toBe('pending')
    expect(await fetchNonce({ address: fundedAddress, network })).toBe(1n)
    node.mine()

    const confirmed = (await (await fetch(`${node.url}/extended/v1/tx/0x${tx.txid()}`)).json()) as { tx_status: string; token_transfer: { recipient_address: string; amount: string }; fee_rate: string; block_height: number }
    expect(confirmed).toMatchObject({ tx_status: 'success', token_transfer: { recipient_address: recipient, amount: '1234567' }, fee_rate: String(fee), block_height: 1 })
    expect(await account(recipient)).toEqual({ balance: 1_234_567n, nonce: 0 })
    expect(await account(fundedAddress)).toEqual({ balance: 10_000_000n - 1_234_567n - fee, nonce: 1 })
    const balances = (await (await fetch(`${node.url}/extended/v1/address/${recipient}/balances`)).json()) as { stx: { balance: string } }
    expect(balances.stx.balance).toBe('1234567')
  })

  it('estimates fees for the SDK (fetchFeeEstimate takes the middle rate)', async () => {
    const tx = await makeSTXTokenTransfer({ recipient: deployer, amount: 1n, senderKey: funded, network, nonce: 99n, fee: 1n })
    expect(BigInt(await fetchFeeEstimate({ transaction: tx, network }))).toBe(BigInt(tx.serializeBytes().length) * stacksFeeRateTiers[1])
  })

  it('refuses a replayed transaction and a wrong nonce (BadNonce), and nothing moves', async () => {
    const recipient = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const tx = await makeSTXTokenTransfer({ recipient, amount: 1_000n, senderKey: funded, network })
    expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() })
    node.mine()
    const after = await account(fundedAddress)
    const replay = await broadcastTransaction({ transaction: tx, network })
    expect(replay).toMatchObject({ error: 'transaction rejected', reason: 'BadNonce', reason_data: { expected: after.nonce, actual: after.nonce - 1 } })
    const ahead = await makeSTXTokenTransfer({ recipient, amount: 1_000n, senderKey: funded, network, nonce: BigInt(after.nonce + 5) })
    expect(await broadcastTransaction({ transaction: ahead, network })).toMatchObject({ reason: 'BadNonce', reason_data: { expected: after.nonce, actual: after.nonce + 5 } })
    node.mine()
    expect(await account(fundedAddress)).toEqual(after)
    expect(await account(recipient)).toEqual({ balance: 1_000n, nonce: 0 })
  })

  it('refuses a transaction tampered after signing, and one signed by another key (SignatureValidation)', async () => {
    const recipient = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const tx = await makeSTXTokenTransfer({ recipient, amount: 5_000n, senderKey: funded, network })
    const bytes = tx.serializeBytes()
    // The amount is the 8 bytes before the 34-byte memo at the end: 5,000 → 5,000,000.
    const tampered = bytes.slice()
    new DataView(tampered.buffer).setBigUint64(tampered.length - 34 - 8, 5_000_000n)
    expect(await broadcastRaw(tampered)).toMatchObject({ status: 400, body: { reason: 'SignatureValidation' } })

    // The origin names the funded account but the signature is another key's.
    const forged = await makeSTXTokenTransfer({ recipient, amount: 5_000n, senderKey: randomPrivateKey(), network, nonce: tx.auth.spendingCondition.nonce, fee: tx.auth.spendingCondition.fee })
    const forgedBytes = forged.serializeBytes()
    forgedBytes.set(bytes.subarray(7, 27), 7)
    expect(await broadcastRaw(forgedBytes)).toMatchObject({ status: 400, body: { reason: 'SignatureValidation' } })
    node.mine()
    expect(await account(recipient)).toEqual({ balance: 0n, nonce: 0 })
    // The untouched transaction still goes through.
    expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() })
  })

  it('refuses another chain id (a public-testnet transaction), a fee below the rate and more than the balance', async () => {
    const recipient = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const { nonce } = await account(fundedAddress)
    const pendingNonce = BigInt(nonce + node.ledger.pendingCount())
    const testnetTx = await makeSTXTokenTransfer({ recipient, amount: 1n, senderKey: funded, network: { ...network, chainId: STACKS_TESTNET.chainId }, nonce: pendingNonce, fee: 500n })
    expect(await broadcastRaw(testnetTx.serializeBytes())).toMatchObject({ status: 400, body: { reason: 'BadTransactionVersion' } })
    const cheap = await makeSTXTokenTransfer({ recipient, amount: 1n, senderKey: funded, network, nonce: pendingNonce, fee: 10n })
    expect(await broadcastTransaction({ transaction: cheap, network })).toMatchObject({ reason: 'FeeTooLow', reason_data: { expected: cheap.serializeBytes().length, actual: 10 } })
    const tooMuch = await makeSTXTokenTransfer({ recipient, amount: 50_000_000n, senderKey: funded, network, nonce: pendingNonce, fee: 500n })
    expect(await broadcastTransaction({ transaction: tooMuch, network })).toMatchObject({ reason: 'NotEnoughFunds' })
    const garbage = await broadcastRaw(new Uint8Array([0x80, 1, 2, 3]))
    expect(garbage).toMatchObject({ status: 400, body: { reason: 'Deserialization' } })
  })

  it('runs SIP-010 transfers of its token (contract-call transfer), and aborts one the sender cannot pay, fee charged', async () => {
    node.mine()
    const recipient = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const call = (amount: bigint) =>
      makeContractCall({ ...tokenContract, functionName: 'transfer', functionArgs: [Cl.uint(amount), Cl.principal(fundedAddress), Cl.principal(recipient), Cl.none()], senderKey: funded, network, postConditionMode: 'allow' })
    const ok = await call(250_000n)
    expect(await broadcastTransaction({ transaction: ok, network })).toEqual({ txid: ok.txid() })
    const tooMuch = await call(9_000_000n)
    expect(await broadcastTransaction({ transaction: tooMuch, network })).toEqual({ txid: tooMuch.txid() })
    const before = await account(fundedAddress)
    node.mine()
    const tokenId = `${deployer}.${stacksPorticoUsd.contractName}::${stacksPorticoUsd.assetName}`
    const balances = (await (await fetch(`${node.url}/extended/v1/address/${recipient}/balances`)).json()) as { fungible_tokens: Record<string, { balance: string }> }
    expect(balances.fungible_tokens[tokenId]?.balance).toBe('250000')
    const aborted = (await (await fetch(`${node.url}/extended/v1/tx/${tooMuch.txid()}`)).json()) as { tx_status: string; tx_result: { repr: string } }
    expect(aborted).toMatchObject({ tx_status: 'abort_by_response', tx_result: { repr: '(err u1)' } })
    expect((await account(fundedAddress)).balance).toBe(before.balance - ok.auth.spendingCondition.fee - tooMuch.auth.spendingCondition.fee)
    // Deny mode: a transfer the post conditions do not allow aborts (fee paid, nothing moves); one they allow runs.
    const denied = await makeContractCall({ ...tokenContract, functionName: 'transfer', functionArgs: [Cl.uint(100n), Cl.principal(fundedAddress), Cl.principal(recipient), Cl.none()], senderKey: funded, network, postConditionMode: 'deny' })
    const guarded = await makeContractCall({
      ...tokenContract,
      functionName: 'transfer',
      functionArgs: [Cl.uint(100n), Cl.principal(fundedAddress), Cl.principal(recipient), Cl.none()],
      senderKey: funded,
      network,
      nonce: denied.auth.spendingCondition.nonce + 1n,
      postConditionMode: 'deny',
      postConditions: [{ type: 'ft-postcondition', address: fundedAddress, condition: 'eq', amount: '100', asset: tokenId as `${string}.${string}::${string}` }],
    })
    expect(await broadcastTransaction({ transaction: denied, network })).toEqual({ txid: denied.txid() })
    expect(await broadcastTransaction({ transaction: guarded, network })).toEqual({ txid: guarded.txid() })
    node.mine()
    expect(((await (await fetch(`${node.url}/extended/v1/tx/${denied.txid()}`)).json()) as { tx_status: string }).tx_status).toBe('abort_by_post_condition')
    expect(((await (await fetch(`${node.url}/extended/v1/tx/${guarded.txid()}`)).json()) as { tx_status: string }).tx_status).toBe('success')
    const after = (await (await fetch(`${node.url}/extended/v1/address/${recipient}/balances`)).json()) as { fungible_tokens: Record<string, { balance: string }> }
    expect(after.fungible_tokens[tokenId]?.balance).toBe('250100')
    const unknown = await makeContractCall({ contractAddress: deployer, contractName: 'nope', functionName: 'transfer', functionArgs: [], senderKey: funded, network, fee: 1_000n, validateWithAbi: false })
    expect(await broadcastTransaction({ transaction: unknown, network })).toMatchObject({ reason: 'NoSuchContract' })
  })

  it('keeps a transfer\'s memo: the STX memo and a SIP-010 (some (buff 34)) memo read back from the blockchain API as the SDK wrote them', async () => {
    node.mine()
    const recipient = privateKeyToAddress(randomPrivateKey(), 'testnet')
    // 33 bytes of UTF-8: accents and an emoji take more than one byte each.
    const memo = 'café ☕ invoice #42 — paid'
    expect(new TextEncoder().encode(memo).length).toBeLessThanOrEqual(34)
    const stx = await makeSTXTokenTransfer({ recipient, amount: 7_000n, memo, senderKey: funded, network })
    // What the SDK itself reads out of the signed bytes.
    const parsed = deserializeTransaction(stx.serialize()).payload as { memo: { content: string } }
    expect(parsed.memo.content.replace(/\0+$/, '')).toBe(memo)
    expect(await broadcastTransaction({ transaction: stx, network })).toEqual({ txid: stx.txid() })
    const tokenMemo = 'SIP-010 ✓ memo'
    const token = await makeContractCall({
      ...tokenContract,
      functionName: 'transfer',
      functionArgs: [Cl.uint(3n), Cl.principal(fundedAddress), Cl.principal(recipient), Cl.some(Cl.bufferFromUtf8(tokenMemo))],
      senderKey: funded,
      network,
      postConditionMode: 'allow',
    })
    expect(await broadcastTransaction({ transaction: token, network })).toEqual({ txid: token.txid() })
    node.mine()
    const stxJson = (await (await fetch(`${node.url}/extended/v1/tx/0x${stx.txid()}`)).json()) as { tx_status: string; token_transfer: { memo: string } }
    expect(stxJson.tx_status).toBe('success')
    // As the Hiro API answers it: the 34 memo bytes as hex, zero-padded.
    expect(stxJson.token_transfer.memo).toMatch(/^0x[0-9a-f]{68}$/)
    expect(Buffer.from(stxJson.token_transfer.memo.slice(2), 'hex').toString('utf8').replace(/\0+$/, '')).toBe(memo)
    const tokenJson = (await (await fetch(`${node.url}/extended/v1/tx/0x${token.txid()}`)).json()) as { tx_status: string; contract_call: { function_args: { name: string; repr: string }[] } }
    expect(tokenJson.tx_status).toBe('success')
    const memoArg = tokenJson.contract_call.function_args.find((a) => a.name === 'memo')
    expect(memoArg?.repr).toBe(`(some 0x${Buffer.from(tokenMemo, 'utf8').toString('hex')})`)
    expect(node.ledger.tx(token.txid())?.memo).toBe(tokenMemo)
    // The recipient's history lists both, memo included.
    const history = (await (await fetch(`${node.url}/extended/v1/address/${recipient}/transactions`)).json()) as { results: { tx_id: string; token_transfer?: { memo: string } }[] }
    expect(history.results.map((r) => r.tx_id).sort()).toEqual([`0x${stx.txid()}`, `0x${token.txid()}`].sort())
  })

  it('refuses a SIP-010 memo that is not (optional (buff 34)): too long, or not a buffer', async () => {
    const recipient = privateKeyToAddress(randomPrivateKey(), 'testnet')
    const before = await account(fundedAddress)
    const pendingNonce = BigInt(before.nonce + node.ledger.pendingCount())
    for (const memoArg of [Cl.some(Cl.buffer(new Uint8Array(35))), Cl.some(Cl.uint(1n)), Cl.uint(1n)]) {
      const bad = await makeContractCall({ ...tokenContract, functionName: 'transfer', functionArgs: [Cl.uint(1n), Cl.principal(fundedAddress), Cl.principal(recipient), memoArg], senderKey: funded, network, nonce: pendingNonce, fee: 5_000n, postConditionMode: 'allow', validateWithAbi: false })
      expect(await broadcastTransaction({ transaction: bad, network })).toMatchObject({ error: 'transaction rejected', reason: 'BadFunctionArgument' })
    }
    // The SDK itself refuses an STX memo over 34 bytes before anything is signed.
    await expect(makeSTXTokenTransfer({ recipient, amount: 1n, memo: 'x'.repeat(35), senderKey: funded, network, nonce: pendingNonce, fee: 500n })).rejects.toThrow()
    node.mine()
    expect(await account(fundedAddress)).toEqual(before)
  })

  it('deploys a contract (makeContractDeploy): its source is served once mined, fee paid; a second deploy of the name and a call into it are refused', async () => {
    node.mine()
    const name = `counter-${Date.now().toString(36)}`
    const contractId = `${fundedAddress}.${name}`
    const source = '(define-data-var count uint u0)\n(define-public (increment) (begin (var-set count (+ (var-get count) u1)) (ok (var-get count))))'
    const before = await account(fundedAddress)
    // No nonce and no fee given: the SDK reads them from the ledger; a versioned smart contract (Clarity 4 by default).
    const deploy = await makeContractDeploy({ contractName: name, codeBody: source, senderKey: funded, network })
    expect(await broadcastTransaction({ transaction: deploy, network })).toEqual({ txid: deploy.txid() })
    expect((await fetch(`${node.url}/v2/contracts/source/${fundedAddress}/${name}`)).status).toBe(404)
    const again = await makeContractDeploy({ contractName: name, codeBody: '(define-read-only (x) u1)', senderKey: funded, network, nonce: deploy.auth.spendingCondition.nonce + 1n, fee: 5_000n, clarityVersion: 2 })
    expect(await broadcastTransaction({ transaction: again, network })).toMatchObject({ error: 'transaction rejected', reason: 'ContractAlreadyExists' })
    node.mine()
    const served = (await (await fetch(`${node.url}/v2/contracts/source/${fundedAddress}/${name}`)).json()) as { source: string; publish_height: number }
    expect(served).toMatchObject({ source, publish_height: node.ledger.tip().height })
    const json = (await (await fetch(`${node.url}/extended/v1/tx/0x${deploy.txid()}`)).json()) as { tx_status: string; tx_type: string; smart_contract: { contract_id: string; clarity_version: number; source_code: string } }
    expect(json).toMatchObject({ tx_status: 'success', tx_type: 'smart_contract', smart_contract: { contract_id: contractId, clarity_version: 4, source_code: source } })
    expect(await account(fundedAddress)).toEqual({ balance: before.balance - deploy.auth.spendingCondition.fee, nonce: before.nonce + 1 })
    expect(await broadcastTransaction({ transaction: again, network })).toMatchObject({ reason: 'ContractAlreadyExists' })
    const call = await makeContractCall({ contractAddress: fundedAddress, contractName: name, functionName: 'increment', functionArgs: [], senderKey: funded, network, fee: 5_000n, validateWithAbi: false })
    expect(await broadcastTransaction({ transaction: call, network })).toMatchObject({ reason: 'NoSuchPublicFunction', reason_data: { message: expect.stringContaining('no Clarity VM') } })
  })

  it('answers hostile paths with clear 4xx errors', async () => {
    expect((await fetch(`${node.url}/v2/accounts/not-an-address`)).status).toBe(400)
    expect((await fetch(`${node.url}/extended/v1/tx/zz`)).status).toBe(400)
    expect((await fetch(`${node.url}/extended/v1/tx/${'ab'.repeat(32)}`)).status).toBe(404)
    expect((await fetch(`${node.url}/v2/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"tx":5}' })).status).toBe(400)
    expect((await fetch(`${node.url}/v2/unknown`)).status).toBe(404)
    expect((await fetch(`${node.url}/v2/contracts/source/not-an-address/x`)).status).toBe(400)
    expect(hex(devStacksKey().publicKey)).toMatch(/^0[23][0-9a-f]{64}$/)
  })
})
