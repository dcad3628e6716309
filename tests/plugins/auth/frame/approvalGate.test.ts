// The frame's approval gate in Node (issue 48): every signing method waits for a decision bound
// to its request id and payload hash; Reject, a cancel, a spent or mismatched approval sign
// nothing; the screen's model decodes messages, ERC-20 and SPL transfers, network and fee; a site
// may skip the screen for plain messages only. The DOM screen and the hostile page scripts run in
// real Chromium: tests/e2e/auth/approval.test.ts.
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { encodeFunctionData, erc20Abi, verifyMessage, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ApprovalDecision, ApprovalPrompt, Approver } from '../../../../plugins/auth/frame/approval/createApprovalGate.js'
import { payloadHash } from '../../../../plugins/auth/frame/approval/createApprovalGate.js'
import { createFrameHandler } from '../../../../plugins/auth/frame/handler/createFrameHandler.js'
import type { FrameEvent, FrameResponse } from '../../../../plugins/auth/protocol.js'
import { fakeAuthServer } from './fakeAuthServer.js'
import { memoryStorage } from './memoryStorage.js'

const site = 'http://127.0.0.1:4700'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const mint = '3qSYR2We8Lnf9xRrwWrqjkjNEbmZcAvSFsdVNkatKQQx'
const solanaChain = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const config = {
  projectId: 'demo',
  allowedOrigins: ['http://127.0.0.1:*'],
  apiBase: '/auth/v1',
  rpcBase: '/v1/',
  chains: [
    { caipNetworkId: 'eip155:31337', name: 'Portico Devnet A', nativeCurrency: { symbol: 'ETH', decimals: 18 }, tokens: [{ address: token, symbol: 'pUSD', decimals: 6 }] },
    { caipNetworkId: solanaChain, name: 'Portico Solana Localnet', nativeCurrency: { symbol: 'SOL', decimals: 9 }, tokens: [{ address: mint, symbol: 'pUSD', decimals: 6 }] },
  ],
}

/** A visitor whose decisions the test makes, prompt by prompt. */
function visitor() {
  const prompts: { prompt: ApprovalPrompt; decide: (d: ApprovalDecision) => void; closed: boolean; othersOpen: number }[] = []
  let waiting: ((count: number) => void)[] = []
  const approver: Approver = (prompt) => {
    let decide!: (d: ApprovalDecision) => void
    const decision = new Promise<ApprovalDecision>((resolve) => {
      decide = resolve
    })
    const entry = { prompt, decide, closed: false, othersOpen: prompts.filter((p) => !p.closed).length }
    prompts.push(entry)
    const listeners = waiting
    waiting = []
    for (const w of listeners) w(prompts.length)
    return { decision, close: () => void (entry.closed = true) }
  }
  /** Waits until the n-th prompt (1-based) shows. */
  const shown = (n: number) =>
    new Promise<(typeof prompts)[number]>((resolve) => {
      if (prompts.length >= n) return resolve(prompts[n - 1]!)
      const check = (count: number) => (count >= n ? resolve(prompts[n - 1]!) : waiting.push(check))
      waiting.push(check)
    })
  return { approver, prompts, shown }
}

async function loggedIn(options: { skipMessageApproval?: boolean; approver?: Approver | null } = {}) {
  const server = fakeAuthServer()
  const v = visitor()
  const handler = createFrameHandler({
    config,
    frameOrigin: 'http://127.0.0.1:4711',
    fetch: server.fetch as typeof fetch,
    storage: memoryStorage(),
    ...(options.approver === null ? {} : { approver: options.approver ?? v.approver }),
    ...(options.skipMessageApproval ? { skipMessageApproval: true } : {}),
  })
  const events: FrameEvent[] = []
  handler.connect(site, (event) => events.push(event))
  let id = 0
  const call = async (method: string, params?: unknown): Promise<FrameResponse> => (await handler.handle({ id: ++id, method, ...(params === undefined ? {} : { params }) }, site))!
  await call('emailStart', { email: 'gate@example.com' })
  const state = (await call('emailVerify', { code: server.sentCodes.at(-1) })) as { result: { accounts: { eip155: Hex; solana: string } } }
  return { server, call, events, v, accounts: state.result.accounts }
}

const rowsOf = (prompt: ApprovalPrompt) => Object.fromEntries(prompt.model.rows.map((r) => [r.label, r.value]))

describe('the approval gate', () => {
  it('holds personal_sign until the visitor approves; the approval binds the request id and payload hash', async () => {
    const { call, v, events, accounts } = await loggedIn()
    const params = ['0x48656c6c6f2c20506f727469636f', accounts.eip155]
    const answer = call('request', { chainId: 'eip155:31337', method: 'personal_sign', params })
    const first = await v.shown(1)
    expect(first.prompt.model).toMatchObject({ kind: 'message', title: 'Sign a message', message: 'Hello, Portico', origin: site, network: 'Portico Devnet A (eip155:31337)' })
    expect(first.prompt.payloadHash).toBe(payloadHash({ chainId: 'eip155:31337', method: 'personal_sign', params }))
    expect(events).toContainEqual({ event: 'approval', data: { pending: true, kind: 'message' } })
    first.decide({ approved: true, requestId: first.prompt.requestId, payloadHash: first.prompt.payloadHash })
    const signed = (await answer) as { result: Hex }
    expect(await verifyMessage({ address: accounts.eip155, message: 'Hello, Portico', signature: signed.result })).toBe(true)
    expect(events.at(-1)).toEqual({ event: 'approval', data: { pending: false } })
    expect(first.closed).toBe(true)
  })

  it('Reject answers USER_REJECTED and sends nothing to the chain', async () => {
    const { call, v, server, accounts } = await loggedIn()
    const answer = call('request', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: accounts.eip155, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000' }] })
    const prompt = await v.shown(1)
    expect(prompt.prompt.model.title).toBe('Send 0.01 ETH')
    expect(rowsOf(prompt.prompt)).toMatchObject({ Amount: '0.01 ETH', Recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    // 21000 gas × viem's maxFeePerGas (base fee 1 gwei × 1.2 + tip 1 gwei = 2.2 gwei) = 0.0000462 ETH.
    expect(rowsOf(prompt.prompt)['Estimated fee']).toBe('up to 0.0000462 ETH')
    prompt.decide({ approved: false })
    expect(await answer).toMatchObject({ error: { code: 'USER_REJECTED' } })
    expect(server.rpc.map((r) => r.method)).not.toContain('eth_sendRawTransaction')
  })

  it('an approval answers one request only: a second identical request asks again, and a spent or foreign approval signs nothing', async () => {
    const { call, v, accounts } = await loggedIn()
    const params = ['Pay 10 pUSD', accounts.eip155]
    const one = call('request', { chainId: 'eip155:31337', method: 'personal_sign', params })
    const first = await v.shown(1)
    first.decide({ approved: true, requestId: first.prompt.requestId, payloadHash: first.prompt.payloadHash })
    expect(await one).toHaveProperty('result')
    // The same request again: a new prompt with a new id; the first approval, replayed, is refused.
    const two = call('request', { chainId: 'eip155:31337', method: 'personal_sign', params })
    const second = await v.shown(2)
    expect(second.prompt.requestId).not.toBe(first.prompt.requestId)
    expect(second.prompt.payloadHash).toBe(first.prompt.payloadHash)
    second.decide({ approved: true, requestId: first.prompt.requestId, payloadHash: first.prompt.payloadHash })
    expect(await two).toMatchObject({ error: { code: 'USER_REJECTED', message: 'The approval does not match this request' } })
    // An approval for another payload is refused too.
    const three = call('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['Pay 1000 pUSD', accounts.eip155] })
    const third = await v.shown(3)
    third.decide({ approved: true, requestId: third.prompt.requestId, payloadHash: first.prompt.payloadHash })
    expect(await three).toMatchObject({ error: { code: 'USER_REJECTED' } })
  })

  it('shows one prompt at a time: the second waits for the first decision', async () => {
    const { call, v, accounts } = await loggedIn()
    const one = call('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['first', accounts.eip155] })
    const first = await v.shown(1)
    const two = call('request', { chainId: solanaChain, method: 'solana_signMessage', params: { message: base58.encode(new TextEncoder().encode('second')), pubkey: accounts.solana } })
    first.decide({ approved: false })
    expect(await one).toMatchObject({ error: { code: 'USER_REJECTED' } })
    // The second request was not answered meanwhile (it waits on its prompt).
    expect(await Promise.race([two.then((a) => JSON.stringify(a)), v.shown(2).then(() => 'prompt')])).toBe('prompt')
    const second = await v.shown(2)
    // It showed only once the first was gone.
    expect(second.othersOpen).toBe(0)
    expect(second.prompt.model).toMatchObject({ kind: 'message', message: 'second', network: 'Portico Solana Localnet (solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1)' })
    second.decide({ approved: true, requestId: second.prompt.requestId, payloadHash: second.prompt.payloadHash })
    const { result } = (await two) as { result: { signature: string } }
    expect(ed25519.verify(base58.decode(result.signature), new TextEncoder().encode('second'), base58.decode(accounts.solana))).toBe(true)
  })

  it('cancelApproval (the site closed its modal) and logout reject the prompt on screen', async () => {
    const { call, v, accounts } = await loggedIn()
    const one = call('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['x', accounts.eip155] })
    const first = await v.shown(1)
    expect(await call('cancelApproval')).toEqual({ id: expect.any(Number), result: null })
    expect(await one).toMatchObject({ error: { code: 'USER_REJECTED' } })
    expect(first.closed).toBe(true)
    const two = call('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['y', accounts.eip155] })
    await v.shown(2)
    await call('logout')
    expect(await two).toMatchObject({ error: { code: 'USER_REJECTED' } })
  })

  it('without an approval screen the frame signs nothing (reads still answer)', async () => {
    const { call, accounts } = await loggedIn({ approver: null })
    expect(await call('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['x', accounts.eip155] })).toMatchObject({ error: { code: 'USER_REJECTED' } })
    expect(await call('request', { chainId: 'eip155:31337', method: 'eth_accounts' })).toMatchObject({ result: [accounts.eip155] })
  })

  it('messageApproval skip: plain messages sign without the screen; typed data and transactions still ask', async () => {
    const { call, v, accounts } = await loggedIn({ skipMessageApproval: true })
    const signed = (await call('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['no screen', accounts.eip155] })) as { result: Hex }
    expect(await verifyMessage({ address: accounts.eip155, message: 'no screen', signature: signed.result })).toBe(true)
    expect(v.prompts).toHaveLength(0)
    const typed = { domain: { name: 'Token', chainId: 31337, verifyingContract: token }, types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'value', type: 'uint256' }] }, primaryType: 'Permit', message: { owner: accounts.eip155, value: '1000' } }
    const answer = call('request', { chainId: 'eip155:31337', method: 'eth_signTypedData_v4', params: [accounts.eip155, JSON.stringify(typed)] })
    const prompt = await v.shown(1)
    expect(prompt.prompt.model).toMatchObject({ kind: 'typedData', warning: expect.stringContaining('move your tokens') })
    expect(rowsOf(prompt.prompt)).toMatchObject({ Type: 'Permit', Application: 'Token', owner: accounts.eip155, value: '1000' })
    prompt.decide({ approved: false })
    expect(await answer).toMatchObject({ error: { code: 'USER_REJECTED' } })
  })
})

describe('what the screen shows', () => {
  it('decodes an ERC-20 transfer with the token the server knows, and warns about a call it cannot decode', async () => {
    const { call, v, accounts } = await loggedIn()
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 12_500_000n] })
    void call('request', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: accounts.eip155, to: token, data }] })
    const transfer = await v.shown(1)
    expect(transfer.prompt.model).toMatchObject({ kind: 'transaction', title: 'Send 12.5 pUSD' })
    expect(transfer.prompt.model.warning).toBeUndefined()
    expect(rowsOf(transfer.prompt)).toMatchObject({ Amount: '12.5 pUSD', Recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', Token: token })
    transfer.decide({ approved: false })
    void call('request', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: accounts.eip155, to: token, data: '0xdeadbeef00' }] })
    const unknown = await v.shown(2)
    expect(unknown.prompt.model).toMatchObject({ title: 'Call a contract', warning: expect.stringContaining('cannot decode') })
    unknown.decide({ approved: false })
  })

  it('decodes a SOL transfer and an SPL TransferChecked (recipient from the token account created alongside, a memo beside it) with the fee', async () => {
    const { call, v, accounts } = await loggedIn()
    const payer = base58.decode(accounts.solana)
    const recipient = new Uint8Array(32).fill(7)
    const system = new Uint8Array(32)
    const blockhash = new Uint8Array(32).fill(9)
    const lamports = new Uint8Array(8)
    new DataView(lamports.buffer).setBigUint64(0, 250_000_000n, true)
    // keys [payer (signer, writable), recipient (writable), system program (readonly)]
    const message = Uint8Array.from([1, 0, 1, 3, ...payer, ...recipient, ...system, ...blockhash, 1, 2, 2, 0, 1, 12, 2, 0, 0, 0, ...lamports])
    const unsigned = Uint8Array.from([1, ...new Uint8Array(64), ...message])
    void call('request', { chainId: solanaChain, method: 'solana_signTransaction', params: { transaction: base64.encode(unsigned) } })
    const sol = await v.shown(1)
    expect(sol.prompt.model).toMatchObject({ kind: 'transaction', title: 'Send 0.25 SOL', network: 'Portico Solana Localnet (solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1)' })
    expect(rowsOf(sol.prompt)).toMatchObject({ Amount: '0.25 SOL', Recipient: base58.encode(recipient), 'Estimated fee': '0.000005 SOL' })
    sol.decide({ approved: false })

    // SPL: create the recipient's token account, then TransferChecked 2.5 pUSD (6 decimals).
    const source = new Uint8Array(32).fill(3)
    const destination = new Uint8Array(32).fill(4)
    const mintKey = base58.decode(mint)
    const tokenProgram = base58.decode('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    const ataProgram = base58.decode('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
    // And a memo (the SPL Memo program), which is no reason for a warning.
    const memoProgram = base58.decode('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
    const keys = [payer, source, destination, recipient, mintKey, system, tokenProgram, ataProgram, memoProgram]
    const amount = new Uint8Array(8)
    new DataView(amount.buffer).setBigUint64(0, 2_500_000n, true)
    const ix = (program: number, accounts: number[], data: number[]) => [program, accounts.length, ...accounts, data.length, ...data]
    const splMessage = Uint8Array.from([
      1, 0, 6, keys.length, ...keys.flatMap((k) => [...k]), ...blockhash, 3,
      ...ix(7, [0, 2, 3, 4, 5, 6], [1]),
      ...ix(6, [1, 4, 2, 0], [12, ...amount, 6]),
      ...ix(8, [0], [...new TextEncoder().encode('Order 42')]),
    ])
    void call('request', { chainId: solanaChain, method: 'solana_signAndSendTransaction', params: { transaction: base64.encode(Uint8Array.from([1, ...new Uint8Array(64), ...splMessage])) } })
    const spl = await v.shown(2)
    expect(spl.prompt.model.title).toBe('Send 2.5 pUSD')
    expect(spl.prompt.model.warning).toBeUndefined()
    expect(rowsOf(spl.prompt)).toMatchObject({ Amount: '2.5 pUSD', Recipient: base58.encode(recipient), 'Token mint': mint, 'Estimated fee': '0.000005 SOL' })
    spl.decide({ approved: false })
  })

  it('warns about message bytes that are not text, and refuses a transaction for another signer before asking', async () => {
    const { call, v, accounts } = await loggedIn()
    void call('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['0x00ff10', accounts.eip155] })
    const bytes = await v.shown(1)
    expect(bytes.prompt.model).toMatchObject({ message: '0x00ff10', warning: expect.stringContaining('not text') })
    bytes.decide({ approved: false })
    const other = Uint8Array.from([1, ...new Uint8Array(64), 1, 0, 1, 2, ...new Uint8Array(32).fill(5), ...new Uint8Array(32), ...new Uint8Array(32).fill(9), 0])
    expect(await call('request', { chainId: solanaChain, method: 'solana_signTransaction', params: { transaction: base64.encode(other) } })).toMatchObject({ error: { code: 'INVALID_PARAMS' } })
    expect(v.prompts).toHaveLength(1)
  })
})
